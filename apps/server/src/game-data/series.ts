import {
  LIVE_SERIES,
  LIVE_STATS_RANGE_BUCKETS,
  type LiveSeries,
  type LiveSeriesName,
  type LiveStatsRange,
} from '@outpost/contracts/game-data';
import { sql } from 'kysely';
import type { GameDatabase } from '../database';
import type { CountedStores, Series, SeriesWindow } from '../domain';
import { bucketKey, bucketValues, type TimeUnit } from '../platform/db/time-buckets';

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
 * A series from counters the ingestion keeps in the transaction that stores their events (kinds.ts), one
 * table by the hour and one by the day, each keyed by a column named for its unit holding the bucket key: a row
 * per bucket, so a range costs its buckets, not its events.
 */
function counterSeries(tables: Record<TimeUnit, keyof GameDatabase & string>, value: 'players' | 'seconds'): Series {
  return async ({ game }, { since, unit }) => {
    const { rows } = await sql<{ bucket: string; value: string | number }>`
      select ${sql.ref(unit)} as bucket, ${sql.ref(value)} as value from ${sql.table(tables[unit])}
      where ${sql.ref(unit)} >= ${bucketKey(new Date(since), unit)}`.execute(game);
    return bucketValues(rows);
  };
}

/**
 * Players the game saw, distinct per bucket: counted as presence_hours and presence_days take a player's first
 * sighting of an hour and of a day.
 */
export const activePlayersSeries = counterSeries({ hour: 'active_hours', day: 'active_days' }, 'players');

/** Seconds played per bucket: the sessions' seconds summed by the hour and by the day. */
export const playtimeSeries = counterSeries({ hour: 'playtime_hours', day: 'playtime_days' }, 'seconds');
