import { ENVIRONMENTS, type Environment, environmentSchema } from '@outpost/contracts/environments';
import type { AdminAccess } from '@outpost/contracts/permissions';
import { z } from 'zod/mini';
import { PrimaryLinkItems } from '../../../components/nav-bar/primary-link-items';
import { OverlayMenu } from '../../../components/overlay-menu/overlay-menu';
import { NavLink } from '../../../lib/router/router';
import { ADMIN_LINKS } from '../admin-links';
import { BackOfficeSearch } from '../search/back-office-search';
import { AdminAreaItems } from './admin-side-nav';
import styles from './admin-top-bar.module.css';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

interface AdminTopBarProps {
  environment: Environment;
  onEnvironmentChange(environment: Environment): void;
  /** What the viewer may use: the phone menu lists the areas they have pages in. */
  capabilities: AdminAccess['capabilities'];
}

/**
 * The admin shell's top bar (docs/product.md §2.7): 'Admin Dashboard', the environment switch, the search, its links, and
 * below the side navigation's width an overlay with the same links, every area's pages and then the
 * site's, as the back office's one menu there (the site bar hides its own: AdminLayout marks the
 * page's area). It stays at the top as the screen scrolls, so the environment is always in view;
 * production is shown in the alarm colour, so nobody changes live data thinking it is a test store.
 */
export function AdminTopBar({ environment, onEnvironmentChange, capabilities }: AdminTopBarProps) {
  return (
    <div className={styles.bar}>
      <p className={styles.title}>Admin Dashboard</p>
      <label
        className={environment === 'production' ? `${styles.environment} ${styles.production}` : styles.environment}
      >
        Environment
        <select
          value={environment}
          onChange={(event) => {
            const next = z.safeParse(environmentSchema, event.target.value);
            if (next.success) onEnvironmentChange(next.data);
          }}
        >
          {ENVIRONMENTS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <BackOfficeSearch environment={environment} />
      <nav aria-label="Admin" className={styles.desktop}>
        <ul className={styles.links}>
          {ADMIN_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <OverlayMenu
        id="admin-menu"
        label="Admin menu"
        navLabel="Admin mobile"
        openLabel="Open admin menu"
        closeLabel="Close admin menu"
        buttonClassName={styles.menuButton}
      >
        {ADMIN_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end}>
              {link.label}
            </NavLink>
          </li>
        ))}
        <AdminAreaItems capabilities={capabilities} omit={ADMIN_LINKS.map((link) => link.to)} />
        <li className={styles.siteLinks}>
          <h2 className={styles.siteHeading}>The site</h2>
          <ul className={styles.siteList}>
            <PrimaryLinkItems />
          </ul>
        </li>
      </OverlayMenu>
    </div>
  );
}
