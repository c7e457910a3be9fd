import path from 'node:path';
import zlib from 'node:zlib';
import { minifySync, type Plugin } from 'vite';

/** Where the report lands, under the build's output folder (a dot folder the server never serves). */
export const MODULE_SIZES_FILE = '.vite/module-sizes.json';

export interface ModuleSize {
  /** Source path relative to apps/web, or the npm package path under node_modules. */
  module: string;
  /** Minified bytes (modules minified one by one; the chunk is minified as a whole). */
  bytes: number;
  /** This module's share of its chunk's gzip -9 size, by the size of the module gzipped alone. */
  gzipBytes: number;
}

export interface ChunkModules {
  /** Path under the output folder, e.g. assets/index-abc123.js. */
  file: string;
  gzipBytes: number;
  modules: ModuleSize[];
}

const gzipSize = (text: string) => zlib.gzipSync(text, { level: 9 }).length;

function moduleName(id: string, root: string): string {
  const clean = id.replace(/\?.*$/, '').replaceAll('\0', '');
  const inPackages = clean.lastIndexOf('/node_modules/');
  if (inPackages >= 0) return clean.slice(inPackages + '/node_modules/'.length);
  return path.isAbsolute(clean) ? path.relative(root, clean) : clean;
}

/**
 * Writes what each module costs in each JavaScript chunk, so a bundle budget that fails can
 * say which modules to look at (tests/bundle/bundle-size.test.ts prints it).
 */
export function moduleSizes(): Plugin {
  let root = '';
  return {
    name: 'outpost:module-sizes',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.build.ssr) return;
      const chunks: ChunkModules[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = Object.entries(output.modules)
          .filter(([, rendered]) => rendered.code)
          .map(([id, rendered]) => {
            const code = rendered.code ?? '';
            // Whitespace, comments and local names only: compressing a module alone would drop
            // its top-level code, which looks unused without the rest of the chunk.
            let minified = code;
            try {
              minified = minifySync(id, code, { compress: false, mangle: { toplevel: false } }).code;
            } catch {
              // Sized as rendered.
            }
            return { module: moduleName(id, root), bytes: minified.length, alone: gzipSize(minified) };
          });
        const gzipBytes = gzipSize(output.code);
        const aloneTotal = modules.reduce((sum, module) => sum + module.alone, 0) || 1;
        chunks.push({
          file: output.fileName,
          gzipBytes,
          modules: modules
            .map(({ module, bytes, alone }) => ({
              module,
              bytes,
              gzipBytes: Math.round((gzipBytes * alone) / aloneTotal),
            }))
            .sort((a, b) => b.gzipBytes - a.gzipBytes),
        });
      }
      this.emitFile({ type: 'asset', fileName: MODULE_SIZES_FILE, source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };
}
