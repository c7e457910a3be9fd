import { ROUTES } from '@outpost/contracts/routes';
import { NavLink } from '../../lib/router/router';
import { OverlayMenu } from '../overlay-menu/overlay-menu';
import styles from './nav-bar.module.css';
import { PrimaryLinkItems } from './primary-link-items';

/** The site's mobile menu (docs/product.md §2.2): HOME, STORY, SHOP, ABOUT and PLAY NOW in a full-screen overlay. */
export function MobileMenu() {
  return (
    <OverlayMenu
      id="mobile-menu"
      label="Menu"
      navLabel="Mobile"
      openLabel="Open menu"
      closeLabel="Close menu"
      buttonClassName={styles.menuButton}
    >
      <PrimaryLinkItems />
      <li>
        <NavLink to={ROUTES.download} className={`button ${styles.overlayPlay}`}>
          PLAY NOW
        </NavLink>
      </li>
    </OverlayMenu>
  );
}
