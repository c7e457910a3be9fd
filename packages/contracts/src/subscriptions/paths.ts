/*
 * The screens' paths of subscriptions, apart from its contract: the web app's route table reads them on
 * every first visit, and the contract's sentences and policies are not needed there.
 */

/** The back office's money screens: subscribers, revenue, the plans' settings. */
export const MONEY_PATHS = {
  subscribers: '/admin/money/subscribers',
  revenue: '/admin/money/revenue',
  plans: '/admin/money/premium-plans',
} as const;
