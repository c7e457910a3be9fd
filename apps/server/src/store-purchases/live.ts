import { STORE_PURCHASES_TOPIC, STORE_SALES_TOPIC } from '@outpost/contracts/store-purchases/contract';
import type { LiveScope } from '../domain';
import { BACK_OFFICE_AUDIENCE, type LiveTopic, ownerAudience } from '../platform/live/routes';
import { listStorePurchases } from './queries';

/**
 * The player's store purchases, on their own topic: a grant or a store's reversal changed them; and
 * the back office's store sales (its revenue and subscribers), on theirs.
 */
export const STORE_PURCHASE_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  {
    name: STORE_PURCHASES_TOPIC,
    access: 'owner',
    side: 'game',
    sources: [{ topic: STORE_PURCHASES_TOPIC, table: 'store_purchases', key: 'user_id' }],
    audience: ownerAudience,
    load: async (key, _audience, { game }) => ({ purchases: await listStorePurchases(game, key) }),
  },
  {
    name: STORE_SALES_TOPIC,
    access: 'adminArea',
    side: 'game',
    sources: [{ topic: STORE_SALES_TOPIC, table: 'store_purchases', key: 'transaction_id' }],
    audience: () => BACK_OFFICE_AUDIENCE,
    load: async (key, _audience, { game }) =>
      (await game
        .selectFrom('store_purchases')
        .select(['store', 'transaction_id as transactionId', 'kind', 'reversal'])
        .where('transaction_id', '=', key)
        .executeTakeFirst()) ?? null,
  },
];
