import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppStores } from './database';
import { dropSchemas, joinMigrations } from './platform/db/stores';
import { countEmailSignups, insertEmailSignup } from './site/queries';
import { openAppStores } from './stores';
import { openTestStores, TEST_DIALECTS, type TestStores } from './testing/test-stores';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

describe.each(TEST_DIALECTS)('stores on %s', (dialect) => {
  let t: TestStores | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('opens the identity store and one game store per environment, all migrated and answering', async () => {
    t = await openTestStores(dialect);
    expect(t.stores.dialect).toBe(dialect);
    await t.stores.ping();
    await t.stores.identity.selectFrom('profiles').selectAll().execute();
    for (const env of ['development', 'beta', 'production'] as const) {
      expect(await countEmailSignups(t.stores.game[env])).toBe(0);
    }
  });

  it('keeps each environment apart', async () => {
    t = await openTestStores(dialect);
    await insertEmailSignup(t.stores.game.beta, { email: 'beta@example.com', source: 'test', createdAt: 'now' });
    expect(await countEmailSignups(t.stores.game.beta)).toBe(1);
    expect(await countEmailSignups(t.stores.game.development)).toBe(0);
    expect(await countEmailSignups(t.stores.game.production)).toBe(0);
  });

  it('rolls a failed transaction back whole', async () => {
    t = await openTestStores(dialect);
    const db = t.stores.game.development;
    await expect(
      db.transaction().execute(async (trx) => {
        await insertEmailSignup(trx, { email: 'kept-out@example.com', source: 'test', createdAt: 'now' });
        throw new Error('half-way failure');
      }),
    ).rejects.toThrow('half-way failure');
    expect(await countEmailSignups(db)).toBe(0);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('stores on postgres', () => {
  it("introspect their own schema only, so another deployment's schemas in the same database cannot fail a migration", async () => {
    const t = await openTestStores('postgres');
    const databaseUrl = t.stores.postgres?.databaseUrl as string;
    // Another deployment in the same database, its schemas named with a prefix (DATABASE_SCHEMA_PREFIX).
    const other = await openAppStores({
      dataDir: 'unused-on-postgres',
      databaseUrl,
      schemaPrefix: 'other_',
      poolSize: 2,
    });
    try {
      const tables = await t.stores.game.beta.introspection.getTables({ withInternalKyselyTables: true });
      const schemas = new Set(tables.map((table) => table.schema));
      expect([...schemas]).toEqual(['game_beta']);
      expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['email_signups', 'kysely_migration']));
      expect(tables.find((table) => table.name === 'email_signups')?.columns.map((column) => column.name)).toContain(
        'email',
      );
      // The other deployment's schemas hold the same tables, yet none of them is listed.
      expect(await t.stores.game.beta.introspection.getSchemas()).toHaveLength(1);
    } finally {
      await other.close();
      await dropSchemas(databaseUrl, 'other_');
      await t.cleanup();
    }
  });

  it('sets a new database up once when several instances start together', async () => {
    const url = TEST_DATABASE_URL as string;
    const schemaPrefix = `together_${process.pid}_${Date.now().toString(36)}_`;
    const started = await Promise.allSettled(
      [1, 2, 3].map(() =>
        openAppStores({ dataDir: 'unused-on-postgres', databaseUrl: url, schemaPrefix, poolSize: 2 }),
      ),
    );
    const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    try {
      expect(started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []))).toEqual([]);
      const [first, second] = instances as [AppStores, AppStores];
      // Each migration ran once, and a write through one instance is read by another, change recorded.
      const migrations = await sql<{ runs: string }>`select count(*) as runs from kysely_migration`.execute(
        first.game.development,
      );
      const names = await sql<{
        distinct_names: string;
      }>`select count(distinct name) as distinct_names from kysely_migration`.execute(first.game.development);
      expect(migrations.rows[0]?.runs).toBe(names.rows[0]?.distinct_names);
      await insertEmailSignup(first.game.development, {
        email: 'together@example.com',
        source: 'test',
        createdAt: 'now',
      });
      expect(await countEmailSignups(second.game.development)).toBe(1);
    } finally {
      await Promise.all(instances.map((stores) => stores.close()));
      await dropSchemas(url, schemaPrefix);
    }
  });
});

describe('stores on sqlite', () => {
  it('keeps data across a reopen and does not migrate twice', async () => {
    const t = await openTestStores('sqlite');
    await insertEmailSignup(t.stores.game.development, { email: 'kept@example.com', source: 'test', createdAt: 'x' });
    await t.stores.close();
    const reopened = await openAppStores({ dataDir: t.dataDir });
    try {
      expect(await countEmailSignups(reopened.game.development)).toBe(1);
      const { rows } = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(
        reopened.game.development,
      );
      expect(Number(rows[0]?.n)).toBeGreaterThan(0);
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(reopened.identity);
      expect(journal.rows[0]?.journal_mode).toBe('wal');
    } finally {
      await reopened.close();
    }
  });

  it('refuses a schema prefix that is not a plain identifier', async () => {
    await expect(
      openAppStores({ dataDir: '/tmp', databaseUrl: 'postgres://x', schemaPrefix: 'a"; drop' }),
    ).rejects.toThrow('Invalid schema prefix');
  });
});

describe('joining the domains', () => {
  it('refuses two domains bringing a migration of the same name', () => {
    const migration = { up: async () => {} };
    expect(joinMigrations({ a: migration }, { b: migration })).toEqual({ a: migration, b: migration });
    expect(() => joinMigrations({ '2026-01-01-x': migration }, { '2026-01-01-x': migration })).toThrow(
      'Two domains bring a migration named 2026-01-01-x.',
    );
  });
});
