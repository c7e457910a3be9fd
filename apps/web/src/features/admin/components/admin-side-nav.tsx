import type { AdminAccess } from '@outpost/contracts/permissions';
import { ROUTES } from '@outpost/contracts/routes';
import { useId } from 'react';
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
  const id = useId();
  return adminAreasFor(capabilities, omit).map(({ area, links }, index) => (
    <li key={area} className={styles.area}>
      <h2 id={`${id}-${index}`} className={styles.heading}>
        {area}
      </h2>
      <ul aria-labelledby={`${id}-${index}`} className={styles.pages}>
        {links.map((link) => (
          <li key={link.to}>
            {/* The moderation hub's address starts its pages' addresses: it is current only on its own. */}
            <NavLink to={link.to} end={link.to === ROUTES.adminModeration} className={linkClass}>
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
