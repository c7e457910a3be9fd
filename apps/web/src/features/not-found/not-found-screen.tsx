import { ROUTES } from '@outpost/contracts/routes';
import { NOT_FOUND_REDIRECT_MS } from '@outpost/contracts/site';
import { useEffect } from 'react';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { useLocation, useNavigate } from '../../lib/router/router';
import styles from './not-found-screen.module.css';

export const NOT_FOUND_TITLE = pageTitle('Page Not Found');

/** Spec §2: 404 screen that sends the user home after 3 s if they are still on the same path. */
export default function NotFoundScreen() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  usePageTitle(NOT_FOUND_TITLE);

  useEffect(() => {
    const startedOn = pathname;
    // Moving elsewhere first (even to another unknown path) cancels this redirect.
    const timer = window.setTimeout(() => {
      if (window.location.pathname === startedOn) navigate(ROUTES.home, { replace: true });
    }, NOT_FOUND_REDIRECT_MS);
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
