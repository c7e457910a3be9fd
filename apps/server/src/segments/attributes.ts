import { setImmediate } from 'node:timers/promises';
import type { Environment } from '@outpost/contracts/environments';
import { PUSH_PLATFORMS, type PushPlatform } from '@outpost/contracts/push';
import { SEGMENT_ATTRIBUTES, type SegmentAttribute } from '@outpost/contracts/segments/schemas';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { CountedStores, PlayerRange, SegmentAttributeSource } from '../domain';
import { playerAccountPage } from '../identity/index';

/*
 * Every player's attributes in one environment, read at once from the domains that hold them and
 * kept in memory as columns (docs/decisions/0138-segments.md): a segment's size is then a pass over
 * typed arrays, which no per-rule query across two stores could answer at 100,000 players in time.
 */

/** The attributes a domain brings; an account's age comes with the accounts themselves. */
export type SourcedAttribute = SegmentAttributeSource['attribute'];

/** Every attribute but an account's age, which comes with the accounts. */
export const SOURCED_ATTRIBUTES = SEGMENT_ATTRIBUTES.filter(
  (attribute): attribute is SourcedAttribute => attribute !== 'accountAgeDays',
);

/** A platform's bit in the platform column: a player with devices on two has both. */
export const platformBit = (platform: PushPlatform): number => 1 << PUSH_PLATFORMS.indexOf(platform);

/** How two domains' values of one attribute for one player add up. */
const COMBINE: Partial<Record<SegmentAttribute, (held: number, value: number) => number>> = {
  lastSeenDays: (held, value) => (Number.isNaN(held) ? value : Math.max(held, value)),
  platform: (held, value) => held | value,
};
const sum = (held: number, value: number) => held + value;

/** Every player account of an environment (newest first) and each one's attributes, as read at `countedAt`. */
export interface PlayerAttributes {
  countedAt: Date;
  userIds: readonly string[];
  /** The row of each user id. */
  rowOf: ReadonlyMap<string, number>;
  /** Each account's creation, in milliseconds since 1970. */
  accountCreatedAt: Float64Array;
  /** A column per attribute, a row per player; last seen is NaN for a player the game never reported. */
  columns: Readonly<Record<SourcedAttribute, Float64Array>>;
}

/** How many players one read asks for: no read of a source holds the server (SQLite's are synchronous) long. */
export const PLAYERS_PER_READ = 5_000;

/** Every player account of the environment in id order, a page at a time, handing the server back between pages. */
async function readAccounts(stores: CountedStores, perRead: number): Promise<{ userId: string; createdAt: number }[]> {
  const accounts: { userId: string; createdAt: number }[] = [];
  for (let after: string | null = null; ; ) {
    const page = await playerAccountPage(stores.identity, after, perRead);
    accounts.push(...page);
    if (page.length < perRead) return accounts;
    after = page.at(-1)?.userId ?? null;
    await setImmediate();
  }
}

/** The ranges of user ids the sources are read by: `perRead` accounts each, the first and last open-ended. */
function rangesOf(idsInOrder: readonly string[], perRead: number): PlayerRange[] {
  const ranges: PlayerRange[] = [];
  for (let start = 0; start === 0 || start < idsInOrder.length; start += perRead) {
    const next = idsInOrder[start + perRead];
    ranges.push({ from: start === 0 ? null : (idsInOrder[start] ?? null), to: next ?? null });
  }
  return ranges;
}

/**
 * Reads every player's attributes now: the accounts, then each domain's values into their rows,
 * range after range of user ids, the sources of one range side by side, handing the server back to
 * its requests between ranges.
 */
export async function readPlayerAttributes(
  stores: CountedStores,
  sources: readonly SegmentAttributeSource[],
  now: Date,
  perRead = PLAYERS_PER_READ,
): Promise<PlayerAttributes> {
  const byId = await readAccounts(stores, perRead);
  const ranges = rangesOf(
    byId.map((account) => account.userId),
    perRead,
  );
  const accounts = byId.sort((a, b) => b.createdAt - a.createdAt || (a.userId < b.userId ? 1 : -1));
  const count = accounts.length;
  const userIds = accounts.map((account) => account.userId);
  const rowOf = new Map(userIds.map((userId, row) => [userId, row]));
  const accountCreatedAt = Float64Array.from(accounts, (account) => account.createdAt);
  const columns = Object.fromEntries(
    SOURCED_ATTRIBUTES.map((attribute) => [
      attribute,
      new Float64Array(count).fill(attribute === 'lastSeenDays' ? Number.NaN : 0),
    ]),
  ) as Record<SourcedAttribute, Float64Array>;
  for (const range of ranges) {
    const read = await Promise.all(sources.map((source) => source.values(stores, range, now)));
    sources.forEach((source, index) => {
      const column = columns[source.attribute];
      const combine = COMBINE[source.attribute] ?? sum;
      for (const { userId, value } of read[index] ?? []) {
        const row = rowOf.get(userId);
        // A value of an account being deleted, or gone between the two reads, names no player.
        if (row !== undefined) column[row] = combine(column[row] ?? 0, value);
      }
    });
    await setImmediate();
  }
  return { countedAt: now, userIds, rowOf, accountCreatedAt, columns };
}

/** Keeps a source's query to one range of players: its `column` holds the user id. */
export function withinPlayers<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  { from, to }: PlayerRange,
): SelectQueryBuilder<DB, TB, O> {
  let within = query;
  if (from !== null) within = within.where(sql.ref(column), '>=', from);
  if (to !== null) within = within.where(sql.ref(column), '<', to);
  return within;
}

export interface PlayerAttributeCacheOptions {
  read(environment: Environment, now: Date): Promise<PlayerAttributes>;
  /** How long a reading serves before the next use reads again (it still answers meanwhile). */
  maxAgeMs: number;
  /**
   * How old a reading may be and still answer while the next is read: older, a use waits for a new
   * one (after a quiet hour, a push to a segment goes to its players of now, not of an hour ago).
   */
  maxStaleMs: number;
  now?: () => Date;
}

/**
 * Each environment's latest reading. A reading older than `maxAgeMs` still answers while a new one
 * is read behind it, one at a time, until it is `maxStaleMs` old; `recount` waits for a reading begun
 * after the call, so what the caller changed before is counted.
 */
export class PlayerAttributeCache {
  readonly #latest = new Map<Environment, PlayerAttributes>();
  readonly #reading = new Map<Environment, Promise<PlayerAttributes>>();

  constructor(private readonly options: PlayerAttributeCacheOptions) {}

  async get(environment: Environment, { recount = false } = {}): Promise<PlayerAttributes> {
    const latest = this.#latest.get(environment);
    const age = latest ? this.#now().getTime() - latest.countedAt.getTime() : Number.POSITIVE_INFINITY;
    if (recount || !latest || age >= this.options.maxStaleMs) return this.#read(environment, recount);
    if (age >= this.options.maxAgeMs) {
      this.#read(environment, false).catch(() => {
        // The next use reads again; this one answers with the latest reading.
      });
    }
    return latest;
  }

  #now(): Date {
    return this.options.now?.() ?? new Date();
  }

  #read(environment: Environment, fresh: boolean): Promise<PlayerAttributes> {
    const under = this.#reading.get(environment);
    if (under && !fresh) return under;
    const reading = this.options
      .read(environment, this.#now())
      .then((attributes) => {
        const latest = this.#latest.get(environment);
        if (!latest || latest.countedAt <= attributes.countedAt) this.#latest.set(environment, attributes);
        return attributes;
      })
      .finally(() => {
        if (this.#reading.get(environment) === reading) this.#reading.delete(environment);
      });
    this.#reading.set(environment, reading);
    return reading;
  }
}
