import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameDatabase } from '../database';
import { buildTestApp, openTestStores, TEST_DIALECTS, type TestApp, type TestStores } from '../testing/test-stores';
import { openUnmigratedStore, type UnmigratedStore } from '../testing/unmigrated-store';
import { siteMigrations } from './migrations/index';
import { countEmailSignups, insertEmailSignup, insertEmailSignups, recountEmailSignups } from './queries';
import { seedSite } from './seed';

const COUNTER_MIGRATION = '2026-11-23-email-signup-count';

/** count(*) of the list itself, to hold the counter against. */
async function rowsOnList(db: Kysely<GameDatabase>): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from email_signups`.execute(db);
  return Number(rows[0]?.n);
}

describe.each(TEST_DIALECTS)('the signup count on %s', (dialect) => {
  let t: TestApp | TestStores | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('equals the list after concurrent signups through the app, repeats and case variants included', async () => {
    const app = await buildTestApp(dialect, { rateLimits: { emailSignup: { max: 10_000, windowMs: 60_000 } } });
    t = app;
    const base = await app.app.listen({ port: 0, host: '127.0.0.1' });
    // 12 addresses, each sent 4 times (twice upper-cased), all at once on separate connections.
    const addresses = Array.from({ length: 12 }, (_, index) => `racer-${index}@example.com`);
    const sends = addresses.flatMap((email) => [email, email.toUpperCase(), email, ` ${email.toUpperCase()} `]);
    const answers = await Promise.all(
      sends.map((email) =>
        fetch(`${base}/api/callable/signupForEmails`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ data: email }),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { data: { created: boolean } },
        })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(sends.length).fill(200));
    expect(answers.filter((answer) => answer.body.data.created)).toHaveLength(addresses.length);

    const db = app.stores.game.development;
    expect(await rowsOnList(db)).toBe(addresses.length);
    expect(await countEmailSignups(db)).toBe(addresses.length);
    const count = await fetch(`${base}/api/callable/signupCount`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: null }),
    });
    expect(await count.json()).toEqual({ data: { count: addresses.length } });
  });

  it('equals the list after concurrent inserts and batches that overlap, straight through the queries', async () => {
    t = await openTestStores(dialect);
    const db = t.stores.game.development;
    const signup = (email: string) => ({ email, source: 'test', createdAt: new Date().toISOString() });
    const batch = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, index) => signup(`batch-${from + index}@example.com`));
    const added = await Promise.all([
      insertEmailSignups(db, batch(0, 30)),
      insertEmailSignups(db, batch(20, 50)),
      ...Array.from({ length: 17 }, (_, index) => insertEmailSignup(db, signup(`batch-${index * 3}@example.com`))),
    ]);
    const total = added.reduce<number>((sum, value) => sum + Number(value), 0);
    expect(total).toBe(50);
    expect(await rowsOnList(db)).toBe(50);
    expect(await countEmailSignups(db)).toBe(50);
  });

  it('moves only by the demo rows a seed really adds', async () => {
    t = await openTestStores(dialect);
    const db = t.stores.game.beta;
    await insertEmailSignup(db, { email: 'survivor-001@example.com', source: 'landing', createdAt: 'now' });
    await insertEmailSignup(db, { email: 'someone@example.com', source: 'landing', createdAt: 'now' });
    await seedSite(db, new Date());
    await db.transaction().execute((trx) => seedSite(trx, new Date()));
    expect(await countEmailSignups(db)).toBe(await rowsOnList(db));
    expect(await countEmailSignups(db)).toBe(129);
  });

  it('is set right again by a recount after rows came or went around the queries', async () => {
    t = await openTestStores(dialect);
    const db = t.stores.game.development;
    await insertEmailSignup(db, { email: 'kept@example.com', source: 'test', createdAt: 'now' });
    await insertEmailSignup(db, { email: 'removed@example.com', source: 'test', createdAt: 'now' });
    await db.deleteFrom('email_signups').where('email', '=', 'removed@example.com').execute();
    await db
      .insertInto('email_signups')
      .values([1, 2, 3].map((n) => ({ email: `bulk-${n}@example.com`, source: 'bulk', created_at: 'now' })))
      .execute();
    expect(await countEmailSignups(db)).toBe(2);
    expect(await recountEmailSignups(db)).toBe(4);
    expect(await countEmailSignups(db)).toBe(4);
  });
});

describe.each(TEST_DIALECTS)('the signup count migration on %s', (dialect) => {
  let store: UnmigratedStore | undefined;
  afterEach(async () => {
    await store?.cleanup();
    store = undefined;
  });

  it('starts from the rows an existing store already holds', async () => {
    store = await openUnmigratedStore(dialect, siteMigrations);
    const { db } = store;
    await store.migrateToJustBefore(COUNTER_MIGRATION);
    await db
      .insertInto('email_signups')
      .values(
        Array.from({ length: 37 }, (_, index) => ({
          email: `old-${index}@example.com`,
          source: 'x',
          created_at: 'now',
        })),
      )
      .execute();

    await store.migrateToLatest();
    expect(await countEmailSignups(db)).toBe(37);
    await insertEmailSignup(db, { email: 'new@example.com', source: 'x', createdAt: 'now' });
    expect(await countEmailSignups(db)).toBe(38);
    // One row only.
    await expect(db.insertInto('email_signup_count').values({ id: 2, total: 0 }).execute()).rejects.toThrow();
  });
});
