import {
  type IngestBatchResult,
  LIVE_STATS_RANGE_BUCKETS,
  LIVE_STATS_RANGES,
  type LiveSeries,
} from '@outpost/contracts/game-data';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_PARTS } from '../domains';
import { deleteAccount } from '../identity/lifecycle/deletion';
import * as signUpHours from '../identity/migrations/2026-12-26-sign-up-hours';
import { clonePlayers, type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { bucketKey, bucketOf } from '../platform/db/time-buckets';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import * as activityCounters from './migrations/2026-12-26-activity-counters';

/*
 * The active players', playtime's and sign-ups' charts read counters kept as presence, sessions and accounts
 * are written (kinds.ts, identity migration 2026-12-26-sign-up-hours). Whatever the ingestion (a player seen
 * twice in an hour, in a batch and across batches, batches side by side), accounts backdated and players
 * erased, every range's series must equal the same series counted from the raw rows, as it was read before
 * the counters.
 */

const KEY = 'k'.repeat(40);
const HOUR = 3_600_000;

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(TEST_DIALECTS)('live stats series from counters on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let alive: string[];
  const next = random(37);
  const pick = <Value>(values: readonly Value[]) => values[Math.floor(next() * values.length)] as Value;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      config: { ingestKeys: { development: KEY, beta: undefined, production: undefined } },
    });
    ({ staff } = await signUpRoles(t.app, t.stores.identity, { staff: ['staff'] }));
    const [first] = await signUpPlayers(t.app, t.stores.identity, 'counted', 1);
    const clones = await clonePlayers(t.stores.identity, first?.userId ?? '', 'counted-clone', 40);
    alive = [first?.userId ?? '', ...clones.map((clone) => clone.userId)];
    // Sign-ups spread over 100 days, moved after the insert as partners/testing.ts backdates one.
    const { created_at: shape } = await t.stores.identity
      .selectFrom('auth_users')
      .select('created_at')
      .where('id', '=', alive[0] ?? '')
      .executeTakeFirstOrThrow();
    for (const userId of alive.slice(1)) {
      const created = new Date(Date.now() - Math.floor(next() * 100 * 24) * HOUR - Math.floor(next() * HOUR));
      await t.stores.identity
        .updateTable('auth_users')
        .set({ created_at: shape instanceof Date ? created : created.toISOString() })
        .where('id', '=', userId)
        .execute();
    }
  });
  afterAll(async () => {
    await t.cleanup();
  });

  let nextId = 0;
  /** A presence or play session of a living player, `hoursAgo` and some minutes before now. */
  const event = (hours: readonly number[]) => {
    nextId += 1;
    const at = new Date(Date.now() - pick(hours) * HOUR - Math.floor(next() * 59) * 60_000).toISOString();
    const userID = pick(alive);
    return next() < 0.7
      ? { id: `${dialect}:presence:${nextId}`, type: 'presence', at, userID }
      : { id: `${dialect}:playtime:${nextId}`, type: 'playtime', at, userID, seconds: 1 + Math.floor(next() * 900) };
  };
  const ingest = async (events: unknown[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingest/development/events',
      headers: { authorization: `Bearer ${KEY}` },
      payload: { events },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as IngestBatchResult).refused).toEqual([]);
  };
  /** Batches of events, three side by side, over a few hours, so players are seen again and again. */
  const ingestRounds = async (rounds: number) => {
    const hours = [0, 0, 1, 3, 23, ...Array.from({ length: 8 }, () => Math.floor(next() * 95 * 24))];
    for (let round = 0; round < rounds; round += 1) {
      await Promise.all(Array.from({ length: 3 }, () => ingest(Array.from({ length: 40 }, () => event(hours)))));
    }
  };

  const series = async (range: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/development/live-stats/series?range=${range}`,
      headers: { authorization: staff.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LiveSeries;
  };

  /** The series counted from the raw rows, as they were read before the counters. */
  const fromRows = async ({ range, buckets, unit }: LiveSeries) => {
    const since = buckets[0] ?? '';
    const game = t.stores.game.development;
    const identity = t.stores.identity;
    const hourBucket = unit === 'hour' ? sql<string>`hour` : sql<string>`substr(hour, 1, 10)`;
    const active = await game
      .selectFrom('presence_hours')
      .where('hour', '>=', bucketKey(new Date(since), 'hour'))
      .select((eb) => [hourBucket.as('bucket'), eb.fn.count<string | number>('user_id').distinct().as('value')])
      .groupBy(hourBucket)
      .execute();
    const played = bucketOf(sql.ref('played_at'), unit);
    const playtime = await game
      .selectFrom('user_playtime')
      .where('played_at', '>=', since)
      .select((eb) => [played.as('bucket'), eb.fn.sum<string | number>('seconds').as('value')])
      .groupBy(played)
      .execute();
    // The auth library's accounts keep created_at as timestamptz on PostgreSQL: read as an instant, in UTC.
    const created =
      dialect === 'postgres'
        ? sql<string>`to_char(created_at at time zone 'UTC', ${sql.lit(unit === 'hour' ? 'YYYY-MM-DD"T"HH24' : 'YYYY-MM-DD')})`
        : bucketOf(sql.ref('created_at'), unit);
    const signUps = await identity
      .selectFrom('auth_users')
      .where('created_at', '>=', since)
      .select((eb) => [created.as('bucket'), eb.fn.countAll<string | number>().as('value')])
      .groupBy(created)
      .execute();
    const values = (rows: readonly { bucket: string; value: string | number }[]) => {
      const byBucket = new Map(rows.map((row) => [row.bucket, Number(row.value)]));
      return buckets.map((bucket) => byBucket.get(bucketKey(new Date(bucket), unit)) ?? 0);
    };
    expect(LIVE_STATS_RANGE_BUCKETS[range].unit).toBe(unit);
    return { activePlayers: values(active), playtimeSeconds: values(playtime), signUps: values(signUps) };
  };

  const expectSameAsRows = async () => {
    for (const range of LIVE_STATS_RANGES) {
      const read = await series(range);
      const counted = await fromRows(read);
      const { activePlayers, playtimeSeconds, signUps } = read.series;
      expect({ range, activePlayers, playtimeSeconds, signUps }).toEqual({ range, ...counted });
    }
  };

  it('answers every range as the raw rows do, through duplicates, concurrent batches and erasures', async () => {
    await ingestRounds(6);
    const seen = await series('90d');
    expect(seen.series.activePlayers.some((value) => value > 1)).toBe(true);
    expect(seen.series.signUps.reduce((sum, value) => sum + value, 0)).toBeGreaterThan(10);
    expect((await series('24h')).series.playtimeSeconds.filter((value) => value > 0).length).toBeGreaterThan(1);
    await expectSameAsRows();

    // Players who go keep their sightings under the anonymous id, and their accounts leave the sign-ups.
    const data = {
      identity: t.stores.identity,
      game: t.stores.game,
      parts: PERSONAL_DATA_PARTS,
      logEnvironment: 'development' as const,
    };
    for (const userId of alive.splice(1, 4)) await deleteAccount(data, userId, { kind: 'operator' });
    await expectSameAsRows();

    // New sightings after the erasures, some in hours and days already counted.
    await ingestRounds(4);
    await expectSameAsRows();
  });

  it('fills the counters from the rows already there when the migrations run', async () => {
    await activityCounters.down(t.stores.game.development);
    await activityCounters.up(t.stores.game.development);
    await signUpHours.down(t.stores.identity);
    await signUpHours.up(t.stores.identity);
    expect((await t.stores.game.development.selectFrom('active_days').selectAll().execute()).length).toBeGreaterThan(1);
    await expectSameAsRows();
    await ingestRounds(1);
    await expectSameAsRows();
  });
});
