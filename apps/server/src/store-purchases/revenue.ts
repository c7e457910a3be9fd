import type { RevenueEntry, RevenueSource } from '../domain';

/**
 * The game's store sales at what the store charged (when it said): each transaction on the day it
 * was bought, and a store's refund or revocation on the day it was made, from the day sums the store
 * keeps as purchases are written (migrations/2026-12-28-store-revenue-days.ts).
 */
export const storePurchasesRevenue: RevenueSource = async (game, { since, until }) => {
  const rows = await game
    .selectFrom('store_revenue_days')
    .select(['day', 'store', 'currency', 'purchases', 'purchase_cents', 'reversals', 'reversal_cents'])
    .where('day', '>=', since.slice(0, 10))
    .where('day', '<', until.slice(0, 10))
    .execute();
  return rows.flatMap((row) => {
    const entry = (grossCents: number, refundCents: number): RevenueEntry => ({
      day: row.day,
      channel: row.store as RevenueEntry['channel'],
      currency: row.currency.toUpperCase(),
      grossCents,
      refundCents,
    });
    return [
      ...(Number(row.purchases) > 0 ? [entry(Number(row.purchase_cents), 0)] : []),
      ...(Number(row.reversals) > 0 ? [entry(0, Number(row.reversal_cents))] : []),
    ];
  });
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Game Status tiles' share of the game's stores: transactions of the 24 hours before `now`, of credit packs or
 * of premium (new and renewed); bounded at `now`, so the 24 hours before are the figure as it stood then.
 */
export function countRecentStorePurchases(kind: 'credit-pack' | 'premium') {
  return async ({ game }: { game: Parameters<RevenueSource>[0] }, now = new Date()): Promise<number> => {
    const row = await game
      .selectFrom('store_purchases')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('kind', '=', kind)
      .where('purchased_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
      .where('purchased_at', '<=', now.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
}
