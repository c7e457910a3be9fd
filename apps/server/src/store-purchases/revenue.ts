import { sql } from 'kysely';
import type { RevenueEntry, RevenueSource } from '../domain';

/**
 * The game's store sales at what the store charged (when it said): each transaction on the day it
 * was bought, and a store's refund or revocation on the day it was made.
 */
export const storePurchasesRevenue: RevenueSource = async (game, { since, until }) => {
  const money = (time: 'purchased_at' | 'reversed_at') =>
    game
      .selectFrom('store_purchases')
      .select([
        sql<string>`substr(${sql.ref(time)}, 1, 10)`.as('day'),
        'store',
        'currency',
        sql<number | string>`sum(amount_cents)`.as('cents'),
      ])
      .where('amount_cents', 'is not', null)
      .where(time, '>=', since)
      .where(time, '<', until)
      .groupBy([sql`substr(${sql.ref(time)}, 1, 10)`, 'store', 'currency'])
      .execute();
  const [sold, reversed] = await Promise.all([money('purchased_at'), money('reversed_at')]);
  const entry = (row: (typeof sold)[number], gross: boolean): RevenueEntry => ({
    day: row.day,
    channel: row.store as RevenueEntry['channel'],
    currency: (row.currency ?? 'USD').toUpperCase(),
    grossCents: gross ? Number(row.cents) : 0,
    refundCents: gross ? 0 : Number(row.cents),
  });
  return [...sold.map((row) => entry(row, true)), ...reversed.map((row) => entry(row, false))];
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
