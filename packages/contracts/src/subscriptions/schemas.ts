import { z } from 'zod/mini';
import { adminListPageSchema, adminListQuerySchema } from '../admin-list';
import { environmentSchema } from '../environments';
import { personSchema } from '../people';

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

/** The plans premium is sold on: monthly at PREMIUM_MONTHLY_PRICE_CENTS, annual at a price admins set per environment. */
export const PREMIUM_PLAN_IDS = ['monthly', 'annual'] as const;
export type PremiumPlanId = (typeof PREMIUM_PLAN_IDS)[number];

/** A plan as sold in one environment. */
export const premiumPlanSchema = z.object({
  planId: z.enum(PREMIUM_PLAN_IDS),
  /** US cents per period. */
  priceCents: z.int(),
  interval: z.enum(['month', 'year']),
  /** The annual plan's saving against twelve months of the monthly plan, in whole percent; 0 for the monthly plan. */
  discountPercent: z.int(),
  /** The product id the game's stores sell this plan under (the same in the App Store and Google Play). */
  storeProductId: z.string(),
});
export type PremiumPlan = z.infer<typeof premiumPlanSchema>;

/** GET /api/premium/plans: the plans of APP_ENV, monthly first. */
export const premiumPlansSchema = z.object({ plans: z.array(premiumPlanSchema) });

/** Twelve months at the monthly price: the annual plan must cost less to be the discount the terms promise. */
export const TWELVE_MONTHS_CENTS = 12 * PREMIUM_MONTHLY_PRICE_CENTS;

const storeProductIdSchema = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9._-]{1,100}$/, 'A store product id is 1 to 100 letters, digits, dots, dashes or underscores.'),
  );

/** config/premium-plans: what admins set per environment (the monthly price is the terms' own). */
export const premiumPlansConfigSchema = z
  .object({
    annualPriceCents: z
      .int('The annual price is a whole number of cents.')
      .check(
        z.minimum(100, 'The annual price is at least $1.00.'),
        z.maximum(
          TWELVE_MONTHS_CENTS - 1,
          'The annual price must be less than twelve months of the monthly plan ($95.88).',
        ),
      ),
    monthlyStoreProductId: storeProductIdSchema,
    annualStoreProductId: storeProductIdSchema,
  })
  .check(
    z.refine((config) => config.monthlyStoreProductId !== config.annualStoreProductId, {
      message: 'The two plans need different store product ids.',
      path: ['annualStoreProductId'],
    }),
  );
export type PremiumPlansConfig = z.infer<typeof premiumPlansConfigSchema>;

export const PREMIUM_PLANS_CONFIG_ID = 'config/premium-plans';

export const DEFAULT_PREMIUM_PLANS_CONFIG: PremiumPlansConfig = {
  annualPriceCents: 6999,
  monthlyStoreProductId: 'premium.monthly',
  annualStoreProductId: 'premium.annual',
};

/** The web's channels: cards, Apple Pay and Google Pay through Stripe; PayPal. */
export const WEB_SUBSCRIPTION_CHANNELS = ['stripe', 'paypal'] as const;
export type WebSubscriptionChannel = (typeof WEB_SUBSCRIPTION_CHANNELS)[number];

/** POST /api/account/premium/checkout: start a subscription on the web. */
export const premiumCheckoutInputSchema = z.object({
  planId: z.enum(PREMIUM_PLAN_IDS),
  channel: z.enum(WEB_SUBSCRIPTION_CHANNELS),
});
export type PremiumCheckoutInput = z.infer<typeof premiumCheckoutInputSchema>;

/** Where the player approves and pays: the provider's page. */
export const premiumCheckoutSchema = z.object({ url: z.string() });

/** POST /api/account/premium/renewal: renewal off (cancel for the upcoming period) or back on (resume). */
export const premiumRenewalInputSchema = z.object({ renew: z.boolean() });

export const PREMIUM_MESSAGES = {
  channelOff: (channel: WebSubscriptionChannel) =>
    `${channel === 'stripe' ? 'Card payments are' : 'PayPal is'} not set up on this server, so premium cannot be bought this way. Try the other way, or later.`,
  alreadyPremium: 'You already have premium. Turn its renewal back on instead of buying it again.',
  noWebSubscription: 'You have no premium subscription bought on this site to change.',
  storeSubscription: (channel: SubscriptionChannel) =>
    `Your premium comes from ${channel === 'app-store' ? 'the App Store' : 'Google Play'}: turn its renewal off or on in your device's subscription settings.`,
  periodOver: 'This subscription has ended, so its renewal cannot be turned back on. Buy premium again instead.',
} as const;

export const SUBSCRIPTION_CALLABLES = { getPremium: 'getPremium' } as const;

/* ------------------------------------------------------------------ the back office */

export const SUBSCRIPTION_CHANNEL_LABELS: Record<SubscriptionChannel, string> = {
  stripe: 'Card (Stripe)',
  paypal: 'PayPal',
  'app-store': 'App Store',
  'google-play': 'Google Play',
};

export const SUBSCRIPTION_STATE_LABELS: Record<SubscriptionState, string> = {
  active: 'Active',
  cancelled: 'Renewal off',
  grace: 'In grace period',
  'billing-retry': 'Billing retry',
  expired: 'Expired',
  refunded: 'Refunded',
  revoked: 'Revoked',
};

export const PREMIUM_PLAN_LABELS: Record<PremiumPlanId, string> = { monthly: 'Monthly', annual: 'Annual' };

/** GET /api/admin/:env/subscribers: every subscription, filtered by channel, plan and state. */
export const subscriberListQuerySchema = adminListQuerySchema(['updatedAt', 'periodEnd'] as const, {
  channel: z.optional(z.enum(SUBSCRIPTION_CHANNELS)),
  plan: z.optional(z.enum(PREMIUM_PLAN_IDS)),
  state: z.optional(z.enum(SUBSCRIPTION_STATES)),
});
export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;

/** One subscription as staff see it: whose, from where, on which plan, in which state, to when. */
export const subscriberSchema = z.object({
  subscriptionId: z.string(),
  player: personSchema,
  channel: z.enum(SUBSCRIPTION_CHANNELS),
  plan: z.nullable(z.enum(PREMIUM_PLAN_IDS)),
  state: z.nullable(z.enum(SUBSCRIPTION_STATES)),
  periodEnd: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberListPageSchema = z.extend(adminListPageSchema(subscriberSchema), {
  /** How many subscriptions of each channel and state there are, whatever the filters: the summary above the list. */
  summary: z.array(
    z.object({
      channel: z.enum(SUBSCRIPTION_CHANNELS),
      state: z.nullable(z.enum(SUBSCRIPTION_STATES)),
      count: z.int(),
    }),
  ),
});
export type SubscriberListPage = z.infer<typeof subscriberListPageSchema>;

/** GET /api/admin/:env/users/:userID/subscriptions: a player's subscriptions on every channel, each with its history. */
export const playerSubscriptionSchema = z.object({
  subscriptionId: z.string(),
  channel: z.enum(SUBSCRIPTION_CHANNELS),
  plan: z.nullable(z.enum(PREMIUM_PLAN_IDS)),
  state: z.nullable(z.enum(SUBSCRIPTION_STATES)),
  periodEnd: z.nullable(z.string()),
  /** A web subscription in its current billing cycle: staff may refund the period (the terms' refund window). */
  refundable: z.boolean(),
  /** Every report, as it happened. */
  history: z.array(z.object({ kind: z.enum(SUBSCRIPTION_EVENT_KINDS), at: z.string(), until: z.nullable(z.string()) })),
  /** The web's payments of its periods. */
  payments: z.array(
    z.object({
      paymentId: z.string(),
      amountCents: z.int(),
      currency: z.string(),
      paidAt: z.string(),
      refundedCents: z.int(),
    }),
  ),
});
export type PlayerSubscription = z.infer<typeof playerSubscriptionSchema>;
export const playerSubscriptionsSchema = z.object({ subscriptions: z.array(playerSubscriptionSchema) });

export const subscriptionParamsSchema = z.object({
  env: environmentSchema,
  subscriptionId: z.string().check(z.minLength(1), z.maxLength(300)),
});

export const SUBSCRIPTION_REFUND_MESSAGES = {
  notFound: (subscriptionId: string) => `There is no subscription "${subscriptionId}" here.`,
  store: (channel: SubscriptionChannel) =>
    `${SUBSCRIPTION_CHANNEL_LABELS[channel]} refunds its own subscriptions: the player asks it, and its notification ends premium here.`,
  outsideCycle:
    'This subscription is not in a paid billing cycle now, so there is no current period to refund (the terms allow refunds within the current billing cycle).',
} as const;
