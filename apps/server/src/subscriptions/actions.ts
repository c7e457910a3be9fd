/** The admin-log actions of the premium subscription's back office. */
export const SUBSCRIPTION_ADMIN_ACTIONS = {
  updatePlans: 'premiumPlans.update',
  refund: 'subscription.refund',
} as const;
