import { ROUTES } from '@outpost/contracts/routes';
import { Link, useLocation } from '../../lib/router/router';
import styles from './admin-screens.module.css';

/**
 * A back-office address with no page: said inside the console, whose navigation stays beside it,
 * with the way back. The public 404's redirect home (docs/product.md §2.4) is for the site's pages; here
 * staff keep their place and choose where to go.
 */
export default function AdminNotFound() {
  const { pathname } = useLocation();
  return (
    <section className={`page ${styles.screen}`} aria-labelledby="admin-not-found-title">
      <h1 id="admin-not-found-title">Page Not Found</h1>
      <p className={styles.lead}>
        The back office has no page at <code>{pathname}</code>. Choose one from the navigation, or go back to the{' '}
        <Link to={ROUTES.adminHome}>dashboard</Link>.
      </p>
    </section>
  );
}
