import { ROUTES } from '@outpost/contracts/routes';
import { Link } from '../../lib/router/router';
import styles from './footer.module.css';

/**
 * The year the site was built, not the visitor's clock: the footer is prerendered, and
 * hydration must find the same text (vite.config.ts defines it; tests fall back to now).
 */
const YEAR: string = import.meta.env.VITE_BUILD_YEAR ?? String(new Date().getFullYear());

export function Footer() {
  return (
    <footer className={styles.footer}>
      <p>© {YEAR} Outpost. Built by the resistance.</p>
      <nav aria-label="Legal">
        <ul>
          <li>
            <Link to={ROUTES.terms}>Terms of Use (EULA)</Link>
          </li>
          <li>
            <Link to={ROUTES.privacy}>Privacy Policy</Link>
          </li>
          <li>
            <Link to={ROUTES.about}>About</Link>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
