import { ROUTES } from '@outpost/contracts/routes';
import { useEffect } from 'react';
import { Link, useRouteError } from '../../lib/router/router';
import styles from './route-error.module.css';

/** The error fallback of a screen that failed to render (the home screen's, among others). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('screen failed to render', error), [error]);
  return (
    <section className={styles.error} role="alert">
      <h1>Signal lost</h1>
      <p>Something broke on our side while drawing this screen. Reload the page, or head back to base.</p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={ROUTES.home}>Back to home</Link>
      </div>
    </section>
  );
}
