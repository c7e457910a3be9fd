import type { AdminAccess } from '@outpost/contracts/permissions';
import { ROUTES } from '@outpost/contracts/routes';
import { NavLink } from '../../../lib/router/router';
import { adminAreasFor } from '../admin-navigation';
import styles from './admin-side-nav.module.css';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

interface AdminAreaItemsProps {
  capabilities: AdminAccess['capabilities'];
  /** Pages the list they join already links (the phone menu's top links), left out here. */
  omit?: readonly string[];
}

/** The areas a viewer may use, each a heading over its pages' links: `<li>`s for a list of the caller's. */
export function AdminAreaItems({ capabilities, omit = [] }: AdminAreaItemsProps) {
  return adminAreasFor(capabilities, omit).map(({ area, links }) => (
    <li key={area} className={styles.area}>
      <h2 className={styles.heading}>{area}</h2>
      {/* Not labelled by the heading: a list named "Story" would answer to a field's "To". */}
      <ul className={styles.pages}>
        {links.map((link) => (
          <li key={link.to}>
            {/* The moderation hub's address starts its pages' addresses: it is current only on its own. */}
            <NavLink
              to={link.to}
              end={link.to === ROUTES.adminModeration}
              currentWith={link.currentWith}
              className={linkClass}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  ));
}

/** The console's side navigation on a wide screen: every area, so each page is one click from any other. */
export function AdminSideNav({ capabilities }: { capabilities: AdminAccess['capabilities'] }) {
  return (
    <nav aria-label="Back office" className={styles.side}>
      <ul className={styles.areas}>
        <AdminAreaItems capabilities={capabilities} />
      </ul>
    </nav>
  );
}
