import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_NAMED_STATEMENTS, poolWithCallbackQueries } from './pg-callback-queries';

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

  /** The statements prepared on `on`'s connection, as PostgreSQL lists them. */
  const preparedOn = async (on: Kysely<Counters>) =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements order by prepare_time`.execute(on)
    ).rows.map((row) => row.statement);

  it('prepares a statement with values once per connection, and sends a text without values unnamed', async () => {
    await db.transaction().execute(async (trx) => {
      for (let round = 0; round < 3; round += 1) {
        await trx
          .insertInto('counters')
          .values({ name: `n${round}`, value: round })
          .execute();
        await trx.selectFrom('counters').select('value').where('name', '=', `n${round}`).executeTakeFirstOrThrow();
      }
      const prepared = await preparedOn(trx);
      expect(prepared.filter((statement) => statement.startsWith('insert into "counters"'))).toHaveLength(1);
      expect(prepared.filter((statement) => statement.startsWith('select "value" from "counters"'))).toHaveLength(1);
      // A text without values is sent unnamed, in the simple protocol, as BEGIN, COMMIT and the
      // schema's DDL (beforeEach) are.
      await sql`select count(*) from counters`.execute(trx);
      expect((await preparedOn(trx)).filter((statement) => statement.includes('count(*)'))).toEqual([]);
    });
    // Its values are bound anew each time: every round's row is there.
    expect(await db.selectFrom('counters').select(['name', 'value']).orderBy('name').execute()).toEqual([
      { name: 'n0', value: 0 },
      { name: 'n1', value: 1 },
      { name: 'n2', value: 2 },
    ]);
  });

  it('prepares a statement afresh on a connection where its table changed its columns', async () => {
    await db.connection().execute(async (one) => {
      const read = () => one.selectFrom('counters').selectAll().where('value', '>', 0).execute();
      await one.insertInto('counters').values({ name: 'a', value: 1 }).execute();
      expect(await read()).toEqual([{ name: 'a', value: 1 }]);
      // A migration run by another process (npm run admin -- migrate) while this one is open.
      await sql`alter table counters add column note text`.execute(db);
      // PostgreSQL refuses the prepared statement once (its columns changed): the statement fails
      // as a query on a dropped column would, and the connection does not keep failing.
      const stale = await read().then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect((stale as pg.DatabaseError).code).toBe('0A000');
      expect(await read()).toEqual([{ name: 'a', value: 1, note: null }]);
      expect(await read()).toEqual([{ name: 'a', value: 1, note: null }]);
    });
  });

  it('prepares a statement afresh on a connection after a value pg could not encode', async () => {
    await db.connection().execute(async (one) => {
      const read = (value: unknown) => sql<{ doc: unknown }>`select ${value}::jsonb as doc`.execute(one);
      // pg throws encoding the value after it has sent the statement to be prepared, then closes it.
      await expect(read({ credits: 10n })).rejects.toThrow(/BigInt/);
      expect((await read({ credits: 10 })).rows).toEqual([{ doc: { credits: 10 } }]);
      expect((await read({ credits: 11 })).rows).toEqual([{ doc: { credits: 11 } }]);
    });
  });

  it(`names at most ${MAX_NAMED_STATEMENTS} texts a pool, and sends the others unnamed`, async () => {
    await db.connection().execute(async (one) => {
      for (let text = 0; text <= MAX_NAMED_STATEMENTS; text += 1) {
        // A literal in the text: each is a text of its own, as an IN list of another length is.
        const answer = await sql<{ n: number }>`select ${sql.lit(text)}::int + ${0}::int as n`.execute(one);
        expect(answer.rows).toEqual([{ n: text }]);
      }
      expect(await preparedOn(one)).toHaveLength(MAX_NAMED_STATEMENTS);
    });
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
