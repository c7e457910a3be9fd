import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Gzipped (level 9) JavaScript a first visit to / may download: a target of 80 KiB. React and ReactDOM alone
 * take 67,439 bytes of it; measured 77,358 bytes (75.5 KiB) on 2026-11-23
 * (docs/decisions/0013-the-first-visits-javascript.md). Raise it deliberately, in the change that needs it.
 * The bundle test holds it and the bench prints its verdict.
 */
export const FIRST_VISIT_BUDGET_GZIP_BYTES = 80 * 1024;

/** Chunk file names with these words belong to the lazy story (theater) and admin screens. */
export const LAZY_ONLY_CHUNK_WORDS = ['story', 'theater', 'admin'] as const;

/**
 * Text that exists only in the story and admin screens (their headings). Finding one in the
 * first-visit set means a screen was pulled into the entry even if its chunk name hides it.
 */
export const LAZY_ONLY_MARKERS = [
  'Theater admin',
  'The Story Theater',
  'Sign in to keep favourites',
  'Loading product data...',
] as const;

export interface ChunkSize {
  /** Path under the dist folder, e.g. assets/index-abc123.js. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** What one module costs in a first-visit chunk (from the build's module report). */
export interface ModuleCost {
  module: string;
  /** The chunk it is in. */
  file: string;
  /** Minified bytes. */
  bytes: number;
  /** Its share of the chunk's gzip -9 size. */
  gzipBytes: number;
}

export interface FirstVisitBundle {
  chunks: ChunkSize[];
  /** Every module of the first-visit chunks, costliest first; empty when the build wrote no report. */
  modules: ModuleCost[];
  totalBytes: number;
  /** Sum of each chunk gzipped alone at level 9: what a first visit downloads, compressed. */
  totalGzipBytes: number;
  /** First-visit chunks whose names say they belong to a lazy screen. */
  lazyChunksLoaded: string[];
  /** Lazy-screen text found in first-visit chunks. */
  lazyMarkersFound: { file: string; marker: string }[];
}

type Attributes = Map<string, string>;

/** Attributes of every `<tag ...>` in the HTML; enough for Vite's own index.html output. */
function tags(html: string, tag: string): Attributes[] {
  const found: Attributes[] = [];
  for (const [, body = ''] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attributes: Attributes = new Map();
    for (const match of body.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attributes.set((match[1] ?? '').toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
    }
    found.push(attributes);
  }
  return found;
}

/**
 * The JavaScript the browser fetches before it runs anything: the entry module script and
 * every modulepreload link. Dynamic import() targets are not here: they load on navigation,
 * or (the landing page's lower part, the data layer) once the page has hydrated.
 */
function entryUrls(html: string): string[] {
  const scripts = tags(html, 'script')
    .filter((attributes) => attributes.get('type') === 'module' && attributes.has('src'))
    .map((attributes) => attributes.get('src') ?? '');
  const preloads = tags(html, 'link')
    .filter((attributes) => attributes.get('rel')?.split(/\s+/).includes('modulepreload') && attributes.has('href'))
    .map((attributes) => attributes.get('href') ?? '');
  return [...scripts, ...preloads];
}

/**
 * Static `import ... from "x"`, `import "x"` and `export ... from "x"` statements of a built
 * chunk. Bundlers hoist them to statement starts, so requiring a `;`, newline or file start
 * before the keyword keeps strings that merely contain "import" out; `import(` (lazy) never
 * matches because a quote or a binding must follow the keyword.
 */
export function staticImports(code: string): string[] {
  const pattern = /(?:^|[;\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?(["'`])([^"'`\n]+)\1/g;
  return [...code.matchAll(pattern)].map((match) => match[2] ?? '');
}

/** Maps a URL from index.html or an import specifier to a file under dist. */
function resolveInDist(distDir: string, fromFile: string, specifier: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) || specifier.startsWith('//')) {
    throw new Error(`${fromFile} loads ${specifier} from another origin; the bundle check cannot size it.`);
  }
  const relative = specifier.startsWith('/')
    ? specifier.slice(1)
    : path.posix.join(path.posix.dirname(fromFile), specifier);
  const file = path.posix.normalize(relative.split(/[?#]/)[0] ?? relative);
  if (file.startsWith('..')) throw new Error(`${specifier} (from ${fromFile}) points outside ${distDir}.`);
  return file;
}

/**
 * Markers that no built chunk contains at all. The absence check means nothing for these: a
 * screen's heading changed, and LAZY_ONLY_MARKERS should follow it.
 */
export function markersMissingFromBuild(distDir: string): string[] {
  const code = fs
    .readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(path.join(distDir, file), 'utf8'));
  return LAZY_ONLY_MARKERS.filter((marker) => !code.some((chunk) => chunk.includes(marker)));
}

/** Written by the web build (apps/web/scripts/module-sizes.ts): each chunk's modules and what they cost. */
const MODULE_REPORT = '.vite/module-sizes.json';

interface ReportedChunk {
  file: string;
  modules: { module: string; bytes: number; gzipBytes: number }[];
}

function moduleCosts(distDir: string, files: ReadonlySet<string>): ModuleCost[] {
  const reportFile = path.join(distDir, MODULE_REPORT);
  if (!fs.existsSync(reportFile)) return [];
  const report: ReportedChunk[] = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  return report
    .filter((chunk) => files.has(chunk.file))
    .flatMap((chunk) => chunk.modules.map((module) => ({ ...module, file: chunk.file })))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** The costliest first-visit modules, one a line, for a budget that failed. */
export function formatBiggestModules(bundle: FirstVisitBundle, count = 25): string {
  if (bundle.modules.length === 0) return `no module report (${MODULE_REPORT}); rebuild the web app`;
  const rows = bundle.modules
    .slice(0, count)
    .map((module) => `${module.gzipBytes.toString().padStart(7)} B gzip  ${module.module}  (${module.file})`);
  return [`the ${count} costliest of ${bundle.modules.length} first-visit modules:`, ...rows].join('\n');
}

/** Everything a first visit to / downloads as JavaScript, sized raw and gzipped, checked for lazy screens. */
export function measureFirstVisitBundle(distDir: string): FirstVisitBundle {
  // The prerendered landing page, which a first visit to / gets.
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(`${indexFile} is missing; build the web app first (npm run build -w apps/web).`);
  }
  const pending = entryUrls(fs.readFileSync(indexFile, 'utf8')).map((url) => resolveInDist(distDir, 'index.html', url));
  if (pending.length === 0) throw new Error(`${indexFile} loads no module script.`);

  const seen = new Set<string>();
  const chunks: ChunkSize[] = [];
  const lazyMarkersFound: FirstVisitBundle['lazyMarkersFound'] = [];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const buffer = fs.readFileSync(path.join(distDir, file));
    chunks.push({ file, bytes: buffer.length, gzipBytes: zlib.gzipSync(buffer, { level: 9 }).length });
    const code = buffer.toString('utf8');
    for (const marker of LAZY_ONLY_MARKERS) if (code.includes(marker)) lazyMarkersFound.push({ file, marker });
    for (const specifier of staticImports(code)) pending.push(resolveInDist(distDir, file, specifier));
  }

  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    chunks,
    modules: moduleCosts(distDir, seen),
    totalBytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    totalGzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    lazyChunksLoaded: chunks
      .map((chunk) => chunk.file)
      .filter((file) => LAZY_ONLY_CHUNK_WORDS.some((word) => path.posix.basename(file).toLowerCase().includes(word))),
    lazyMarkersFound,
  };
}
