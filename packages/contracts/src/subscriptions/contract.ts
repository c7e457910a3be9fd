import type { LogData } from '../admin-log-words';
import type { DomainContract } from '../domain-contract';
import type { Environment } from '../environments';
import { MONEY_PATHS } from './paths';

/*
 * What the subscriptions bring to the shared tables (domain-contract.ts): the player's premium, read
 * by the account page and the game, and heard live on the player's own topic.
 */

export const PREMIUM_TOPIC = 'premium';

/** The web app's cached query of the signed-in player's premium. */
export const PREMIUM_QUERY_KEY = ['account', 'premium'] as const;

/** The back office's subscriptions and sales: a change to one refreshes the money screens of its environment. */
export const SUBSCRIBERS_TOPIC = 'subscribers';

/** What the money screens cache for one environment, by part. */
export const moneyAdminQueryKey = (environment: Environment, part: 'subscribers' | 'revenue' | 'plans') =>
  ['admin', environment, 'money', part] as const;

export const subscriptionsContract = {
  apiPolicies: {
    'GET /api/account/premium': { access: 'signedIn' },
    // The game's read (SUBSCRIPTION_CALLABLES.getPremium).
    'POST /api/callable/getPremium': { access: 'signedIn' },
    'GET /api/premium/plans': { access: 'public' },
    'POST /api/account/premium/checkout': { access: 'signedIn' },
    'POST /api/account/premium/renewal': { access: 'signedIn' },
    // Stripe Billing's events (an endpoint of its own): the Stripe-Signature over the raw body is the protection.
    'POST /api/webhooks/stripe-billing': { access: 'public' },
    'GET /api/admin/:env/premium/plans': { access: 'adminArea' },
    'GET /api/admin/:env/subscribers': { access: 'adminArea' },
    'GET /api/admin/:env/users/:userID/subscriptions': { access: 'moderate' },
    'POST /api/admin/:env/subscriptions/:subscriptionId/refund': { access: 'manageShop' },
    'PUT /api/admin/:env/premium/plans': { access: 'manageShop' },
    // PayPal calls it without an account: PayPal verifying the delivery's signature is the protection.
    'POST /api/webhooks/paypal': { access: 'public' },
  },
  adminLogActions: {
    'subscription.refund': {
      label: 'Refunded a premium period',
      sentence: (data: LogData) => [
        `refunded the current premium period (paid ${data.channel === 'paypal' ? 'with PayPal' : 'by card'}) of `,
        typeof data.userID === 'string' ? { person: data.userID } : 'a player',
      ],
    },
    'premiumPlans.update': {
      label: 'Changed the premium plans',
      sentence: (data: LogData) => [
        typeof data.annualPriceCents === 'number'
          ? `set the annual premium plan to $${(data.annualPriceCents / 100).toFixed(2)}`
          : 'changed the premium plans',
      ],
    },
  },
  liveTopics: {
    [PREMIUM_TOPIC]: { access: 'owner', playerKeys: [PREMIUM_QUERY_KEY], backOfficeKeys: () => [] },
    [SUBSCRIBERS_TOPIC]: {
      access: 'adminArea',
      playerKeys: [],
      backOfficeKeys: (environment: Environment) => [
        moneyAdminQueryKey(environment, 'subscribers'),
        moneyAdminQueryKey(environment, 'revenue'),
      ],
    },
  },
  screenPaths: Object.values(MONEY_PATHS),
} as const satisfies DomainContract;
