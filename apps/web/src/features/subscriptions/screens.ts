import { MONEY_PATHS } from '@outpost/contracts/subscriptions/paths';
import type { DomainScreens } from '../../app/brought-screens';
import { lazyComponent } from '../../lib/lazy-component';
import { screen } from '../../lib/lazy-screen';

/* The back office's money screens, each loaded when first shown; registered by its line in app/domain-screens.ts. */

const SubscriberList = lazyComponent(() => import('./admin/subscriber-list'));
const RevenueScreen = lazyComponent(() => import('./admin/revenue-screen'));
const PlansScreen = lazyComponent(() => import('./admin/plans-screen'));

const below = (path: string) => path.slice('/admin/'.length);

export const subscriptionsScreens: DomainScreens = {
  adminRoutes: [
    screen(SubscriberList, {}, { path: below(MONEY_PATHS.subscribers) }),
    screen(RevenueScreen, {}, { path: below(MONEY_PATHS.revenue) }),
    screen(PlansScreen, {}, { path: below(MONEY_PATHS.plans) }),
  ],
  configurationLinks: [
    {
      to: MONEY_PATHS.subscribers,
      label: 'Subscribers',
      holds: 'premium subscriptions by channel, plan and state.',
      area: 'Economy',
    },
    {
      to: MONEY_PATHS.revenue,
      label: 'Revenue',
      holds: 'money per channel and day: gross, refunds, net.',
      area: 'Economy',
    },
    {
      to: MONEY_PATHS.plans,
      label: 'Premium plans',
      holds: 'the annual price and the store product ids.',
      area: 'Economy',
    },
  ],
};
