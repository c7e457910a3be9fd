import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { poolWithCallbackQueries } from './pg-callback-queries';

const databaseUrl = process.env.TEST_DATABASE_URL;

interface Counters {
  counters: { name: string; value: number };
}

describe.skipIf(!databaseUrl)('the pool Kysely is given on PostgreSQL (statements with a callback)', () => {
  const schema = `callback_queries_${process.pid}_${Date.now().toString(36)}`;
  let pool: pg.Pool;
  let db: Kysely<Counters>;
  beforeEach(async () => {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema}` });
    db = new Kysely({ dialect: new PostgresDialect({ pool: poolWithCallbackQueries(pool) }) });
    await sql`create schema ${sql.id(schema)}`.execute(db);
    await sql`create table counters (name text primary key, value integer not null)`.execute(db);
  });
  afterEach(async () => {
    try {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    } finally {
      await db.destroy();
    }
  });

  const backend = async (on: Kysely<Counters>) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(on)).rows[0]?.pid;

  it('answers rows and counts, and keeps a transaction on one connection, unseen from the other', async () => {
    await db.transaction().execute(async (trx) => {
      const first = await backend(trx);
      await trx
        .insertInto('counters')
        .values([
          { name: 'a', value: 1 },
          { name: 'b', value: 2 },
        ])
        .execute();
      const moved = await trx
        .updateTable('counters')
        .set((eb) => ({ value: eb('value', '+', 10) }))
        .where('name', '=', 'b')
        .executeTakeFirst();
      expect(moved.numUpdatedRows).toBe(1n);
      // The pool's other connection: the transaction's rows are not there until it commits.
      expect(await backend(db)).not.toBe(first);
      expect(await db.selectFrom('counters').selectAll().execute()).toEqual([]);
      expect(await backend(trx)).toBe(first);
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('counters').values({ name: 'c', value: 3 }).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.selectFrom('counters').select(['name', 'value']).orderBy('name').execute()).toEqual([
      { name: 'a', value: 1 },
      { name: 'b', value: 12 },
    ]);
  });

  it('rejects with the server’s error, its code kept and the caller in its stack, and goes on', async () => {
    const error = await sql`select * from no_such_table`.execute(db).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect((error as pg.DatabaseError).code).toBe('42P01');
    // pg's stack starts in its parser; Kysely adds the caller's frames.
    expect((error as Error).stack).toContain('pg-callback-queries.test.ts');
    await db.insertInto('counters').values({ name: 'after', value: 1 }).execute();
    expect(await db.selectFrom('counters').select('name').execute()).toEqual([{ name: 'after' }]);
  });

  it('lends a client as the same object each time, and refuses a cursor it was never given', async () => {
    const lending = poolWithCallbackQueries(pool);
    const first = await lending.connect();
    first.release();
    const again = await lending.connect();
    try {
      expect(again).toBe(first);
      const cursor = { read: async () => [], close: async () => {} };
      expect(() => again.query(cursor)).toThrow('does not pass cursors to pg');
    } finally {
      again.release();
    }
  });
});
