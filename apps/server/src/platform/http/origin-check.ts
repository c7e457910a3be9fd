import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FunctionError } from './errors';
import { appendRouteHook } from './route-hooks';

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
  // Decided per route when it is registered: the matched route, not the raw URL, which may be
  // percent-encoded (/%61pi/...), and only routes that change state get the check at all.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/auth/*')) return;
    if (methods.every((method) => SAFE_METHODS.has(method))) return;
    appendRouteHook(route, 'onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
      done(crossSiteRefusal(request, publicHost));
    });
  });
}

type HookDone = (error?: Error) => void;

function crossSiteRefusal(request: FastifyRequest, publicHost: string): FunctionError | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  if (!request.headers.cookie || request.headers.authorization?.startsWith('Bearer ')) return undefined;
  const host = originOf(request);
  if (host === request.host || host === publicHost) return undefined;
  return new FunctionError('permission-denied', 'This request did not come from an Outpost page.');
}
