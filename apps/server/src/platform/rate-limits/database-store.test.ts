import { createHmac } from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { databaseRateLimitStore, pruneRateLimitWindows } from './database-store';
import { type RateLimitTables, rateLimitTablesOf } from './tables';

const WINDOW_MS = 60_000;
const SECRET = 'a-secret-every-instance-of-this-deployment-shares';

/**
 * The shared store is what instances on PostgreSQL use; its SQL runs on SQLite too, so it is
 * checked on both. Each "instance" here is a store of its own (its own leases) on one database.
 */
describe.each(TEST_DIALECTS)('the shared rate-limit store on %s', (dialect) => {
  let t: TestStores;
  let db: Kysely<RateLimitTables>;
  let clock = Date.parse('2026-12-01T12:00:00Z');
  const now = () => clock;
  let route = 0;

  /** A route's store on a new instance: `routeName` names the route, so tests keep apart. */
  const instance = (routeName: string): FastifyRateLimitStore => {
    const Store = databaseRateLimitStore(db, { secret: SECRET, now });
    return new Store({}).child({ routeInfo: { method: 'GET', url: routeName } } as never);
  };
  const take = (store: FastifyRateLimitStore, max: number, client = 'client') =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      const incr = store.incr as (
        key: string,
        callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
        windowMs: number,
        max: number,
      ) => void;
      incr.call(store, client, (error, result) => (error || !result ? reject(error) : resolve(result)), WINDOW_MS, max);
    });
  const allowedOf = async (answers: Promise<{ current: number }>[], max: number) =>
    (await Promise.all(answers)).filter((answer) => answer.current <= max).length;
  const usedOf = async (url: string, client = 'client') =>
    Number(
      (
        await db
          .selectFrom('rate_limit_windows')
          .select('used')
          .where('key', '=', createHmac('sha256', SECRET).update(`GET ${url}|${client}`).digest('base64url'))
          .executeTakeFirst()
      )?.used,
    );
  const nextRoute = () => {
    route += 1;
    return `/route-${route}`;
  };

  beforeAll(async () => {
    t = await openTestStores(dialect);
    db = rateLimitTablesOf(t.stores.identity);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('holds two instances together to the limit, one request after another', async () => {
    const url = nextRoute();
    const [a, b] = [instance(url), instance(url)];
    const answers: boolean[] = [];
    for (let call = 0; call < 8; call += 1) answers.push((await take(call % 2 ? b : a, 5)).current <= 5);
    expect(answers).toEqual([true, true, true, true, true, false, false, false]);
  });

  it('grants exactly the limit to concurrent requests on three instances', async () => {
    const url = nextRoute();
    const stores = [instance(url), instance(url), instance(url)];
    const answers = Array.from({ length: 60 }, (_, call) => take(stores[call % 3] as FastifyRateLimitStore, 20));
    expect(await allowedOf(answers, 20)).toBe(20);
  });

  it('keeps clients and routes apart, and stores neither in the clear', async () => {
    const url = nextRoute();
    const store = instance(url);
    expect((await take(store, 1, '203.0.113.9')).current).toBe(1);
    expect((await take(store, 1, '203.0.113.9')).current).toBe(2);
    expect((await take(store, 1, 'player-zephyrine')).current).toBe(1);
    expect((await take(instance(nextRoute()), 1, '203.0.113.9')).current).toBe(1);
    const keys = (await db.selectFrom('rate_limit_windows').select('key').execute()).map((row) => row.key);
    expect(keys.filter((key) => /203\.0\.113|zephyrine|route-/.test(key))).toEqual([]);
  });

  it('leases a large limit in bulk and counts it locally', async () => {
    const url = nextRoute();
    const store = instance(url);
    for (let call = 0; call < 100; call += 1) expect((await take(store, 1600)).current).toBeLessThanOrEqual(1600);
    // One lease of a sixteenth covered the hundred requests: one write, not a hundred.
    expect(await usedOf(url)).toBe(100);
    // Another instance knows nothing of the window yet: it asks for a sixteenth of the limit, and
    // then, knowing the window's total, a sixteenth of what is left.
    const other = instance(url);
    for (let call = 0; call < 101; call += 1) await take(other, 1600);
    expect(await usedOf(url)).toBe(200 + Math.floor((1600 - 200) / 16));
  });

  it('refuses a spent window locally, at no cost to the database, until it ends', async () => {
    const url = nextRoute();
    const store = instance(url);
    for (let call = 0; call < 3; call += 1) await take(store, 3);
    const refused = await take(store, 3);
    expect(refused.current).toBe(4);
    expect(refused.ttl).toBe(WINDOW_MS);
    const used = await usedOf(url);
    for (let call = 0; call < 20; call += 1) expect((await take(store, 3)).current).toBe(4);
    expect(await usedOf(url)).toBe(used);

    clock += WINDOW_MS / 2;
    expect((await take(store, 3)).ttl).toBe(WINDOW_MS / 2);
    clock += WINDOW_MS / 2;
    // The window ended: a new one starts, on this instance and on any other.
    expect((await take(store, 3)).current).toBeLessThanOrEqual(3);
    expect((await take(instance(url), 3)).current).toBeLessThanOrEqual(3);
    expect(await usedOf(url)).toBe(2);
  });

  it('forgets ended windows when pruned', async () => {
    const url = nextRoute();
    await take(instance(url), 3);
    const ended = new Date(clock + WINDOW_MS + 1);
    const before = await db.selectFrom('rate_limit_windows').select('key').execute();
    expect(await pruneRateLimitWindows(db, new Date(clock))).toBe(0);
    expect(await pruneRateLimitWindows(db, ended)).toBe(before.length);
    expect(await db.selectFrom('rate_limit_windows').select('key').execute()).toEqual([]);
  });
});
