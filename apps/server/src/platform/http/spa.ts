import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { comparablePath } from '@outpost/contracts/routes';
import { isBackOfficePath, isSpaPath } from '@outpost/contracts/spa-paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentHead, hasTitle, withHead } from './document-head';
import { answeredError, errorBody } from './errors';

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
  /** The shell's text, which domain documents render their heads into. */
  shellHtml: string;
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
  return {
    pages,
    shell: document(shell),
    shellHtml: shell,
    notFound: notFound === undefined ? document(shell) : document(notFound),
  };
}

/** The prerendered page for a known path: /about and /about/ are one page, /index.html is /. */
function pageFor(documents: Documents, pathname: string): Document {
  return documents.pages.get(comparablePath(pathname)) ?? documents.shell;
}

/**
 * Screens whose document a domain shapes (the story theater's): their own Content-Security-Policy,
 * and a head the server renders into the shell from the path's parameters, so a shared link
 * previews with what it names and an unknown one answers 404.
 */
export interface SpaDocument {
  /** A pattern of the contracts' route table ('/story/:episodeID'); the first document matching a path serves it. */
  path: string;
  /** The policy of these documents, in place of every other page's. */
  csp?: string;
  /** The head for the path's parameters (decoded); without it the shell keeps its own. */
  head?(params: Readonly<Record<string, string>>): Promise<DocumentHead>;
}

export interface SpaOptions {
  documents?: readonly SpaDocument[];
}

interface DocumentMatcher {
  document: SpaDocument;
  /** Named groups are the pattern's parameters. */
  pattern: RegExp;
}

/** A route pattern as a matcher with one optional trailing slash, as `isSpaPath` reads it. */
function matcherOf(document: SpaDocument): DocumentMatcher {
  const source = comparablePath(document.path)
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return { document, pattern: new RegExp(`^${source}/?$`) };
}

/** The document serving a path, with its parameters; undefined for the pages everyone shares. */
function documentFor(matchers: readonly DocumentMatcher[], pathname: string) {
  for (const { document, pattern } of matchers) {
    const match = pattern.exec(pathname);
    if (match) {
      // Fastify has already refused a path that is not valid percent-encoding (400).
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]),
      );
      return { document, params };
    }
  }
  return undefined;
}

/** A document rendered per answer, compressed for this answer only (fast settings: it is small). */
function compressed(html: string, encoding: Encoding): Buffer {
  const identity = Buffer.from(html, 'utf8');
  if (encoding === 'gzip') return zlib.gzipSync(identity, { level: 6 });
  if (encoding === 'br') {
    return zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  return identity;
}

/**
 * Serves the built web app. A known path gets its prerendered page, or the shell for screens
 * the browser renders, with 200; an unknown one gets the prerendered Not-found page with 404,
 * so crawlers and monitors see the truth and visitors see the screen at once, except below the
 * back office, whose console says so itself: the shell, with 404. Paths of a domain's
 * documents (`options.documents`) get the shell with the head the domain renders, and its policy.
 */
export async function registerSpa(app: FastifyInstance, webDist: string, options: SpaOptions = {}): Promise<void> {
  const documents = loadDocuments(webDist);
  const matchers = (options.documents ?? []).map(matcherOf);
  if (documents === undefined) app.log.warn({ webDist }, 'web app not built: serving the API only');
  else {
    if (matchers.some(({ document }) => document.head) && !hasTitle(documents.shellHtml)) {
      throw new Error(`${webDist}: the shell has no <title> element, so no document head can be rendered into it.`);
    }
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
      return reply
        .code(404)
        .send(answeredError(request, errorBody('not-found', `Nothing at ${request.method} ${pathname}.`)));
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    reply
      .header('cache-control', REVALIDATE)
      .header('vary', varyOnEncoding(reply.getHeader('vary')))
      .type('text/html; charset=utf-8');
    const shaped = known ? documentFor(matchers, pathname) : undefined;
    if (!shaped) {
      const page = known
        ? pageFor(documents, pathname)
        : isBackOfficePath(pathname)
          ? documents.shell
          : documents.notFound;
      return reply.code(known ? 200 : 404).send(page[encoding]);
    }
    const { document, params } = shaped;
    if (document.csp) reply.header('content-security-policy', document.csp);
    if (!document.head) return reply.code(200).send(pageFor(documents, pathname)[encoding]);
    const head = await document.head(params).catch((error: unknown) => {
      // The screen still works without its preview tags: it loads its data and says what failed.
      request.log.error({ err: error, pathname }, 'could not render the document head');
      return undefined;
    });
    if (!head) return reply.code(200).send(documents.shell[encoding]);
    return reply.code(head.notFound ? 404 : 200).send(compressed(withHead(documents.shellHtml, head), encoding));
  });
}
