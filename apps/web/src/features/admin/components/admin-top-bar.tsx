import { OverlayMenu } from '../../../components/overlay-menu/overlay-menu';
import { NavLink } from '../../../lib/router/router';
import { ADMIN_LINKS } from '../admin-links';
import styles from './admin-top-bar.module.css';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

/** The admin shell's top bar (spec §2): 'Admin Dashboard', its links, and on mobile an overlay with the same links. */
export function AdminTopBar() {
  return (
    <div className={styles.bar}>
      <p className={styles.title}>Admin Dashboard</p>
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
      </OverlayMenu>
    </div>
  );
}
