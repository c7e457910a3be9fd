/* What payments offers the domains that sell: the order record and its settlement, PayPal and Stripe. */

export { createPaymentClients, type PaymentClients, playersPayPal } from './clients';
export { paymentFunctionError } from './errors';
export {
  CURRENCY,
  capturePaid,
  claimFulfilment,
  findOwnOrder,
  openOrder,
  PayPalOffError,
  type PricedOrder,
  toOrder,
} from './payment-orders';
export {
  centsToPayPalValue,
  type PayPalBillingCycle,
  PayPalError,
  type PayPalOrdersApi,
  type PayPalPlan,
  type PayPalRefundsApi,
  type PayPalSubscription,
  type PayPalSubscriptionsApi,
  type PayPalSubscriptionTransaction,
  payPalValueToCents,
} from './paypal/paypal-client';
export { countSettledOrdersPerBucket } from './settled-orders';
export {
  type BillingInvoice,
  BillingObjectError,
  type BillingSubscription,
  readCharge,
  readCheckoutSession,
  readInvoice,
  readSubscription,
  type StripeBillingApi,
} from './stripe/billing-api';
export type { CheckoutOutcome, StripeCheckoutApi } from './stripe/checkout-api';
export {
  CheckoutSessionCompletedError,
  StripeApiError,
  StripePriceMismatchError,
  verifyStripeWebhook,
  WebhookSignatureError,
} from './stripe/stripe-client';
export { type StripeEvent, verifiedStripeEvent } from './stripe/webhook-route';
export type { PaymentOrderRow } from './tables';
