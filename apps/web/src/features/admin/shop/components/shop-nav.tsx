import { ROUTES } from '@outpost/contracts/routes';
import { NavLink } from '../../../../lib/router/router';
import styles from '../shop.module.css';

const SHOP_LINKS = [
  { to: ROUTES.adminShopPacks, label: 'Credit packs' },
  { to: ROUTES.adminShopMachines, label: 'Machines' },
  { to: ROUTES.adminShopDrops, label: 'Drops' },
  { to: ROUTES.adminShopSettings, label: 'Opening date' },
  { to: ROUTES.adminShopPayPalTransactions, label: 'PayPal transactions' },
] as const;

/** The shop's screens, one link each; the current one is marked (aria-current). */
export function ShopNav() {
  return (
    <nav aria-label="Shop" className={styles.nav}>
      <ul>
        {SHOP_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to}>{link.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
