import { ROUTES } from '@outpost/contracts/routes';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../components/admin-screen';

const SHOP_LINKS: AdminScreenLinks = {
  label: 'Shop',
  links: [
    { to: ROUTES.adminShopPacks, label: 'Credit packs' },
    { to: ROUTES.adminShopMachines, label: 'Machines' },
    { to: ROUTES.adminShopDrops, label: 'Drops' },
    { to: ROUTES.adminShopSettings, label: 'Opening date' },
    { to: ROUTES.adminShopPayPalTransactions, label: 'PayPal transactions' },
  ],
};

/** Every shop screen's frame: its heading, a line on what it shows, and the shop's links. */
export function ShopScreen(props: DomainScreenProps) {
  return <AdminScreen {...props} links={SHOP_LINKS} />;
}
