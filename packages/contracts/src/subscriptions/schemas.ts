import { z } from 'zod/mini';

/*
 * The premium subscription (docs/product.md's terms of service: $7.99 a month, an annual plan at a
 * discounted rate, cancellable for the upcoming month, premium revoked at the end while items stay):
 * where a subscription comes from, the states it passes through, and what it entitles.
 */

/** The monthly plan's price, in US cents. */
export const PREMIUM_MONTHLY_PRICE_CENTS = 799;

/** Where a subscription was bought: the web (card, Apple Pay and Google Pay through Stripe; PayPal) or a game store. */
export const SUBSCRIPTION_CHANNELS = ['stripe', 'paypal', 'app-store', 'google-play'] as const;
export type SubscriptionChannel = (typeof SUBSCRIPTION_CHANNELS)[number];

/**
 * A subscription's states. Premium holds while `active`, `cancelled` (renewal off, running to the
 * period's end) and `grace` (a store's grace period after a failed renewal, to its end); it does
 * not in `billing-retry` (the store still retries), `expired`, `refunded` or `revoked`.
 */
export const SUBSCRIPTION_STATES = [
  'active',
  'cancelled',
  'grace',
  'billing-retry',
  'expired',
  'refunded',
  'revoked',
] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];

/**
 * What a channel reports of a subscription, each at the time it happened: bought, renewed (a new
 * period), renewal turned off or on again, a failed renewal in a grace period or in billing retry,
 * and its end by expiry, refund or revocation.
 */
export const SUBSCRIPTION_EVENT_KINDS = [
  'purchase',
  'renew',
  'cancel',
  'resume',
  'grace',
  'billing-retry',
  'expire',
  'refund',
  'revoke',
] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];

/** What a player's subscriptions give them now, whatever the channel: GET /api/account/premium and getPremium. */
export const premiumSchema = z.object({
  premium: z.boolean(),
  /** When premium ends as things stand (the paid or grace period's end), while it holds. */
  until: z.nullable(z.string()),
  /** The subscription it comes from, or the latest one when none gives premium; null when there was never one. */
  channel: z.nullable(z.enum(SUBSCRIPTION_CHANNELS)),
  state: z.nullable(z.enum(SUBSCRIPTION_STATES)),
});
export type Premium = z.infer<typeof premiumSchema>;

export const SUBSCRIPTION_CALLABLES = { getPremium: 'getPremium' } as const;
