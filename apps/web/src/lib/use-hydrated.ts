import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False in prerendered HTML and while React hydrates it, true once the page is interactive
 * (and at once when the browser renders the screen itself). A control whose handler is not
 * there yet renders disabled rather than doing nothing, or worse, the browser's default.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
