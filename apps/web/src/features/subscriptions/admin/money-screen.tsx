import { MONEY_PATHS } from '@outpost/contracts/subscriptions/paths';
import { AdminScreen, type AdminScreenLinks, type DomainScreenProps } from '../../admin/components/admin-screen';

const MONEY_LINKS: AdminScreenLinks = {
  label: 'Money',
  links: [
    { to: MONEY_PATHS.subscribers, label: 'Subscribers' },
    { to: MONEY_PATHS.revenue, label: 'Revenue' },
    { to: MONEY_PATHS.plans, label: 'Premium plans' },
  ],
};

/** Every money screen's frame: its heading, a line on what it shows, and the links between them. */
export function MoneyScreen(props: DomainScreenProps) {
  return <AdminScreen {...props} links={MONEY_LINKS} />;
}
