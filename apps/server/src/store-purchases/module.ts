import type { Domain } from '../domain';
import { STORE_PURCHASE_LIVE_TOPICS } from './live';
import { storePurchaseMigrations } from './migrations/index';
import { storePurchasesPersonalData } from './personal-data';
import { countRecentStorePurchases, storePurchasesRevenue } from './revenue';
import { registerStorePurchaseRoutes } from './routes';
import { seedStorePurchases } from './seed';
import { STORE_PURCHASE_SEGMENT_ATTRIBUTES } from './segment-attributes';
import { storeVerifiersOf } from './verifiers';

/**
 * The game's purchases in its own stores (the App Store, Google Play): verified with each store's
 * own means, granted once per store transaction (credits in the ledger, premium on the
 * subscription), renewed and reversed by the stores' server notifications.
 */
export const domain: Domain = {
  name: 'store-purchases',
  segmentAttributes: STORE_PURCHASE_SEGMENT_ATTRIBUTES,
  migrations: { game: storePurchaseMigrations },
  seed: seedStorePurchases,
  async register(app, { game, stores, config }) {
    await registerStorePurchaseRoutes(app, { game, stores: stores.game, verifiers: await storeVerifiersOf(config) });
  },
  liveTopics: STORE_PURCHASE_LIVE_TOPICS,
  personalData: storePurchasesPersonalData,
  revenue: storePurchasesRevenue,
  counts: {
    creditPurchasesCount: countRecentStorePurchases('credit-pack'),
    subscriptionPurchasesCount: countRecentStorePurchases('premium'),
  },
  countsAt: {
    creditPurchasesCount: countRecentStorePurchases('credit-pack'),
    subscriptionPurchasesCount: countRecentStorePurchases('premium'),
  },
};
