import { useEffect, useRef } from 'react';
import { useLocation } from '../../lib/router/router';

/** How long a new page's heading is waited for (its screen's code or data may still be loading). */
const HEADING_WAIT_MS = 5_000;

/** Focuses `heading` without scrolling (the scroll restoration places the page), making it focusable first. */
function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * After a navigation to another page, focus moves to its main heading, as screen-reader users
 * expect of a page change (docs/decisions/0106-page-titles-and-focus.md): otherwise it stays on the link that was
 * followed, or on nothing once that link is gone, and the new page is not announced. Not on the first load (the
 * browser starts at the top), nor when only the query or the hash changes (a filter, a tab, an
 * anchor), nor when something on the page already took focus (a form's first faulty field).
 */
export function RouteFocus({ containerId }: { containerId: string }) {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  // Where focus was when the page changed (the link followed), read while the old page is still
  // on screen: rendering the new one may remove it, or a screen's own effect may move focus.
  const focusedBefore = useRef<Element | null>(null);
  if (shown.current !== pathname && typeof document !== 'undefined') focusedBefore.current = document.activeElement;

  useEffect(() => {
    const firstLoad = shown.current === null;
    shown.current = pathname;
    if (firstLoad) return;
    const container = document.getElementById(containerId);
    if (!container) return;
    const tryFocus = () => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const active = document.activeElement;
      // The new page put focus somewhere of its own (a form's first faulty field): it stays there.
      const taken = active !== focusedBefore.current && active !== document.body && container.contains(active);
      if (!taken) focusHeading(heading);
      return true;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, containerId]);

  return null;
}
