import {
  ACTIVE_NOW_MINUTES,
  LIVE_STATS_ITEMS,
  LIVE_STATS_OBJECTIVES,
  type LiveStats,
  RECENT_MERCH_ORDERS_LIMIT,
  RECENT_USERS_LIMIT,
} from '@outpost/contracts/game-data';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../database';
import { countAccounts, listRecentAccounts } from '../identity/index';
import { countItemClaims } from '../ledger/index';
import { listRecentMerchOrders } from '../merch/index';
import { PLAYTIME_TOTAL } from './kinds';

/*
 * The live stats (docs/product.md §9.2): every figure is exact and one cheap read, as the
 * ingestion keeps its totals and counts beside the events; the reads run side by side.
 */

export interface LiveStatsStores {
  /** The environment's store. */
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
}

export interface LiveStatsLogger {
  error(details: object, message: string): void;
}

async function playtimeSeconds(db: Kysely<GameDatabase>): Promise<number> {
  const row = await db.selectFrom('game_totals').select('value').where('name', '=', PLAYTIME_TOTAL).executeTakeFirst();
  return Number(row?.value ?? 0);
}

async function objectiveCounts(db: Kysely<GameDatabase>): Promise<LiveStats['objectives']> {
  const rows = await db.selectFrom('objective_counts').selectAll().where('key', 'in', LIVE_STATS_OBJECTIVES).execute();
  const counts = new Map(rows.map((row) => [row.key, Number(row.count)]));
  return LIVE_STATS_OBJECTIVES.map((key) => ({ key, count: counts.get(key) ?? 0 }));
}

/** The highest level any player reached, and who reached it first. */
export async function highestLevel(db: Kysely<GameDatabase>): Promise<LiveStats['highestLevel']> {
  const row = await db
    .selectFrom('levels')
    .selectAll()
    .orderBy('level', 'desc')
    .orderBy('reached_at')
    .limit(1)
    .executeTakeFirst();
  return row ? { level: row.level, userID: row.user_id, reachedAt: row.reached_at } : null;
}

/** From when a map's report counts as now. */
const currentSince = (now: Date) => new Date(now.getTime() - ACTIVE_NOW_MINUTES * 60_000).toISOString();

/**
 * Players on the game's maps now, and when the newest report counted was made: the maps' counts reported in
 * the last ACTIVE_NOW_MINUTES, summed. The figure and the maps' own counts are the same reports, so the live
 * stats agree with themselves; the dashboard's Active Users is this figure too (game-data's `counts`).
 */
export async function readActiveNow(
  db: Kysely<GameDatabase>,
  now = new Date(),
): Promise<{ activeNow: number; asOf: string | null }> {
  const row = await db
    .selectFrom('map_presence')
    .where('updated_at', '>=', currentSince(now))
    .select((eb) => [eb.fn.sum<string | number | null>('active_now').as('total'), eb.fn.max('updated_at').as('asOf')])
    .executeTakeFirst();
  return { activeNow: Number(row?.total ?? 0), asOf: row?.asOf ?? null };
}

/**
 * Active now as it stood at `at` (within the last MAP_REPORTS_KEPT_HOURS): each map's latest report made by then,
 * if made in the ACTIVE_NOW_MINUTES before, summed; what readActiveNow answered at that moment.
 */
export async function readActiveNowAt(db: Kysely<GameDatabase>, at: Date): Promise<number> {
  const then = at.toISOString();
  const row = await db
    .selectFrom('map_presence_reports as report')
    .where('report.reported_at', '>=', currentSince(at))
    .where('report.reported_at', '<=', then)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('map_presence_reports as later')
            .select('later.map_id')
            .whereRef('later.map_id', '=', 'report.map_id')
            .whereRef('later.reported_at', '>', 'report.reported_at')
            .where('later.reported_at', '<=', then),
        ),
      ),
    )
    .select((eb) => eb.fn.sum<string | number | null>('report.active_now').as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Players the game saw (user-presence) in the last ACTIVE_NOW_MINUTES: the user-presence record's figure. */
export async function countPlayersSeen(db: Kysely<GameDatabase>, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('user_presence')
    .where('last_seen', '>=', currentSince(now))
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Presence per map with its data, each saying whether its report is current (counted in active now); a map
 * the game sent no data for has null, and the gap is logged (docs/product.md §8.5).
 */
export async function readMaps(
  db: Kysely<GameDatabase>,
  log: LiveStatsLogger,
  now = new Date(),
  mapID?: string,
): Promise<LiveStats['maps']> {
  const since = currentSince(now);
  let query = db
    .selectFrom('map_presence')
    .leftJoin('map_data', 'map_data.map_id', 'map_presence.map_id')
    .select(['map_presence.map_id', 'map_presence.active_now', 'map_presence.updated_at', 'map_data.data'])
    .orderBy('map_presence.active_now', 'desc')
    .orderBy('map_presence.map_id');
  if (mapID !== undefined) query = query.where('map_presence.map_id', '=', mapID);
  const rows = await query.execute();
  return rows.map((row) => {
    if (row.data === null) log.error({ mapID: row.map_id }, 'The game has sent no map data for a map with presence.');
    return {
      mapID: row.map_id,
      activeNow: row.active_now,
      updatedAt: row.updated_at,
      current: row.updated_at >= since,
      data: row.data === null ? null : (JSON.parse(row.data) as Record<string, unknown>),
    };
  });
}

/** The environment's live stats, as they stand at `now`. */
export async function readLiveStats(
  stores: LiveStatsStores,
  log: LiveStatsLogger,
  now = new Date(),
): Promise<LiveStats> {
  const { game, identity } = stores;
  const [usersCount, playtime, claimedItems, objectives, recentUsers, recentMerchOrders, level, active, mapList] =
    await Promise.all([
      countAccounts(identity),
      playtimeSeconds(game),
      countItemClaims(game, LIVE_STATS_ITEMS),
      objectiveCounts(game),
      listRecentAccounts(identity, RECENT_USERS_LIMIT),
      listRecentMerchOrders(game, RECENT_MERCH_ORDERS_LIMIT),
      highestLevel(game),
      readActiveNow(game, now),
      readMaps(game, log, now),
    ]);
  return {
    at: now.toISOString(),
    usersCount,
    playtimeSeconds: playtime,
    claimedItems,
    objectives,
    recentUsers,
    recentMerchOrders,
    highestLevel: level,
    activeNow: active.activeNow,
    activeNowAsOf: active.asOf,
    maps: mapList,
  };
}
