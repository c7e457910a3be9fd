import type { DomainContract } from '../domain-contract';

/*
 * What the subscriptions bring to the shared tables (domain-contract.ts): the player's premium, read
 * by the account page and the game, and heard live on the player's own topic.
 */

export const PREMIUM_TOPIC = 'premium';

/** The web app's cached query of the signed-in player's premium. */
export const PREMIUM_QUERY_KEY = ['account', 'premium'] as const;

export const subscriptionsContract = {
  apiPolicies: {
    'GET /api/account/premium': { access: 'signedIn' },
    // The game's read (SUBSCRIPTION_CALLABLES.getPremium).
    'POST /api/callable/getPremium': { access: 'signedIn' },
  },
  liveTopics: {
    [PREMIUM_TOPIC]: { access: 'owner', playerKeys: [PREMIUM_QUERY_KEY], backOfficeKeys: () => [] },
  },
} as const satisfies DomainContract;
