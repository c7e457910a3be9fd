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
  if (filePath.endsWith('.html')) return REVALIDATE;
  // Vite writes content-hashed file names under assets/; they never change.
  return filePath.split(path.sep).includes('assets') ? HASHED_ASSET : SHORT;
}

/**
 * Serves the built web app. Known SPA paths get index.html with 200, unknown ones get it
 * with 404 so crawlers and monitors see the truth while the app shows its Not-found screen.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : undefined;
  if (indexHtml === undefined) app.log.warn({ webDist }, 'web app not built: serving the API only');
  else {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      path.extname(pathname) === '';
    if (!wantsPage || indexHtml === undefined) {
      return reply.code(404).send(errorBody('not-found', `Nothing at ${request.method} ${pathname}.`));
    }
    return reply
      .code(isSpaPath(pathname) ? 200 : 404)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
