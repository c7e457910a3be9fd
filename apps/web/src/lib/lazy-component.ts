import { type ComponentType, createElement, type ReactNode, type ReactPromise, use } from 'react';

export type LazyComponent<Props extends object> = ((props: Props) => ReactNode) & {
  /** Starts loading the code (once) and resolves when it is there. */
  preload(): Promise<unknown>;
};

/** A promise that says whether it has settled, the way React's use() reads it without waiting (ReactPromise). */
type Tracked<T> = Promise<T> & { status: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

function track<T>(promise: Promise<T>): Tracked<T> {
  const tracked = Object.assign(promise, { status: 'pending' as const }) as Tracked<T>;
  tracked.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return tracked;
}

/**
 * Like React.lazy, with two differences that let a prerendered page hydrate a lazy part in
 * place: `preload()` loads the code before React renders, and once the code is there the
 * component renders at once (React.lazy suspends on its first render even then, which would
 * show the Suspense fallback). It does so by handing use() a promise that already says it is
 * fulfilled. Before that it suspends like React.lazy, and a failed load goes to the error
 * boundary (as with React.lazy, it is not tried again before a reload).
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyComponent<Props> {
  let pending: Tracked<ComponentType<Props>> | undefined;
  const preload = () => {
    pending ??= track(load().then((module) => module.default));
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per screen at module level, like React.lazy
  function Lazy(props: Props) {
    return createElement(use(preload() as ReactPromise<ComponentType<Props>>), props);
  }
  return Object.assign(Lazy, { preload });
}
