import { sql } from 'kysely';
import type { RevenueEntry, RevenueSource } from '../domain';

/** Merch refunds made with the payment provider (not those paid back in credits), on the day they were made. */
export const merchRevenue: RevenueSource = async (game, { since, until }) => {
  const rows = await game
    .selectFrom('merch_refunds')
    .innerJoin('merch_orders', 'merch_orders.order_id', 'merch_refunds.order_id')
    .select([
      sql<string>`substr(merch_refunds.created_at, 1, 10)`.as('day'),
      'merch_orders.payment as payment',
      sql<number | string>`sum(merch_refunds.amount_cents)`.as('refunded'),
    ])
    .where('merch_refunds.status', '=', 'done')
    .where('merch_orders.payment', 'in', ['paypal', 'stripe'])
    .where('merch_refunds.created_at', '>=', since)
    .where('merch_refunds.created_at', '<', until)
    .groupBy([sql`substr(merch_refunds.created_at, 1, 10)`, 'merch_orders.payment'])
    .execute();
  return rows.map(
    (row): RevenueEntry => ({
      day: row.day,
      channel: row.payment as RevenueEntry['channel'],
      currency: 'USD',
      grossCents: 0,
      refundCents: Number(row.refunded),
    }),
  );
};
