import { ROUTES } from '@outpost/contracts/routes';
import { Link, useLocation } from '../../../lib/router/router';
import type { AdminGate } from '../admin-gate';
import styles from './admin-notice.module.css';

export const ADMIN_SIGN_IN = 'Please sign in to use the admin area.';
export const ADMIN_NO_ACCESS = 'Your account does not have access to the admin area.';
export const ADMIN_UNAVAILABLE = 'The admin area could not be loaded.';

/** What the admin area says instead of its content: sign in, no access, or a failed load to retry. */
export function AdminNotice({ gate, onRetry }: { gate: Exclude<AdminGate, 'loading' | 'open'>; onRetry: () => void }) {
  // Back to the screen asked for once signed in: /admin/…, or the theater admin at /story/admin.
  const { pathname } = useLocation();
  return (
    <section className={`page ${styles.notice}`} aria-labelledby="admin-notice-title">
      <h1 id="admin-notice-title">Admin area</h1>
      {gate === 'sign-in' && (
        <>
          <p>{ADMIN_SIGN_IN}</p>
          <p>
            <Link className="button" to={`${ROUTES.login}?${new URLSearchParams({ next: pathname })}`}>
              Log in
            </Link>
          </p>
        </>
      )}
      {gate === 'no-access' && (
        <>
          <p>{ADMIN_NO_ACCESS}</p>
          <p>
            <Link to={ROUTES.home}>Back to the home page</Link>
          </p>
        </>
      )}
      {gate === 'unavailable' && (
        <>
          <p>{ADMIN_UNAVAILABLE} Check your connection and try again.</p>
          <p>
            <button type="button" className="button" onClick={onRetry}>
              Try again
            </button>
          </p>
        </>
      )}
    </section>
  );
}
