import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../components/admin-screen';

const SHOP_LINKS: AdminScreenLinks = {
  label: 'Shop',
  links: [
    { to: ADMIN_ROUTES.adminShopPacks, label: 'Credit packs' },
    { to: ADMIN_ROUTES.adminShopMachines, label: 'Machines' },
    { to: ADMIN_ROUTES.adminShopDrops, label: 'Drops' },
    { to: ADMIN_ROUTES.adminShopSettings, label: 'Opening date' },
    { to: ADMIN_ROUTES.adminShopPayPalTransactions, label: 'PayPal transactions' },
  ],
};

/** Every shop screen's frame: its heading, a line on what it shows, and the shop's links. */
export function ShopScreen(props: DomainScreenProps) {
  return <AdminScreen {...props} links={SHOP_LINKS} />;
}
