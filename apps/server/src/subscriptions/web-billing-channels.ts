import { type PayPalBillingContext, payPalBillingChannel } from './paypal-billing/index';
import type { WebBillingChannels } from './renewal';
import { type StripeBillingContext, stripeBillingChannelOf } from './stripe-billing/index';

/** APP_ENV's web channels of premium, from the app's context; absent where the provider is not configured. */
export function webBillingOf(context: PayPalBillingContext & StripeBillingContext): WebBillingChannels {
  const paypal = payPalBillingChannel(context);
  const stripe = stripeBillingChannelOf(context);
  return { ...(paypal ? { paypal } : {}), ...(stripe ? { stripe } : {}) };
}
