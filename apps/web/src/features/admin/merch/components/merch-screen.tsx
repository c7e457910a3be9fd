import { ROUTES } from '@outpost/contracts/routes';
import type { ReactNode } from 'react';
import { NavLink } from '../../../../lib/router/router';
import styles from '../merch.module.css';

const MERCH_LINKS = [
  { to: ROUTES.adminMerchOrders, label: 'Orders' },
  { to: ROUTES.adminMerchDrops, label: 'Drops' },
  { to: ROUTES.adminMerchContacts, label: 'Contact messages' },
  { to: ROUTES.adminMerchProducts, label: 'Ecom products' },
  { to: ROUTES.adminMerchSettings, label: 'Settings' },
] as const;

interface MerchScreenProps {
  /** The h1's id, which names the section. */
  id: string;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}

/** Every merch screen's frame: its heading, a line on what it shows, and the merch screens' links. */
export function MerchScreen({ id, title, lead, children }: MerchScreenProps) {
  return (
    <section className={`page ${styles.screen}`} aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      <nav aria-label="Merch" className={styles.nav}>
        <ul>
          {MERCH_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{link.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </section>
  );
}
