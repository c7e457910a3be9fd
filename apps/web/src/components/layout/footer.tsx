import { ROUTES } from '@outpost/contracts/routes';
import { Link } from 'react-router';
import styles from './footer.module.css';

export function Footer() {
  return (
    <footer className={styles.footer}>
      <p>© {new Date().getFullYear()} Outpost. Built by the resistance.</p>
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
