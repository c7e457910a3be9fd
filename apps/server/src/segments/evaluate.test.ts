import type { Environment } from '@outpost/contracts/environments';
import type { SegmentDefinition, SegmentRule } from '@outpost/contracts/segments/schemas';
import { describe, expect, it } from 'vitest';
import {
  PlayerAttributeCache,
  type PlayerAttributes,
  platformBit,
  SOURCED_ATTRIBUTES,
  type SourcedAttribute,
} from './attributes';
import { holdsPlayer, segmentRows } from './evaluate';

/*
 * A definition as a test of each row of a reading, and the cache of readings, on readings and a
 * clock made by hand: no store, no real wait. What the routes answer over real tables is
 * segments.test.ts's.
 */

const DAY_MS = 86_400_000;
const COUNTED_AT = new Date('2026-12-04T12:00:00.000Z');
const at = (daysBefore: number, extraMs = 0) => COUNTED_AT.getTime() - daysBefore * DAY_MS - extraMs;

type Row = { userId: string; createdAt: number } & Partial<Record<SourcedAttribute, number>>;

/** A reading as readPlayerAttributes leaves one: rows in the given order, last seen NaN where absent. */
function reading(rows: readonly Row[], countedAt = COUNTED_AT): PlayerAttributes {
  const columns = Object.fromEntries(
    SOURCED_ATTRIBUTES.map((attribute) => [
      attribute,
      Float64Array.from(rows, (row) => row[attribute] ?? (attribute === 'lastSeenDays' ? Number.NaN : 0)),
    ]),
  ) as Record<SourcedAttribute, Float64Array>;
  return {
    countedAt,
    userIds: rows.map((row) => row.userId),
    rowOf: new Map(rows.map((row, index) => [row.userId, index])),
    accountCreatedAt: Float64Array.from(rows, (row) => row.createdAt),
    columns,
  };
}

/** Newest accounts first, as the reading keeps them. */
const PLAYERS = reading([
  { userId: 'newcomer', createdAt: at(0, 1), lastSeenDays: at(0, 1), playtimeMinutes: 5 },
  {
    userId: 'regular',
    createdAt: at(30),
    lastSeenDays: at(1),
    playtimeMinutes: 600,
    highestLevel: 12,
    platform: platformBit('ios') | platformBit('web'),
    premium: 2,
  },
  {
    userId: 'lapsed',
    createdAt: at(90, 1),
    lastSeenDays: at(14),
    creditsSpent: 250,
    creditsHeld: 40,
    purchases: 3,
    platform: platformBit('android'),
    betaTester: 1,
  },
  { userId: 'stranger', createdAt: at(400), earlyAccess: 1, partner: 1 },
]);

const members = (definition: SegmentDefinition, attributes = PLAYERS) =>
  segmentRows(definition, attributes, { offset: 0, limit: 100 }).rows.map((row) => attributes.userIds[row]);
const only = (rule: SegmentRule) => members({ match: 'all', rules: [rule] });

describe('a segment as a test of each row', () => {
  it('counts whole days before the reading, and a player never seen as more days than any', () => {
    expect(only({ attribute: 'lastSeenDays', op: 'atLeast', value: 14 })).toEqual(['lapsed', 'stranger']);
    expect(only({ attribute: 'lastSeenDays', op: 'atMost', value: 0 })).toEqual(['newcomer']);
    expect(only({ attribute: 'lastSeenDays', op: 'atMost', value: 1 })).toEqual(['newcomer', 'regular']);
    expect(only({ attribute: 'lastSeenDays', op: 'atLeast', value: 1_000_000_000 })).toEqual(['stranger']);
    expect(only({ attribute: 'lastSeenDays', op: 'atMost', value: 1_000_000_000 })).toEqual([
      'newcomer',
      'regular',
      'lapsed',
    ]);
    // A millisecond short of 90 days is 89 whole days; 90 days and a millisecond is 90.
    expect(only({ attribute: 'accountAgeDays', op: 'atLeast', value: 90 })).toEqual(['lapsed', 'stranger']);
    expect(only({ attribute: 'accountAgeDays', op: 'atMost', value: 0 })).toEqual(['newcomer']);
    const edge = reading([{ userId: 'edge', createdAt: at(90) + 1, lastSeenDays: at(7) + 1 }]);
    expect(members({ match: 'all', rules: [{ attribute: 'accountAgeDays', op: 'atMost', value: 89 }] }, edge)).toEqual([
      'edge',
    ]);
    expect(members({ match: 'all', rules: [{ attribute: 'lastSeenDays', op: 'atLeast', value: 7 }] }, edge)).toEqual(
      [],
    );
  });

  it('compares numbers at least and at most, both inclusive, an absent value as 0', () => {
    expect(only({ attribute: 'playtimeMinutes', op: 'atLeast', value: 600 })).toEqual(['regular']);
    expect(only({ attribute: 'playtimeMinutes', op: 'atMost', value: 5 })).toEqual(['newcomer', 'lapsed', 'stranger']);
    expect(only({ attribute: 'highestLevel', op: 'atMost', value: 0 })).toEqual(['newcomer', 'lapsed', 'stranger']);
    expect(only({ attribute: 'creditsSpent', op: 'atLeast', value: 250 })).toEqual(['lapsed']);
    expect(only({ attribute: 'creditsHeld', op: 'atLeast', value: 41 })).toEqual([]);
    expect(only({ attribute: 'purchases', op: 'atLeast', value: 0 })).toHaveLength(4);
  });

  it('holds a flag for any value above 0, and a platform by its bit', () => {
    expect(only({ attribute: 'premium', op: 'is' })).toEqual(['regular']);
    expect(only({ attribute: 'premium', op: 'isNot' })).toEqual(['newcomer', 'lapsed', 'stranger']);
    expect(only({ attribute: 'betaTester', op: 'is' })).toEqual(['lapsed']);
    expect(only({ attribute: 'partner', op: 'is' })).toEqual(['stranger']);
    expect(only({ attribute: 'earlyAccess', op: 'isNot' })).toEqual(['newcomer', 'regular', 'lapsed']);
    expect(only({ attribute: 'platform', op: 'is', value: 'ios' })).toEqual(['regular']);
    expect(only({ attribute: 'platform', op: 'is', value: 'web' })).toEqual(['regular']);
    expect(only({ attribute: 'platform', op: 'is', value: 'android' })).toEqual(['lapsed']);
    expect(only({ attribute: 'platform', op: 'isNot', value: 'android' })).toEqual(['newcomer', 'regular', 'stranger']);
  });

  it('combines rules by all or any, and a group by its own match inside', () => {
    const seenLately = { attribute: 'lastSeenDays', op: 'atMost', value: 7 } as const;
    const onPhone = (value: 'ios' | 'android') => ({ attribute: 'platform', op: 'is', value }) as const;
    expect(members({ match: 'all', rules: [seenLately, onPhone('ios')] })).toEqual(['regular']);
    expect(members({ match: 'any', rules: [onPhone('ios'), onPhone('android')] })).toEqual(['regular', 'lapsed']);
    expect(
      members({
        match: 'all',
        rules: [{ match: 'any', rules: [onPhone('ios'), onPhone('android')] }, seenLately],
      }),
    ).toEqual(['regular']);
    expect(
      members({
        match: 'any',
        rules: [
          {
            match: 'all',
            rules: [
              { attribute: 'partner', op: 'is' },
              { attribute: 'earlyAccess', op: 'is' },
            ],
          },
          { match: 'all', rules: [seenLately, { attribute: 'highestLevel', op: 'atMost', value: 0 }] },
        ],
      }),
    ).toEqual(['newcomer', 'stranger']);
  });

  it('counts every member however few rows a page asks for, and pages from an offset in reading order', () => {
    const everyone: SegmentDefinition = {
      match: 'all',
      rules: [{ attribute: 'accountAgeDays', op: 'atLeast', value: 0 }],
    };
    expect(segmentRows(everyone, PLAYERS, { offset: 0, limit: 0 })).toEqual({ size: 4, rows: [] });
    expect(segmentRows(everyone, PLAYERS, { offset: 1, limit: 2 })).toEqual({ size: 4, rows: [1, 2] });
    const notPremium: SegmentDefinition = { match: 'all', rules: [{ attribute: 'premium', op: 'isNot' }] };
    expect(segmentRows(notPremium, PLAYERS, { offset: 1, limit: 5 })).toEqual({ size: 3, rows: [2, 3] });
    expect(segmentRows(notPremium, PLAYERS, { offset: 3, limit: 5 })).toEqual({ size: 3, rows: [] });
    expect(segmentRows(notPremium, reading([]), { offset: 0, limit: 5 })).toEqual({ size: 0, rows: [] });
  });

  it('holds one player by id, and no id that is not a player of the reading', () => {
    const premium: SegmentDefinition = { match: 'all', rules: [{ attribute: 'premium', op: 'is' }] };
    expect(holdsPlayer(premium, PLAYERS, 'regular')).toBe(true);
    expect(holdsPlayer(premium, PLAYERS, 'lapsed')).toBe(false);
    const notPremium: SegmentDefinition = { match: 'all', rules: [{ attribute: 'premium', op: 'isNot' }] };
    expect(holdsPlayer(notPremium, PLAYERS, 'deleted-account')).toBe(false);
  });
});

/** A read the test finishes by hand, in any order. */
interface PendingRead {
  environment: Environment;
  now: Date;
  finish(attributes?: PlayerAttributes): void;
  fail(error: Error): void;
}

/** A cache over reads the test controls, with a clock it moves. */
function cacheUnderTest(maxAgeMs = 60_000, maxStaleMs = 300_000) {
  let clock = COUNTED_AT.getTime();
  const reads: PendingRead[] = [];
  const cache = new PlayerAttributeCache({
    maxAgeMs,
    maxStaleMs,
    now: () => new Date(clock),
    read: (environment, now) =>
      new Promise<PlayerAttributes>((resolve, reject) => {
        reads.push({
          environment,
          now,
          finish: (attributes) => resolve(attributes ?? reading([], now)),
          fail: reject,
        });
      }),
  });
  return {
    cache,
    reads,
    advance(ms: number) {
      clock += ms;
    },
  };
}

/** A cache under test whose first reading of the environment is read and finished: the reading the tests age. */
async function cacheAfterFirstReading({
  environment = 'development',
  maxAgeMs,
}: {
  environment?: Environment;
  maxAgeMs?: number;
} = {}) {
  const underTest = cacheUnderTest(maxAgeMs);
  const first = underTest.cache.get(environment);
  underTest.reads[0]?.finish();
  return { ...underTest, first: await first };
}

/** Lets every settled promise's callbacks run: what a reading's end sets is set after it. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise's outcome so far, without waiting for it. */
function watch<T>(promise: Promise<T>): { value?: T; done: boolean } {
  const state: { value?: T; done: boolean } = { done: false };
  promise.then((value) => {
    state.value = value;
    state.done = true;
  });
  return state;
}

describe('the cache of readings', () => {
  it('reads once for callers that ask together, then answers from that reading while it is young', async () => {
    const { cache, reads, advance } = cacheUnderTest();
    const first = watch(cache.get('development'));
    const second = watch(cache.get('development'));
    expect(reads).toHaveLength(1);
    expect(reads[0]?.now).toEqual(COUNTED_AT);
    await settle();
    expect(first.done || second.done).toBe(false);

    reads[0]?.finish();
    await settle();
    expect(first.value).toBe(second.value);
    expect(first.value?.countedAt).toEqual(COUNTED_AT);

    advance(59_999);
    expect(await cache.get('development')).toBe(first.value);
    expect(reads).toHaveLength(1);
  });

  it('waits for a new reading past a reading too old to answer for now', async () => {
    const { cache, reads, advance, first: old } = await cacheAfterFirstReading();

    advance(300_000);
    const next = watch(cache.get('development'));
    expect(reads).toHaveLength(2);
    await settle();
    // Not the players of five minutes ago: the caller waits for the reading of now.
    expect(next.done).toBe(false);
    reads[1]?.finish();
    await settle();
    expect(next.value).not.toBe(old);
    expect(next.value?.countedAt).toEqual(new Date(COUNTED_AT.getTime() + 300_000));
  });

  it('keeps each environment’s reading apart', async () => {
    const { cache, reads } = cacheUnderTest();
    const development = watch(cache.get('development'));
    const production = watch(cache.get('production'));
    expect(reads.map((read) => read.environment)).toEqual(['development', 'production']);
    reads[1]?.finish();
    await settle();
    expect(production.done).toBe(true);
    expect(development.done).toBe(false);
  });

  it('answers a stale reading at once while one new reading is read behind it', async () => {
    const { cache, reads, advance, first: old } = await cacheAfterFirstReading();

    advance(60_000);
    expect(await cache.get('development')).toBe(old);
    expect(reads).toHaveLength(2);
    expect(reads[1]?.now).toEqual(new Date(COUNTED_AT.getTime() + 60_000));
    // Another use while that reading is under way neither waits nor starts one more.
    advance(5_000);
    expect(await cache.get('development')).toBe(old);
    expect(reads).toHaveLength(2);

    reads[1]?.finish();
    await settle();
    const fresh = await cache.get('development');
    expect(fresh).not.toBe(old);
    expect(fresh.countedAt).toEqual(new Date(COUNTED_AT.getTime() + 60_000));
    expect(reads).toHaveLength(2);
  });

  it('answers the stale reading when the reading behind it fails, and reads again on the next use', async () => {
    const { cache, reads, advance, first: old } = await cacheAfterFirstReading();
    advance(61_000);
    expect(await cache.get('development')).toBe(old);
    reads[1]?.fail(new Error('the store went away'));
    await settle();
    expect(await cache.get('development')).toBe(old);
    expect(reads).toHaveLength(3);
  });

  it('tells the first caller when the first reading fails, and reads again for the next', async () => {
    const { cache, reads } = cacheUnderTest();
    const first = cache.get('development');
    reads[0]?.fail(new Error('the store went away'));
    await expect(first).rejects.toThrow('the store went away');
    const second = watch(cache.get('development'));
    expect(reads).toHaveLength(2);
    reads[1]?.finish();
    await settle();
    expect(second.done).toBe(true);
  });

  it('makes a recount wait for a reading begun after the call, not one under way before it', async () => {
    const { cache, reads, advance } = await cacheAfterFirstReading();

    advance(60_000);
    await cache.get('development');
    expect(reads).toHaveLength(2);
    const behind = reads[1];

    advance(1_000);
    const recount = watch(cache.get('development', { recount: true }));
    expect(reads).toHaveLength(3);
    const after = reads[2];
    expect(after?.now).toEqual(new Date(COUNTED_AT.getTime() + 61_000));

    // The reading begun before the call ends first: the recount still waits.
    behind?.finish();
    await settle();
    expect(recount.done).toBe(false);
    after?.finish();
    await settle();
    expect(recount.value?.countedAt).toEqual(after?.now);
    expect(await cache.get('development')).toBe(recount.value);
  });

  it('keeps the newest reading when an older one ends after it', async () => {
    const { cache, reads, advance } = await cacheAfterFirstReading();
    advance(60_000);
    await cache.get('development');
    const older = reads[1];
    advance(1_000);
    const recounted = cache.get('development', { recount: true });
    reads[2]?.finish();
    const newest = await recounted;

    older?.finish();
    await settle();
    expect(await cache.get('development')).toBe(newest);
  });

  it('reads again on the first use once a reading is exactly its maximum age', async () => {
    const { cache, reads, advance } = await cacheAfterFirstReading({ environment: 'beta', maxAgeMs: 1_000 });
    advance(999);
    await cache.get('beta');
    expect(reads).toHaveLength(1);
    advance(1);
    await cache.get('beta');
    expect(reads).toHaveLength(2);
  });
});
