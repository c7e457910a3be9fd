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
export { PayPalError, type PayPalOrdersApi, type PayPalRefundsApi } from './paypal/paypal-client';
export type { CheckoutOutcome, StripeCheckoutApi } from './stripe/checkout-api';
export {
  CheckoutSessionCompletedError,
  StripeApiError,
  StripePriceMismatchError,
  verifyStripeWebhook,
  WebhookSignatureError,
} from './stripe/stripe-client';
export type { PaymentOrderRow } from './tables';
