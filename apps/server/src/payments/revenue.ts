import { sql } from 'kysely';
import type { RevenueEntry, RevenueSource } from '../domain';

/**
 * The web's sales: every order paid with money (PayPal, or a card through Stripe) on the day it was
 * settled. Refunds are the selling domain's (merch's), made against its orders.
 */
export const paymentsRevenue: RevenueSource = async (game, { since, until }) => {
  const rows = await game
    .selectFrom('payment_orders')
    .select([
      sql<string>`substr(settled_at, 1, 10)`.as('day'),
      'payment',
      'currency',
      sql<number | string>`sum(amount_cents)`.as('gross'),
    ])
    .where('status', '=', 'completed')
    .where('payment', 'in', ['paypal', 'stripe'])
    .where('settled_at', '>=', since)
    .where('settled_at', '<', until)
    .groupBy([sql`substr(settled_at, 1, 10)`, 'payment', 'currency'])
    .execute();
  return rows.map(
    (row): RevenueEntry => ({
      day: row.day,
      channel: row.payment as RevenueEntry['channel'],
      currency: row.currency.toUpperCase(),
      grossCents: Number(row.gross),
      refundCents: 0,
    }),
  );
};
