import type { RouteOptions } from 'fastify';

/**
 * Routes the API contract governs: everything under /api/ plus the health probes. They get the
 * API's policy, headers and hooks; every other route serves the web app's documents and files.
 */
export function isApiRoute(url: string | undefined): boolean {
  return url !== undefined && (url.startsWith('/api/') || url === '/healthz' || url === '/readyz');
}

type RouteHookName = 'onRequest' | 'preValidation' | 'preHandler' | 'onSend' | 'onResponse';
type RouteHook<Name extends RouteHookName> =
  NonNullable<RouteOptions[Name]> extends infer Hooks ? (Hooks extends readonly (infer Hook)[] ? Hook : Hooks) : never;

/**
 * Appends a hook to one route from an `onRoute` listener, after the route's own hooks. A hook
 * added per route costs nothing on the routes that do not need it, unlike a global hook that
 * runs, and returns at once, on every request.
 */
export function appendRouteHook<Name extends RouteHookName>(
  route: RouteOptions,
  name: Name,
  hook: RouteHook<Name>,
): void {
  const existing = route[name];
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as Record<RouteHookName, unknown>)[name] = [...hooks, hook];
}
