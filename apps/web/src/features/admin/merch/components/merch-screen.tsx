import { ROUTES } from '@outpost/contracts/routes';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../components/admin-screen';
import styles from '../merch.module.css';

const MERCH_LINKS: AdminScreenLinks = {
  label: 'Merch',
  links: [
    { to: ROUTES.adminMerchOrders, label: 'Orders' },
    { to: ROUTES.adminMerchDrops, label: 'Drops' },
    { to: ROUTES.adminMerchContacts, label: 'Contact messages' },
    { to: ROUTES.adminMerchProducts, label: 'Ecom products' },
    { to: ROUTES.adminMerchSettings, label: 'Settings' },
  ],
};

/** Every merch screen's frame: its heading, a line on what it shows, and the merch screens' links. */
export function MerchScreen(props: DomainScreenProps) {
  return <AdminScreen {...props} links={MERCH_LINKS} className={styles.screen} />;
}
