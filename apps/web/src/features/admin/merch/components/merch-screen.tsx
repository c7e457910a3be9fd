import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../components/admin-screen';
import styles from '../merch.module.css';

const MERCH_LINKS: AdminScreenLinks = {
  label: 'Merch',
  links: [
    { to: ADMIN_ROUTES.adminMerchOrders, label: 'Orders' },
    { to: ADMIN_ROUTES.adminMerchDrops, label: 'Drops' },
    { to: ADMIN_ROUTES.adminMerchContacts, label: 'Contact messages' },
    { to: ADMIN_ROUTES.adminMerchProducts, label: 'Ecom products' },
    { to: ADMIN_ROUTES.adminMerchSettings, label: 'Settings' },
  ],
};

/** Every merch screen's frame: its heading, a line on what it shows, and the merch screens' links. */
export function MerchScreen(props: DomainScreenProps) {
  return <AdminScreen {...props} links={MERCH_LINKS} className={styles.screen} />;
}
