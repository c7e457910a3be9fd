import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FunctionError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin || origin === 'null') return undefined;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * CSRF protection for cookie sessions: a state-changing request that carries cookies must come
 * from our own pages (Origin or Referer naming this host or PUBLIC_URL). Bearer-token and
 * cookie-less requests (the game, scripts) carry no ambient credentials and pass. The auth
 * routes run the auth library's own equivalent check.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicHost = new URL(publicUrl).host;
  app.addHook('onRequest', async (request) => {
    // Decided on the matched route, not the raw URL, which may be percent-encoded (/%61pi/...).
    const route = request.routeOptions.url;
    if (SAFE_METHODS.has(request.method) || !route?.startsWith('/api/') || route.startsWith('/api/auth/*')) return;
    if (!request.headers.cookie || request.headers.authorization?.startsWith('Bearer ')) return;
    const host = originOf(request);
    if (host !== request.host && host !== publicHost) {
      throw new FunctionError('permission-denied', 'This request did not come from an Outpost page.');
    }
  });
}
