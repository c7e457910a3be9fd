import { once } from 'node:events';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { poolWithCallbackQueries } from './pg-callback-queries';

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!databaseUrl)('the pool Kysely is given on PostgreSQL (statements with a callback)', () => {
  let pool: pg.Pool;
  let db: Kysely<{ counters: { name: string; value: number } }>;
  afterEach(async () => {
    await db.destroy();
  });

  // One connection: a temporary table lives as long as it does.
  const open = () => {
    pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: poolWithCallbackQueries(pool) }) });
  };

  it('answers rows and counts, and keeps a transaction on its connection', async () => {
    open();
    await sql`create temporary table counters (name text primary key, value integer not null)`.execute(db);
    await db.transaction().execute(async (trx) => {
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

  it('rejects with the server’s error, its code kept and the caller in its stack', async () => {
    open();
    const failing = db.selectFrom('counters').selectAll().execute();
    const error = await failing.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(pg.DatabaseError);
    expect((error as pg.DatabaseError).code).toBe('42P01');
    expect((error as Error).stack).toContain('pg-callback-queries.test.ts');
  });

  it('lends a client as the same object each time, and passes a submittable (a cursor) to pg', async () => {
    open();
    const lending = poolWithCallbackQueries(pool);
    const first = await lending.connect();
    first.release();
    const again = await lending.connect();
    expect(again).toBe(first);
    const submitted = new pg.Query('select 1 as one');
    const rows: unknown[] = [];
    submitted.on('row', (row) => rows.push(row));
    const ended = once(submitted, 'end');
    expect(again.query(submitted as never)).toBe(submitted);
    await ended;
    expect(rows).toEqual([{ one: 1 }]);
    again.release();
  });
});
