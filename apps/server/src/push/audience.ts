import type { PushPlatform } from '@outpost/contracts/push';
import { type Expression, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { GameDatabase } from '../database';
import { isPostgres } from '../platform/db/dialect';
import type { PushDeviceRow } from './tables';
import { tokenKey } from './token-key';

/*
 * What a send reads (the send job, send-job.ts): the devices of its audience in batches by key, so a
 * send to 100,000 devices reads one indexed page at a time and a checkpointed cursor resumes it
 * where it stopped; and the tokens the push service reports invalid, dropped.
 */

/** A device to send to. */
export interface PushDevice {
  userId: string;
  token: string;
  platform: PushPlatform;
  /** The token's key (push_devices.token_hash), as read: a send records and drops by it without hashing again. */
  key: string;
}

const toDevice = (row: Pick<PushDeviceRow, 'user_id' | 'token' | 'platform' | 'token_hash'>): PushDevice => ({
  userId: row.user_id,
  token: row.token,
  platform: row.platform,
  key: row.token_hash,
});

/** The ids a statement may bind at once, kept well under SQLite's and PostgreSQL's limits. */
const IDS_PER_STATEMENT = 1000;
/** The most players a `players` audience names: more belongs in a `segment`, which the store resolves itself. */
export const PUSH_CHOSEN_PLAYERS_MAX = 10_000;

/** A query of the environment's store answering the players of a segment (beta testers, partners, recently active). */
export type SegmentQuery = (
  db: Kysely<GameDatabase>,
) => SelectQueryBuilder<GameDatabase, keyof GameDatabase, { user_id: string }>;

export type PushAudience =
  | { kind: 'everyone' }
  | { kind: 'players'; userIds: readonly string[] }
  | { kind: 'segment'; players: SegmentQuery };

/** The audience's devices, as a query to page or count. */
function audienceDevices(db: Kysely<GameDatabase>, audience: PushAudience) {
  const all = db.selectFrom('push_devices');
  switch (audience.kind) {
    case 'everyone':
      return all;
    case 'players': {
      if (audience.userIds.length > PUSH_CHOSEN_PLAYERS_MAX) {
        throw new RangeError(
          `A push to chosen players names at most ${PUSH_CHOSEN_PLAYERS_MAX} of them (${audience.userIds.length} given).`,
        );
      }
      // An empty list matches nobody; `in ()` is not SQL.
      return audience.userIds.length === 0
        ? all.where((eb) => eb.lit(false))
        : all.where('user_id', 'in', [...audience.userIds]);
    }
    case 'segment':
      return all.where('user_id', 'in', audience.players(db));
  }
}

/**
 * An audience's players for counting them whole: a query of the game store naming them (a column
 * user_id), or a list read elsewhere (a segment's reading, the chosen, the partners), each once.
 */
export type AudienceMembers =
  | { kind: 'query'; players: Expression<{ user_id: string }> }
  | { kind: 'listed'; userIds: readonly string[] };

/**
 * How many players an audience has, and how many devices of theirs, each counted in one statement
 * rather than a page of players at a time: the devices from push_device_players, a player's count in
 * one narrow row (migrations/2027-01-01-push-device-counts.ts). Where PostgreSQL joins by hash rather
 * than looking each player up, it passes over those rows rather than every device with its token: at
 * 77,920 devices of 65,051 players, the week's 2,323 active players' devices took 22–26 ms against 64
 * (docs/decisions/0154-push-audience-totals.md).
 */
export async function measureMembers(
  db: Kysely<GameDatabase>,
  members: AudienceMembers,
): Promise<{ players: number; devices: number }> {
  if (members.kind === 'listed') {
    // The list is its players; only its devices are the store's to count.
    if (members.userIds.length === 0) return { players: 0, devices: 0 };
    const { rows } = await listedDevicesCount(db, members.userIds).execute(db);
    return { players: members.userIds.length, devices: Number(rows[0]?.devices ?? 0) };
  }
  const { rows } = await membersCount(members.players).execute(db);
  return { players: Number(rows[0]?.players ?? 0), devices: Number(rows[0]?.devices ?? 0) };
}

/** A query audience's players and devices in one statement (apart, so a test can read its plan). */
export function membersCount(players: Expression<{ user_id: string }>) {
  return sql<{ players: string | number; devices: string | number }>`select
    (select count(*) from ${players} as members) as players,
    (select coalesce(sum(devices), 0) from push_device_players
      where user_id in (select user_id from ${players} as members)) as devices`;
}

/**
 * The devices of listed players, the list one parameter whatever its length (PostgreSQL: an array;
 * SQLite: a JSON array read by json_each), so the text stays short and is prepared once.
 */
export function listedDevicesCount(db: Kysely<GameDatabase>, userIds: readonly string[]) {
  const listed = isPostgres(db)
    ? sql`user_id = any(${[...userIds]}::text[])`
    : sql`user_id in (select value from json_each(${JSON.stringify(userIds)}))`;
  return sql<{ devices: string | number }>`select coalesce(sum(devices), 0) as devices
    from push_device_players where ${listed}`;
}

export interface DevicePage {
  devices: PushDevice[];
  /** The key to resume after (the last device's); null when this page was the last. */
  next: string | null;
}

/**
 * One page of the audience's devices in key order, after `after` (a page's `next`, or null for
 * the first). Keyset rather than offset: each page is an index range, however deep into 100,000
 * devices, and a device registered or dropped meanwhile never shifts another into or out of a page.
 */
export async function audienceDevicePage(
  db: Kysely<GameDatabase>,
  audience: PushAudience,
  { after, limit }: { after: string | null; limit: number },
): Promise<DevicePage> {
  let page = audienceDevices(db, audience).select(['token_hash', 'user_id', 'token', 'platform']);
  if (after !== null) page = page.where('token_hash', '>', after);
  const rows = await page.orderBy('token_hash').limit(limit).execute();
  const last = rows.at(-1);
  return {
    devices: rows.map(toDevice),
    next: rows.length === limit && last ? last.token_hash : null,
  };
}

/** Every page of the audience's devices from `after` on, each with the cursor that resumes after it. */
export async function* audienceDeviceBatches(
  db: Kysely<GameDatabase>,
  audience: PushAudience,
  { after = null, batchSize }: { after?: string | null; batchSize: number },
): AsyncGenerator<DevicePage> {
  let cursor = after;
  do {
    const page = await audienceDevicePage(db, audience, { after: cursor, limit: batchSize });
    if (page.devices.length > 0) yield page;
    cursor = page.next;
  } while (cursor !== null);
}

/** Splits a list into runs a statement can bind. */
function chunks<T>(items: readonly T[]): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += IDS_PER_STATEMENT) {
    runs.push(items.slice(start, start + IDS_PER_STATEMENT));
  }
  return runs;
}

/** The devices of these players (a test notification, a small send), by player and key. */
export async function listPlayersDevices(db: Kysely<GameDatabase>, userIds: readonly string[]): Promise<PushDevice[]> {
  const devices: PushDevice[] = [];
  for (const run of chunks([...new Set(userIds)].sort())) {
    const rows = await db
      .selectFrom('push_devices')
      .select(['user_id', 'token', 'platform', 'token_hash'])
      .where('user_id', 'in', run)
      .orderBy('user_id')
      .orderBy('token_hash')
      .execute();
    devices.push(...rows.map(toDevice));
  }
  return devices;
}

/** Forgets the tokens the push service answered as no longer valid (unregistered, malformed); answers how many went. */
export function dropDevices(db: Kysely<GameDatabase>, tokens: readonly string[]): Promise<number> {
  return dropDeviceKeys(db, tokens.map(tokenKey));
}

/** dropDevices by the tokens' keys, as a page of devices read them. */
export async function dropDeviceKeys(db: Kysely<GameDatabase>, keys: readonly string[]): Promise<number> {
  let dropped = 0;
  for (const run of chunks([...new Set(keys)])) {
    const result = await db.deleteFrom('push_devices').where('token_hash', 'in', run).executeTakeFirst();
    dropped += Number(result.numDeletedRows);
  }
  return dropped;
}
