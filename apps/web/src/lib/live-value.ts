import { useEffect, useState } from 'react';

/** Starts following a value: `listener` gets it now and after each change; the result stops it. */
export type Watch<T> = (listener: (value: T | undefined) => void) => () => void;

/**
 * A live figure of a prerendered page (the session in the bar, the signup count): undefined
 * while the page hydrates, exactly as it was prerendered, then filled in once `load` has
 * brought the code that fetches it (the data layer is not part of the first visit's
 * JavaScript). `load` must be stable: a module-level function.
 */
export function useLiveValue<T>(load: () => Promise<Watch<T>>): T | undefined {
  const [value, setValue] = useState<{ current: T | undefined }>({ current: undefined });
  useEffect(() => {
    let active = true;
    let stop: (() => void) | undefined;
    load().then(
      (watch) => {
        if (active) stop = watch((current) => setValue({ current }));
      },
      (error: unknown) => console.error('live data could not load', error),
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [load]);
  return value.current;
}
