import { z } from 'zod/mini';
import { adminEnvironmentParamsSchema } from './environments';
import { MERCH_ORDER_STATUSES } from './merch';
import { gameReportInputSchema } from './moderation';
import { episodeStatsEntrySchema } from './theater';

/*
 * The game's own records (docs/product.md §3.16: levels, claimed-items, objective-tracking, user-playtime,
 * user-presence with lastSeen, map-presence with activeNow, map-data) as the game's servers report them:
 * batches of events over HTTP with a service key of the environment. Every event has an id of the game's, so
 * a batch sent twice is stored once; a bad event is refused on its own, with its index and the reason, and
 * the good ones are stored.
 */

/** Events one batch may carry. */
export const INGEST_BATCH_MAX = 1000;
/** A map's data, as JSON text, at most. */
export const MAP_DATA_MAX_BYTES = 65_536;
export const GAME_EVENT_ID_MAX_LENGTH = 128;
/** A playtime event is one session's time: at most a day. */
export const PLAYTIME_MAX_SECONDS = 86_400;
export const LEVEL_MAX = 100_000;

export const GAME_EVENT_TYPES = [
  'playtime',
  'level',
  'item-claimed',
  'objective',
  'presence',
  'map-presence',
  'map-data',
  'episode-stats',
  'report',
] as const;
export type GameEventType = (typeof GAME_EVENT_TYPES)[number];

const id = (what: string, max = 100) =>
  z
    .string({ error: `${what} is required.` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${what} is required.` }),
      z.maxLength(max, { error: `${what} is at most ${max} characters.` }),
    );

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .int({ error: `${what} must be a whole number from ${min} to ${max}.` })
    .check(
      z.minimum(min, { error: `${what} must be a whole number from ${min} to ${max}.` }),
      z.maximum(max, { error: `${what} must be a whole number from ${min} to ${max}.` }),
    );

/**
 * What every event has: the game's id for it, its type, and when it happened (ISO 8601 with a zone;
 * the batch refuses one dated more than GAME_EVENT_CLOCK_SKEW_MS ahead of the server's clock).
 */
const eventBase = {
  id: z
    .string({ error: 'id is required: the game’s own id for the event, so a resent batch is stored once.' })
    .check(
      z.minLength(1, { error: 'id is required: the game’s own id for the event, so a resent batch is stored once.' }),
      z.maxLength(GAME_EVENT_ID_MAX_LENGTH, { error: `id is at most ${GAME_EVENT_ID_MAX_LENGTH} characters.` }),
    ),
  at: z.iso.datetime({ offset: true, error: 'at must be when it happened, in ISO 8601 with a time zone.' }),
};

const userID = id('userID', 200);

export const gameEventSchema = z.discriminatedUnion(
  'type',
  [
    /** A play session's time, added to the player's and everyone's playtime. */
    z.object({
      ...eventBase,
      type: z.literal('playtime'),
      userID,
      seconds: wholeNumber('seconds', 1, PLAYTIME_MAX_SECONDS),
    }),
    /** A level the player reached; their level is the highest they reached. */
    z.object({ ...eventBase, type: z.literal('level'), userID, level: wholeNumber('level', 0, LEVEL_MAX) }),
    /** An item the player claimed in the game: it joins their inventory (claimed-items). */
    z.object({
      ...eventBase,
      type: z.literal('item-claimed'),
      userID,
      itemID: id('itemID'),
      quantity: z._default(wholeNumber('quantity', 1, 1000), 1),
    }),
    /** An objective the player did (objective-tracking), counted per key. */
    z.object({ ...eventBase, type: z.literal('objective'), userID, key: id('key') }),
    /** The player was seen in the game at `at` (user-presence lastSeen). */
    z.object({ ...eventBase, type: z.literal('presence'), userID }),
    /** How many players are on a map now (map-presence activeNow). */
    z.object({
      ...eventBase,
      type: z.literal('map-presence'),
      mapID: id('mapID'),
      activeNow: wholeNumber('activeNow', 0, 10_000_000),
    }),
    /** A map's data (map-data), replaced as a whole by a later one. */
    z.object({
      ...eventBase,
      type: z.literal('map-data'),
      mapID: id('mapID'),
      data: z.record(z.string(), z.unknown(), { error: 'data must be a JSON object.' }).check(
        z.refine((data) => JSON.stringify(data).length <= MAP_DATA_MAX_BYTES, {
          error: `data is at most ${MAP_DATA_MAX_BYTES} bytes of JSON.`,
        }),
      ),
    }),
    /** An episode's in-game stats, replaced as a whole (as PUT /api/ingest/:env/episode-stats). */
    z.extend(episodeStatsEntrySchema, { ...eventBase, type: z.literal('episode-stats') }),
    /** A report the game files (as POST /api/ingest/:env/reports). */
    z.extend(gameReportInputSchema, { ...eventBase, type: z.literal('report') }),
  ],
  { error: `type must be one of ${GAME_EVENT_TYPES.join(', ')}.` },
);
export type GameEvent = z.infer<typeof gameEventSchema>;
export type GameEventOf<Type extends GameEventType> = Extract<GameEvent, { type: Type }>;

/** POST /api/ingest/:env/events: each event is checked on its own, so the batch takes any JSON values. */
export const ingestBatchInputSchema = z.object({
  events: z
    .array(z.unknown(), { error: 'events must be a list of events.' })
    .check(
      z.minLength(1, { error: `A batch carries 1 to ${INGEST_BATCH_MAX} events.` }),
      z.maxLength(INGEST_BATCH_MAX, { error: `A batch carries 1 to ${INGEST_BATCH_MAX} events.` }),
    ),
});

export const ingestRefusalSchema = z.object({
  /** The event's place in the batch, from 0. */
  index: z.int(),
  /** Its id, when it had one. */
  id: z.nullable(z.string()),
  reason: z.string(),
});
export type IngestRefusal = z.infer<typeof ingestRefusalSchema>;

export const ingestBatchResultSchema = z.object({
  /** Events stored now. */
  stored: z.int(),
  /** Events stored before (by an earlier batch, or twice in this one): nothing changed for them. */
  duplicated: z.int(),
  refused: z.array(ingestRefusalSchema),
});
export type IngestBatchResult = z.infer<typeof ingestBatchResultSchema>;

/** What the reason of a refused event says when a player it names (in `field`) has no account. */
export const unknownPlayerReason = (userID: string, field = 'userID') =>
  `There is no player ${userID} (${field} names an account).`;

/** How far ahead of the server's clock an event may be dated: a game server's clock drifts a little. */
export const GAME_EVENT_CLOCK_SKEW_MS = 2 * 60_000;

/** What the reason of a refused event says when it is dated in the future, beyond the clock skew. */
export const futureEventReason = (at: string, now: Date) =>
  `at is ${at}, ${Math.ceil((Date.parse(at) - now.getTime()) / 60_000)} minutes ahead of the server's clock: an event is dated when it happened (a clock up to ${GAME_EVENT_CLOCK_SKEW_MS / 60_000} minutes ahead is allowed).`;

// ── Service keys of the game's servers ───────────────────────────────────────────────────────────

export const INGEST_KEY_NAME_MAX_LENGTH = 80;

export const ingestKeySchema = z.object({
  keyID: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the key itself is shown once, at creation. */
  prefix: z.string(),
  createdAt: z.string(),
  /** The admin who created it. */
  createdBy: z.string(),
  /** When the game last called with it (to the minute); null when never. */
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type IngestKey = z.infer<typeof ingestKeySchema>;

export const ingestKeyListSchema = z.object({ keys: z.array(ingestKeySchema) });

/** POST /api/admin/:env/ingest-keys. */
export const createIngestKeyInputSchema = z.object({
  name: z.string({ error: 'Name the key: which server or team uses it.' }).check(
    z.trim(),
    z.minLength(1, { error: 'Name the key: which server or team uses it.' }),
    z.maxLength(INGEST_KEY_NAME_MAX_LENGTH, {
      error: `A key's name is at most ${INGEST_KEY_NAME_MAX_LENGTH} characters.`,
    }),
  ),
});
export type CreateIngestKeyInput = z.input<typeof createIngestKeyInputSchema>;

/** The new key with its secret: shown this once, stored only as a digest. */
export const createdIngestKeySchema = z.object({ key: ingestKeySchema, secret: z.string() });
export type CreatedIngestKey = z.infer<typeof createdIngestKeySchema>;

export const ingestKeyParamsSchema = z.extend(adminEnvironmentParamsSchema, { keyID: z.string() });

// ── Live stats (/admin/live, docs/product.md §9.2) ────────────────────────────────────────────────────────────

/** The items whose claims the live stats count (docs/product.md §9.2). */
export const LIVE_STATS_ITEMS = ['taco', 'boba-tea'] as const;
/** The objective keys whose tracking the live stats count (docs/product.md §9.2). */
export const LIVE_STATS_OBJECTIVES = ['login', 'lobby-chat'] as const;
export const RECENT_USERS_LIMIT = 20;
export const RECENT_MERCH_ORDERS_LIMIT = 20;
/** A player seen, or a map's report of its players, counts as now for these minutes; older, it is the past. */
export const ACTIVE_NOW_MINUTES = 5;

export const liveStatsSchema = z.object({
  /** When the figures were read (ISO 8601, UTC): active now is counted from it. */
  at: z.string(),
  /** Accounts (docs/product.md §9.2's users count, exact). */
  usersCount: z.int(),
  /** Every reported play session's seconds, summed. */
  playtimeSeconds: z.number(),
  /** Claims of each counted item (quantities summed), in LIVE_STATS_ITEMS' order. */
  claimedItems: z.array(z.object({ itemID: z.string(), count: z.int() })),
  /** Trackings of each counted objective key, in LIVE_STATS_OBJECTIVES' order. */
  objectives: z.array(z.object({ key: z.string(), count: z.int() })),
  /** The newest accounts, newest first. */
  recentUsers: z.array(z.object({ userID: z.string(), displayName: z.nullable(z.string()), joinedAt: z.string() })),
  /** The newest merch orders by order time. */
  recentMerchOrders: z.array(
    z.object({
      orderID: z.string(),
      orderNumber: z.int(),
      userID: z.string(),
      orderTime: z.string(),
      status: z.enum(MERCH_ORDER_STATUSES),
      totalCents: z.int(),
    }),
  ),
  /** The top of levels: the highest level a player reached, and who; null before any. */
  highestLevel: z.nullable(z.object({ level: z.int(), userID: z.string(), reachedAt: z.string() })),
  /**
   * Players on the game's maps now: the sum of the maps' counts reported in the last ACTIVE_NOW_MINUTES (the
   * maps below whose `current` is true), so the figure and the maps always agree.
   */
  activeNow: z.int(),
  /** When the newest of those reports was made (ISO 8601); null when no map reported in the window. */
  activeNowAsOf: z.nullable(z.string()),
  /**
   * Presence per map (map-presence), with its map data; data is null when the game sent none
   * (docs/product.md §8.5).
   */
  maps: z.array(
    z.object({
      mapID: z.string(),
      /** Players on the map at its latest report. */
      activeNow: z.int(),
      /** When the game made that report. */
      updatedAt: z.string(),
      /** Reported in the last ACTIVE_NOW_MINUTES: its count is part of active now; older, it is only its last known. */
      current: z.boolean(),
      data: z.nullable(z.record(z.string(), z.unknown())),
    }),
  ),
});
export type LiveStats = z.infer<typeof liveStatsSchema>;

// ── The live stats over time (/admin/live's charts) ─────────────────────────────────────────────

/** The charts' ranges: the last 24 hours by the hour, or the last days by the day. */
export const LIVE_STATS_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type LiveStatsRange = (typeof LIVE_STATS_RANGES)[number];
export const DEFAULT_LIVE_STATS_RANGE: LiveStatsRange = '7d';

/** How a range is cut: its unit and how many of them, the current one included. */
export const LIVE_STATS_RANGE_BUCKETS: Record<LiveStatsRange, { unit: 'hour' | 'day'; count: number }> = {
  '24h': { unit: 'hour', count: 24 },
  '7d': { unit: 'day', count: 7 },
  '30d': { unit: 'day', count: 30 },
  '90d': { unit: 'day', count: 90 },
};

/**
 * The series the charts draw: players seen in the game (distinct per hour or day), seconds played,
 * accounts made, credit packs bought, merch orders paid.
 */
export const LIVE_SERIES = [
  'activePlayers',
  'playtimeSeconds',
  'signUps',
  'creditPurchases',
  'merchPurchases',
] as const;
export type LiveSeriesName = (typeof LIVE_SERIES)[number];

/** GET /api/admin/:env/live-stats/series?range= */
export const liveSeriesQuerySchema = z.object({
  range: z._default(
    z.enum(LIVE_STATS_RANGES, { error: `range must be one of ${LIVE_STATS_RANGES.join(', ')}.` }),
    DEFAULT_LIVE_STATS_RANGE,
  ),
});

export const liveSeriesSchema = z.object({
  range: z.enum(LIVE_STATS_RANGES),
  unit: z.enum(['hour', 'day']),
  /** Each bucket's start (ISO 8601, UTC), oldest first; the last is the current hour or day. */
  buckets: z.array(z.string()),
  /** Each series' value per bucket, in the buckets' order (0 where nothing happened). */
  series: z.object(
    Object.fromEntries(LIVE_SERIES.map((name) => [name, z.array(z.number())])) as Record<
      LiveSeriesName,
      z.ZodMiniArray<z.ZodMiniNumber>
    >,
  ),
});
export type LiveSeries = z.infer<typeof liveSeriesSchema>;
