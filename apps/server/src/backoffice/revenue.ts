import { REVENUE_CHANNELS, type Revenue, type RevenueDay, type RevenueQuery } from '@outpost/contracts/backoffice';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { RevenueEntry, RevenueSource } from '../domain';

const DAY_MS = 24 * 60 * 60 * 1000;

const order = (channel: string) => REVENUE_CHANNELS.indexOf(channel as RevenueDay['channel']);

/** Adds up entries of one key; the key's fields are kept from the first. */
function sumBy<Entry extends Omit<RevenueEntry, 'day'>>(entries: readonly Entry[], keyOf: (entry: Entry) => string) {
  const sums = new Map<string, Entry & { netCents: number }>();
  for (const entry of entries) {
    const key = keyOf(entry);
    const sum = sums.get(key) ?? { ...entry, grossCents: 0, refundCents: 0, netCents: 0 };
    sum.grossCents += entry.grossCents;
    sum.refundCents += entry.refundCents;
    sum.netCents = sum.grossCents - sum.refundCents;
    sums.set(key, sum);
  }
  return [...sums.values()];
}

/**
 * The revenue of one environment per day, channel and currency (gross, refunds, net) over the days
 * of `query`, both included, from every domain that takes money; currencies are never converted
 * into one another, so a channel that sold in two currencies has a line for each.
 */
export async function readRevenue(
  game: Kysely<GameDatabase>,
  sources: readonly RevenueSource[],
  query: RevenueQuery,
): Promise<Revenue> {
  const range = {
    since: new Date(`${query.from}T00:00:00.000Z`).toISOString(),
    until: new Date(Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS).toISOString(),
  };
  const entries = (await Promise.all(sources.map((source) => source(game, range)))).flat();
  const days = sumBy(entries, (entry) => `${entry.day}|${entry.channel}|${entry.currency}`).sort(
    (a, b) => a.day.localeCompare(b.day) || order(a.channel) - order(b.channel) || a.currency.localeCompare(b.currency),
  );
  const totals = sumBy(
    days.map(({ day: _day, ...rest }) => rest),
    (entry) => `${entry.channel}|${entry.currency}`,
  ).sort((a, b) => order(a.channel) - order(b.channel) || a.currency.localeCompare(b.currency));
  return { days, totals };
}
