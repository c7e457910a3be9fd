import type { SegmentAttributeSource } from '../domain';
import { withinPlayers } from '../segments/index';

/** Each player's App Store and Google Play purchases the store has not taken back, for segments' purchases. */
export const STORE_PURCHASE_SEGMENT_ATTRIBUTES: readonly SegmentAttributeSource[] = [
  {
    attribute: 'purchases',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('store_purchases'), 'user_id', players)
        .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('purchases')])
        .where('reversal', 'is', null)
        .groupBy('user_id')
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: Number(row.purchases) }));
    },
  },
];
