/* What the subscriptions offer other domains: a channel's reports of a subscription, the premium they give, the plans. */
export { planForStoreProduct, readPremiumPlans } from './plans';
export { readPremium } from './premium';
export type { SubscriptionEvent } from './state-machine';
export {
  findSubscription,
  recordInTransaction,
  recordSubscriptionEvent,
  type SubscriptionRef,
  subscriptionIdOf,
} from './subscription-events';
export {
  recordSubscriptionPayment,
  recordSubscriptionRefund,
  type SubscriptionPayment,
} from './subscription-payments';
export type { StartSubscriptionInput, WebBillingChannel } from './web-billing';
