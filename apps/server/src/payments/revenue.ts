import type { RevenueEntry, RevenueSource } from '../domain';

/**
 * The web's sales: every order paid with money (PayPal, or a card through Stripe) on the day it was
 * settled, from the day sums the store keeps as orders settle (migrations/2026-12-28-revenue-days.ts).
 * Refunds are the selling domain's (merch's), made against its orders.
 */
export const paymentsRevenue: RevenueSource = async (game, { since, until }) => {
  const rows = await game
    .selectFrom('payment_revenue_days')
    .select(['day', 'payment', 'currency', 'gross_cents'])
    .where('day', '>=', since.slice(0, 10))
    .where('day', '<', until.slice(0, 10))
    .where('orders', '>', 0)
    .execute();
  return rows.map(
    (row): RevenueEntry => ({
      day: row.day,
      channel: row.payment as RevenueEntry['channel'],
      currency: row.currency.toUpperCase(),
      grossCents: Number(row.gross_cents),
      refundCents: 0,
    }),
  );
};
