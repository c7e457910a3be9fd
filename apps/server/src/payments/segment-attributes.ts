import type { SegmentAttributeSource } from '../domain';
import { withinPlayers } from '../segments/index';

/** Each player's paid orders on the web, for segments' purchases (the stores' purchases add theirs). */
export const PAYMENT_SEGMENT_ATTRIBUTES: readonly SegmentAttributeSource[] = [
  {
    attribute: 'purchases',
    async values({ game }, players) {
      const rows = await withinPlayers(game.selectFrom('payment_orders'), 'user_id', players)
        .select((eb) => ['user_id', eb.fn.countAll<number | string>().as('orders')])
        .where('status', '=', 'completed')
        // Paid with money: a spin paid in credits is an order too, but spends what a purchase bought.
        .where('payment', 'in', ['paypal', 'stripe'])
        .groupBy('user_id')
        .execute();
      return rows.map((row) => ({ userId: row.user_id, value: Number(row.orders) }));
    },
  },
];
