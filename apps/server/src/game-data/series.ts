import {
  LIVE_SERIES,
  LIVE_STATS_RANGE_BUCKETS,
  type LiveSeries,
  type LiveSeriesName,
  type LiveStatsRange,
} from '@outpost/contracts/game-data';
import { sql } from 'kysely';
import type { CountedStores, Series, SeriesWindow } from '../domain';
import { bucketKey, bucketOf, bucketValues, type TimeUnit } from '../platform/db/time-buckets';

/*
 * The live stats over time, the live stats screen's charts. Each series is a query of the domain that
 * holds its data (a domain module's `series`), answering a value per bucket key of the window;
 * this module cuts the range into buckets, runs the queries side by side and fills the gaps with 0.
 */

/** Every domain's series, by name. */
export type SeriesByName = Partial<Record<LiveSeriesName, Series>>;

const UNIT_MS: Record<TimeUnit, number> = { hour: 3_600_000, day: 86_400_000 };

/** The starts of a range's buckets, oldest first, the one holding `now` last. */
export function rangeBuckets(range: LiveStatsRange, now: Date): Date[] {
  const { unit, count } = LIVE_STATS_RANGE_BUCKETS[range];
  const current = Math.floor(now.getTime() / UNIT_MS[unit]) * UNIT_MS[unit];
  return Array.from({ length: count }, (_, index) => new Date(current - (count - 1 - index) * UNIT_MS[unit]));
}

/** Every series of the range, 0 where nothing happened; a series no domain brings is all 0. */
export async function readLiveSeries(
  stores: CountedStores,
  queries: SeriesByName,
  range: LiveStatsRange,
  now = new Date(),
): Promise<LiveSeries> {
  const { unit } = LIVE_STATS_RANGE_BUCKETS[range];
  const starts = rangeBuckets(range, now);
  const window: SeriesWindow = { since: (starts[0] ?? now).toISOString(), unit };
  const keys = starts.map((start) => bucketKey(start, unit));
  const values = await Promise.all(
    LIVE_SERIES.map((name) => queries[name]?.(stores, window) ?? Promise.resolve(new Map<string, number>())),
  );
  return {
    range,
    unit,
    buckets: starts.map((start) => start.toISOString()),
    series: Object.fromEntries(
      LIVE_SERIES.map((name, index) => [name, keys.map((key) => values[index]?.get(key) ?? 0)]),
    ) as LiveSeries['series'],
  };
}

/**
 * Players the game saw, distinct per bucket: presence_hours holds each (hour, player) once, so an
 * hour's count is its rows and a day's is its distinct players.
 */
export const activePlayersSeries: Series = async ({ game }, { since, unit }) => {
  // The hour column is a bucket key already ('2026-11-26T18'); its first ten characters are its day.
  const bucket = unit === 'hour' ? sql<string>`hour` : sql<string>`substr(hour, 1, 10)`;
  const rows = await game
    .selectFrom('presence_hours')
    .where('hour', '>=', bucketKey(new Date(since), 'hour'))
    .select((eb) => [bucket.as('bucket'), eb.fn.count<string | number>('user_id').distinct().as('value')])
    .groupBy(bucket)
    .execute();
  return bucketValues(rows);
};

/** Seconds played per bucket: the day totals the ingestion keeps, or the last day's sessions by the hour. */
export const playtimeSeries: Series = async ({ game }, { since, unit }) => {
  if (unit === 'day') {
    const rows = await game
      .selectFrom('playtime_days')
      .where('day', '>=', bucketKey(new Date(since), 'day'))
      .select(['day as bucket', 'seconds as value'])
      .execute();
    return bucketValues(rows);
  }
  const bucket = bucketOf(game, sql.ref('played_at'), 'hour');
  const rows = await game
    .selectFrom('user_playtime')
    .where('played_at', '>=', since)
    .select((eb) => [bucket.as('bucket'), eb.fn.sum<string | number>('seconds').as('value')])
    .groupBy(bucket)
    .execute();
  return bucketValues(rows);
};
