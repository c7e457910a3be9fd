import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { comparablePath, isSpaPath } from '@outpost/contracts/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

const HASHED_ASSET = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(filePath: string): string {
  // Vite writes content-hashed file names under assets/; they never change.
  return filePath.split(path.sep).includes('assets') ? HASHED_ASSET : SHORT;
}

/** Text files the web build writes brotli and gzip twins of (`app.js.br`, `app.js.gz`). */
const PRECOMPRESSED = /\.(js|css|svg|json|txt|webmanifest)(\.br|\.gz)?$/;

/** Adds Accept-Encoding to a Vary header without dropping what another part put there. */
function varyOnEncoding(current: unknown): string {
  const names = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => name.toLowerCase() === 'accept-encoding' || name === '*')
    ? names.join(', ')
    : [...names, 'accept-encoding'].join(', ');
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (its q-values first, then brotli before gzip), else none. */
function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  return (acceptEncoding && negotiate(acceptEncoding, ['br', 'gzip'])) || 'identity';
}

/** An HTML document in the three encodings, compressed once at start. */
type Document = Record<Encoding, Buffer>;

function document(html: string): Document {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    gzip: zlib.gzipSync(identity, { level: 9 }),
    br: zlib.brotliCompressSync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
  };
}

/**
 * The HTML documents of the web build (apps/web/scripts/build.ts), read (and compressed) once at start:
 * prerendered pages at `<path>/index.html` (`index.html` for /), the prerendered Not-found
 * screen at `404.html`, and `shell.html`, the empty page of the screens the browser renders.
 * A build without prerendered pages has only `index.html`, which is then the shell.
 */
interface Documents {
  /** Prerendered pages by path, without trailing slash ('/' for the home page). */
  pages: Map<string, Document>;
  notFound: Document;
  shell: Document;
}

function readIfPresent(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

function loadDocuments(webDist: string): Documents | undefined {
  const shell = readIfPresent(path.join(webDist, 'shell.html')) ?? readIfPresent(path.join(webDist, 'index.html'));
  if (shell === undefined) return undefined;
  const pages = new Map<string, Document>();
  for (const file of fs.readdirSync(webDist, { recursive: true, encoding: 'utf8' })) {
    const parts = file.split(path.sep);
    if (parts.at(-1) !== 'index.html' || parts[0] === 'assets' || parts.some((part) => part.startsWith('.'))) continue;
    pages.set(`/${parts.slice(0, -1).join('/')}`, document(fs.readFileSync(path.join(webDist, file), 'utf8')));
  }
  const notFound = readIfPresent(path.join(webDist, '404.html'));
  return { pages, shell: document(shell), notFound: notFound === undefined ? document(shell) : document(notFound) };
}

/** The prerendered page for a known path: /about and /about/ are one page, /index.html is /. */
function pageFor(documents: Documents, pathname: string): Document {
  return documents.pages.get(comparablePath(pathname)) ?? documents.shell;
}

/**
 * Serves the built web app. A known path gets its prerendered page, or the shell for screens
 * the browser renders, with 200; an unknown one gets the prerendered Not-found page with 404,
 * so crawlers and monitors see the truth and visitors see the screen at once.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const documents = loadDocuments(webDist);
  if (documents === undefined) app.log.warn({ webDist }, 'web app not built: serving the API only');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      // HTML documents are pages, answered below by path, never as files; the compressed twins
      // are sent in place of their originals.
      globIgnore: ['**/*.html', '**/*.br', '**/*.gz'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
        if (PRECOMPRESSED.test(filePath)) res.setHeader('vary', varyOnEncoding(res.getHeader('vary')));
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const known = isSpaPath(pathname);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      (known || path.extname(pathname) === '');
    if (!wantsPage || documents === undefined) {
      return reply.code(404).send(errorBody('not-found', `Nothing at ${request.method} ${pathname}.`));
    }
    const page = known ? pageFor(documents, pathname) : documents.notFound;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .code(known ? 200 : 404)
      .header('cache-control', REVALIDATE)
      .header('vary', varyOnEncoding(reply.getHeader('vary')))
      .type('text/html; charset=utf-8')
      .send(page[encoding]);
  });
}
