import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { appendRouteHook } from './route-hooks';

/**
 * The routes the game's callable clients call: the callable protocol's (`registerCallable`) and
 * the product functions (docs/product.md §7.1). Their requests carry what the clients' SDKs add to every call
 * (§7.3).
 */
export function isCallableRoute(url: string | undefined): boolean {
  return url !== undefined && (url.startsWith('/api/callable/') || url.startsWith('/api/fn/'));
}

/**
 * Told of every callable request the app answered without refusing it (status below 400), after
 * the answer has left: it can neither change nor delay the call. It must not throw; work it starts
 * is its own to finish and to log.
 */
export type CallableObserver = (request: FastifyRequest) => void;

export interface CallableObservers {
  add(observer: CallableObserver): void;
}

/**
 * Lets domains watch the callable requests (a device's messaging token rides on every one) without
 * the platform knowing what they look for. Call it before the routes are registered: each callable
 * route gets one `onResponse` hook, and the observers added later are read when it runs.
 */
export function registerCallableObservers(app: FastifyInstance): CallableObservers {
  const observers: CallableObserver[] = [];
  app.addHook('onRoute', (route) => {
    if (!isCallableRoute(route.url)) return;
    appendRouteHook(
      route,
      'onResponse',
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
        if (reply.statusCode < 400) for (const observe of observers) observe(request);
        done();
      },
    );
  });
  return {
    add(observer) {
      observers.push(observer);
    },
  };
}
