import { ROUTES } from '@outpost/contracts/routes';
import { NOT_FOUND_REDIRECT_MS } from '@outpost/contracts/site';
import { useEffect, useRef } from 'react';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { useLocation, useNavigate } from '../../lib/router/router';
import { useHydrated } from '../../lib/use-hydrated';
import styles from './not-found-screen.module.css';

export const NOT_FOUND_TITLE = pageTitle('Page Not Found');

/**
 * How long a prerendered screen has been on show: since the page's first paint. Paint entries are queued a
 * moment after the paint, so a page that hydrates at once may not have one yet; then nothing is taken off, as
 * the 3 seconds must never run short (docs/product.md §2.4: not before).
 */
function shownFor(): number {
  const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
  return firstPaint === undefined ? 0 : Math.max(0, performance.now() - firstPaint);
}

/** 404 screen that sends the user home after 3 s if they are still on the same path (docs/product.md §2.4). */
export default function NotFoundScreen() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  usePageTitle(NOT_FOUND_TITLE);
  // The 3 seconds count from when the visitor sees the screen: a prerendered one shows before
  // it hydrates, so the time it was already on show is taken off (once, not after navigating).
  const prerendered = useRef(!useHydrated());

  useEffect(() => {
    const startedOn = pathname;
    const delay = NOT_FOUND_REDIRECT_MS - (prerendered.current ? shownFor() : 0);
    prerendered.current = false;
    // Moving elsewhere first (even to another unknown path) cancels this redirect.
    const timer = window.setTimeout(() => {
      if (window.location.pathname === startedOn) navigate(ROUTES.home, { replace: true });
    }, delay);
    return () => window.clearTimeout(timer);
  }, [pathname, navigate]);

  return (
    <section className={styles.screen} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">
        <span className="visually-hidden">404 </span>Page Not Found
      </h1>
      <p className={styles.status} role="status">
        transmission interrupted | directing you home
      </p>
    </section>
  );
}
