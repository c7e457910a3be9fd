import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { ChangeSource } from '../platform/changes/triggers';
import { backOfficeListTopic, type LiveTopic, ownerAudience } from '../platform/live/routes';
import { readOrderProfile } from './order-profile';

/**
 * user-order-settings, live (docs/product.md §7.10): a player's own order profile, as GET
 * /api/account/order-profile answers it; and the back office's merch orders.
 */

export interface MerchLiveScope {
  game: Kysely<GameDatabase>;
}

export const MERCH_CHANGE_SOURCES: readonly ChangeSource[] = [
  { topic: 'order-profile', table: 'user_order_settings', key: 'user_id' },
];

export const MERCH_LIVE_TOPICS: readonly LiveTopic<MerchLiveScope>[] = [
  {
    name: 'order-profile',
    access: 'owner',
    side: 'game',
    sources: MERCH_CHANGE_SOURCES,
    // The route checked there is a viewer: an owner's topic needs one.
    audience: ownerAudience,
    load: (key, _audience, { game }) => readOrderProfile(game, key),
  },
  // The back office's orders: placed, paid, shipped, refunded, whoever moved them.
  backOfficeListTopic({
    name: 'merch-orders',
    access: 'manageShop',
    side: 'game',
    sources: [
      { topic: 'merch-orders', table: 'merch_orders', key: 'order_id' },
      // A refund the provider confirms later moves only its own row: it is a change of its order.
      { topic: 'merch-orders', table: 'merch_refunds', key: 'order_id' },
    ],
  }),
];
