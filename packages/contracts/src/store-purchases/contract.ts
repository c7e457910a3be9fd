import type { DomainContract } from '../domain-contract';
import type { Environment } from '../environments';
import { moneyAdminQueryKey } from '../subscriptions/contract';

/*
 * What the store purchases bring to the shared tables (domain-contract.ts): the game's reports of
 * its purchases, the stores' server notifications, and the player's list of them.
 */

export const STORE_PURCHASES_TOPIC = 'store-purchases';

/** The back office's store sales: one refreshes the money screens of its environment. */
export const STORE_SALES_TOPIC = 'store-sales';

/** The web app's cached query of the signed-in player's store purchases. */
export const STORE_PURCHASES_QUERY_KEY = ['account', 'store-purchases'] as const;

export const storePurchasesContract = {
  apiPolicies: {
    // The game's report of what its store sold; a repeat answers the first grant, so no request key is needed.
    'POST /api/store/app-store/purchases': { access: 'signedIn' },
    'POST /api/store/google-play/purchases': { access: 'signedIn' },
    // Signed by the store (App Store Server Notifications V2; Google's Pub/Sub push with its OIDC token).
    'POST /api/webhooks/app-store': { access: 'public' },
    'POST /api/webhooks/google-play': { access: 'public' },
    'GET /api/account/store-purchases': { access: 'signedIn' },
    // Whether the stores may be told how the player used a purchase they ask to refund (their consent).
    'GET /api/account/store-data-sharing': { access: 'signedIn' },
    'PUT /api/account/store-data-sharing': { access: 'signedIn' },
    // The token the game sets on each store purchase to name the player.
    'GET /api/store/account-token': { access: 'signedIn' },
    'GET /api/admin/:env/users/:userID/store-purchases': { access: 'moderate' },
  },
  liveTopics: {
    [STORE_PURCHASES_TOPIC]: { access: 'owner', playerKeys: [STORE_PURCHASES_QUERY_KEY], backOfficeKeys: () => [] },
    [STORE_SALES_TOPIC]: {
      access: 'adminArea',
      playerKeys: [],
      backOfficeKeys: (environment: Environment) => [
        moneyAdminQueryKey(environment, 'subscribers'),
        moneyAdminQueryKey(environment, 'revenue'),
      ],
    },
  },
} as const satisfies DomainContract;
