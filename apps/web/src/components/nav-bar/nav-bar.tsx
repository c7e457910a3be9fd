import { ROUTES } from '@outpost/contracts/routes';
import { useLiveValue } from '../../lib/live-value';
import { NavLink } from '../../lib/router/router';
import { Logo } from '../logo';
import { MobileMenu } from './mobile-menu';
import styles from './nav-bar.module.css';
import { PRIMARY_LINKS } from './nav-links';

export interface NavProfile {
  displayName: string;
  /** The profile's keys grant the ADMIN PANEL link (docs/product.md §2.2: admin or staff); see nav-profile.ts. */
  adminPanelLink: boolean;
}

export interface NavBarProps {
  /** The signed-in user's profile; null for visitors. */
  profile: NavProfile | null;
  onLogout?: () => void;
}

// With the session's code, once the page is interactive (the layout loads the same module).
const watchNotice = () => import('./nav-profile').then((session) => session.watchSessionNotice);

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);
const handleClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.handle} ${styles.active}` : styles.handle;

export function NavBar({ profile, onLogout }: NavBarProps) {
  // Why the session ended under the page (a suspension, until when and why), on every page.
  const notice = useLiveValue(watchNotice);
  return (
    <header className={styles.bar}>
      <NavLink to={ROUTES.home} end className={styles.brand} aria-label="Outpost home">
        <Logo />
      </NavLink>
      <nav aria-label="Main" className={styles.desktop}>
        <ul className={styles.links}>
          {PRIMARY_LINKS.filter((link) => link.to !== ROUTES.home).map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} reloadDocument={link.reloadDocument} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
          {profile?.adminPanelLink && (
            <li>
              <NavLink to={ROUTES.admin} className={linkClass}>
                ADMIN PANEL
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
      <div className={styles.account}>
        {profile ? (
          <>
            {/* The name is the way to the player's account page. */}
            <NavLink to={ROUTES.account} className={handleClass} aria-label={`@${profile.displayName}, your account`}>
              @{profile.displayName}
            </NavLink>
            <button type="button" className={styles.logout} onClick={onLogout}>
              LOGOUT
            </button>
          </>
        ) : (
          <NavLink to={ROUTES.login} className={linkClass}>
            Login / Signup
          </NavLink>
        )}
        <NavLink to={ROUTES.download} className="button">
          PLAY NOW
        </NavLink>
        <MobileMenu />
      </div>
      <div role="alert" className={styles.notice}>
        {notice && <p>{notice}</p>}
      </div>
    </header>
  );
}
