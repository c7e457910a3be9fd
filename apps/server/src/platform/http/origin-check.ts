import { changesState, policyFor } from '@outpost/contracts/api';
import { OWN_PAGE_HEADER } from '@outpost/contracts/callable';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FunctionError } from './errors';
import { appendRouteHook } from './route-hooks';

export const CROSS_SITE_MESSAGE = 'This request did not come from an Outpost page.';

function hostOf(url: string | undefined): string | undefined {
  if (!url || url === 'null') return undefined;
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/**
 * Whether the request comes from one of our own pages: it carries our pages' header (OWN_PAGE_HEADER,
 * which no other site can make a browser send to us), or the browser says so. `Sec-Fetch-Site` is
 * set by the browser on every request and no page can change it; browsers that predate it say
 * where a request comes from in `Origin` (every POST, and cross-origin GETs) or `Referer`. Our
 * pages send no Referer (`referrer-policy: no-referrer`); a request that tells nothing is refused.
 */
function fromOurPages(request: FastifyRequest, publicHost: string): boolean {
  if (request.headers[OWN_PAGE_HEADER] === '1') return true;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const host = hostOf(request.headers.origin ?? request.headers.referer);
  return host !== undefined && (host === request.host || host === publicHost);
}

/** A session cookie is ambient: the browser sends it whoever made the page. A bearer token is not. */
function carriesAmbientCredentials(request: FastifyRequest): boolean {
  return request.headers.cookie !== undefined && !request.headers.authorization?.startsWith('Bearer ');
}

/**
 * CSRF protection for cookie sessions: a request that changes state (every POST, PUT and DELETE,
 * and the GETs the route table marks `writes`, such as spin-machine) and carries cookies must
 * come from our own pages, else 403. SameSite=Lax cookies still travel on a top-level navigation
 * from another site, which is exactly how a link elsewhere would spend a player's credits through
 * a GET. Bearer-token and cookie-less requests (the game, scripts) carry no ambient credentials
 * and pass. The auth routes run the auth library's own equivalent check.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicHost = new URL(publicUrl).host;
  // Decided per route when it is registered: the matched route, not the raw URL, which may be
  // percent-encoded (/%61pi/...), and only routes that change state get the check at all.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/auth/*')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const guarded = new Set(methods.filter((method) => changesState(method, policyFor(method, route.url))));
    if (guarded.size === 0) return;
    appendRouteHook(route, 'onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
      done(guarded.has(request.method) ? crossSiteRefusal(request, publicHost) : undefined);
    });
  });
}

type HookDone = (error?: Error) => void;

function crossSiteRefusal(request: FastifyRequest, publicHost: string): FunctionError | undefined {
  if (!carriesAmbientCredentials(request) || fromOurPages(request, publicHost)) return undefined;
  return new FunctionError('permission-denied', CROSS_SITE_MESSAGE, { code: 'cross-site' });
}
