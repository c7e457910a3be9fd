// `npm run build -w apps/web`: the client build (Vite), then the public pages prerendered to
// HTML with React's own server renderer (src/prerender.tsx), written beside it.
//
//   dist/index.html           /  (and /index.html)       prerendered
//   dist/about/index.html     /about/                    prerendered
//   dist/download/index.html  /download/                 prerendered
//   dist/terms/index.html     /terms                     prerendered
//   dist/privacy/index.html   /privacy                   prerendered
//   dist/404.html             any unknown path (404)     prerendered
//   dist/shell.html           /story, /shop/, /login, /admin…: rendered in the browser
//
// Text assets get brotli and gzip twins (app.js.br, app.js.gz) that the server sends to
// browsers that accept them; it compresses the HTML documents itself when it reads them.
//
// Options: --out-dir <dir> (default dist), --mode <mode> (default production; the hydration
// test builds with development to get React's mismatch warnings, with no compressed twins).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import zlib from 'node:zlib';
import { build, type Manifest } from 'vite';

const WEB_ROOT = path.resolve(import.meta.dirname, '..');

interface PrerenderedPage {
  path: string;
  file: string;
  title: string;
  modules: readonly string[];
}

interface PrerenderModule {
  PAGES: readonly PrerenderedPage[];
  renderPage(path: string): Promise<string>;
}

export interface BuildOptions {
  /** Output folder, absolute or relative to apps/web. */
  outDir?: string;
  mode?: string;
  /** Vite's log level; the hydration test keeps it quiet. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JavaScript files a dynamic entry needs that the entry chunk has not already brought. */
function chunkFiles(manifest: Manifest, module: string): string[] {
  const entryFiles = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryFiles);

  if (!manifest[module]?.isDynamicEntry) {
    throw new Error(`${module} is not a lazily loaded module of the build; fix PAGES in src/prerender.tsx.`);
  }
  const files = new Set<string>();
  collect(module, files);
  return [...files].filter((file) => !entryFiles.has(file));
}

/** Vite's index.html with the page's markup in #root, its title, and preloads for its lazy chunks. */
function pageHtml(template: string, page: PrerenderedPage, markup: string, preloads: readonly string[]): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !/<title>[^<]*<\/title>/.test(template)) {
    throw new Error('index.html must have <title> and an empty <div id="root"></div>.');
  }
  const links = preloads.map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`).join('');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace('  </head>', () => `${links}  </head>`)
    .replace(root, () => `<div id="root">${markup}</div>`);
}

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);
const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset under assets/ and the public files,
 * on zlib's thread pool: brotli at its highest quality is most of this step's time, and a build
 * machine's cores share it.
 */
async function precompress(outDir: string): Promise<void> {
  const files = fs
    .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => !file.split(path.sep).some((part) => part.startsWith('.')) && COMPRESSIBLE.has(path.extname(file)),
    );
  await Promise.all(
    files.map(async (file) => {
      const source = await fs.promises.readFile(path.join(outDir, file));
      const [brotli, gzip] = await Promise.all([
        brotliCompress(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipCompress(source, { level: 9 }),
      ]);
      if (brotli.length < source.length) await fs.promises.writeFile(path.join(outDir, `${file}.br`), brotli);
      if (gzip.length < source.length) await fs.promises.writeFile(path.join(outDir, `${file}.gz`), gzip);
    }),
  );
}

export async function buildWeb(options: BuildOptions = {}): Promise<void> {
  const outDir = path.resolve(WEB_ROOT, options.outDir ?? 'dist');
  const mode = options.mode ?? 'production';
  const logLevel = options.logLevel ?? 'info';

  await build({ root: WEB_ROOT, mode, logLevel, build: { outDir, emptyOutDir: true, manifest: true } });

  // The server-side bundle of the same app, next to node_modules so its imports resolve.
  fs.mkdirSync(path.join(WEB_ROOT, 'node_modules'), { recursive: true });
  const ssrDir = fs.mkdtempSync(path.join(WEB_ROOT, 'node_modules', '.prerender-'));
  try {
    await build({
      root: WEB_ROOT,
      mode,
      logLevel,
      build: {
        ssr: 'src/prerender.tsx',
        outDir: ssrDir,
        emptyOutDir: true,
        rollupOptions: { output: { format: 'esm', entryFileNames: 'prerender.js' } },
      },
      ssr: { noExternal: ['@outpost/contracts'] },
    });
    const { PAGES, renderPage }: PrerenderModule = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);

    const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
    const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    fs.writeFileSync(path.join(outDir, 'shell.html'), template);
    for (const page of PAGES) {
      const markup = await renderPage(page.path);
      const preloads = [...new Set(page.modules.flatMap((module) => chunkFiles(manifest, module)))];
      const file = path.join(outDir, page.file);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, pageHtml(template, page, markup, preloads));
    }
    // A development build (the hydration test's) is read once on this machine: its twins would
    // only cost the build time.
    if (mode === 'production') await precompress(outDir);
    if (logLevel === 'info') console.log(`prerendered ${PAGES.map((page) => page.path).join(', ')}`);
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' }, mode: { type: 'string' } } });
  buildWeb({ outDir: values['out-dir'], mode: values.mode }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
