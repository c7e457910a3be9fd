import type { PremiumPlan } from '@outpost/contracts/subscriptions/schemas';

/*
 * The seam every web channel of the premium subscription implements (Stripe Billing in
 * stripe-billing/, PayPal's Subscriptions API in paypal-billing/): start a subscription on the
 * provider's page, turn its renewal off or on, and refund its current period. What the provider
 * then reports (paid, renewed, cancelled, refunded) reaches the subscription through its webhook,
 * as recordSubscriptionEvent reports, never through these calls' answers alone.
 */

export interface StartSubscriptionInput {
  userId: string;
  email: string;
  plan: PremiumPlan;
  /** Where the provider sends the player back after paying, and after giving up. */
  returnUrl: string;
  cancelUrl: string;
  /** The same key for every attempt at this start, so a retry makes one subscription. */
  idempotencyKey: string;
}

export interface WebBillingChannel {
  channel: 'stripe' | 'paypal';
  /** Makes the provider's checkout for the plan; answers where the player approves and pays. */
  startSubscription(input: StartSubscriptionInput): Promise<{ url: string }>;
  /** Renewal off (runs to the period's end) or back on, on the provider; `channelId` is the provider's subscription id. */
  setRenewal(channelId: string, renew: boolean): Promise<void>;
  /** Refunds the current period's payment and ends the subscription at once (staff, within the billing cycle). */
  refundCurrentPeriod(channelId: string, idempotencyKey: string): Promise<void>;
}
