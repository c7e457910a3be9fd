import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameDatabase } from '../database';
import { Database } from '../platform/db/sqlite-driver';
import { createSqliteKysely } from '../platform/db/sqlite-kysely';
import type { Dialect } from '../platform/db/stores';
import { buildTestApp, openTestStores, TEST_DIALECTS, type TestApp, type TestStores } from '../testing/test-stores';
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

/** A game store migrated up to (not including) the counter's migration, then the rest: as an existing store meets it. */
async function openUnmigratedStore(
  dialect: Dialect,
): Promise<{ db: Kysely<GameDatabase>; schema?: string; cleanup(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-count-'));
    const db = createSqliteKysely<GameDatabase>(new Database(path.join(dir, 'game.sqlite')));
    return {
      db,
      async cleanup() {
        await db.destroy();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `count_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  const db = new Kysely<GameDatabase>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    schema,
    async cleanup() {
      await db.destroy();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
}

describe.each(TEST_DIALECTS)('the signup count migration on %s', (dialect) => {
  let store: Awaited<ReturnType<typeof openUnmigratedStore>> | undefined;
  afterEach(async () => {
    await store?.cleanup();
    store = undefined;
  });

  it('starts from the rows an existing store already holds', async () => {
    store = await openUnmigratedStore(dialect);
    const { db, schema } = store;
    // As stores.ts does: on PostgreSQL the bookkeeping tables are named by schema.
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => siteMigrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const before = Object.keys(siteMigrations)
      .sort()
      .filter((name) => name < COUNTER_MIGRATION);
    const last = before.at(-1);
    if (!last) throw new Error('The counter migration should follow the list migration.');
    expect((await migrator.migrateTo(last)).error).toBeUndefined();
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

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await countEmailSignups(db)).toBe(37);
    await insertEmailSignup(db, { email: 'new@example.com', source: 'x', createdAt: 'now' });
    expect(await countEmailSignups(db)).toBe(38);
    // One row only.
    await expect(db.insertInto('email_signup_count').values({ id: 2, total: 0 }).execute()).rejects.toThrow();
  });
});
