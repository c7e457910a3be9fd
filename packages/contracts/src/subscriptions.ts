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
