import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSpaPath } from '@outpost/contracts/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

const HASHED_ASSET = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

function cacheControlFor(filePath: string): string {
  // Vite writes content-hashed file names under assets/; they never change.
  return filePath.split(path.sep).includes('assets') ? HASHED_ASSET : SHORT;
}

/**
 * The HTML documents of the web build (apps/web/scripts/build.ts), read once at start:
 * prerendered pages at `<path>/index.html` (`index.html` for /), the prerendered Not-found
 * screen at `404.html`, and `shell.html`, the empty page of the screens the browser renders.
 * A build without prerendered pages has only `index.html`, which is then the shell.
 */
interface Documents {
  /** Prerendered pages by path, without trailing slash ('/' for the home page). */
  pages: Map<string, string>;
  notFound: string;
  shell: string;
}

function readIfPresent(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

function loadDocuments(webDist: string): Documents | undefined {
  const shell = readIfPresent(path.join(webDist, 'shell.html')) ?? readIfPresent(path.join(webDist, 'index.html'));
  if (shell === undefined) return undefined;
  const pages = new Map<string, string>();
  for (const file of fs.readdirSync(webDist, { recursive: true, encoding: 'utf8' })) {
    const parts = file.split(path.sep);
    if (parts.at(-1) !== 'index.html' || parts[0] === 'assets' || parts.some((part) => part.startsWith('.'))) continue;
    pages.set(`/${parts.slice(0, -1).join('/')}`, fs.readFileSync(path.join(webDist, file), 'utf8'));
  }
  return { pages, shell, notFound: readIfPresent(path.join(webDist, '404.html')) ?? shell };
}

/** The prerendered page for a known path: /about and /about/ are one page, /index.html is /. */
function pageFor(documents: Documents, pathname: string): string {
  const key = pathname === '/index.html' ? '/' : pathname.replace(/(.)\/$/, '$1');
  return documents.pages.get(key) ?? documents.shell;
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
      // HTML documents are pages, answered below by path, never as files.
      globIgnore: ['**/*.html'],
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
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
    return reply
      .code(known ? 200 : 404)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(known ? pageFor(documents, pathname) : documents.notFound);
  });
}
