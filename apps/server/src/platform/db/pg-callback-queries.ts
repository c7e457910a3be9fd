import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/*
 * The pool Kysely is given on PostgreSQL: pg's own, its clients' statements sent with a callback
 * rather than through pg's promise API (`client.query(text, values)`, which Kysely calls).
 *
 * Through the promise API each statement's result, its rows with it, outlived the young generation's
 * collections and waited in the old generation for a full collection: reading a million devices a
 * page at a time, the app's heap grew by hundreds of MB of garbage on PostgreSQL and not on SQLite.
 * pg's promise path gives the query its callback after constructing it; a callback given to the
 * constructor, as here, leaves the results to die young. The measurements are in
 * docs/decisions/0147-push-off-the-main-thread.md.
 */

type Cursor = PostgresCursor<unknown>;

/** One of the pool's clients as Kysely uses it: statements with a callback, a cursor as pg takes it. */
function callbackClient(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query(
    statement: string | Cursor,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<unknown>> | Cursor {
    // A cursor (Kysely's stream) is pg's Submittable, sent as pg sends any.
    if (typeof statement !== 'string') return client.query(statement as unknown as pg.Submittable) as unknown as Cursor;
    return new Promise((resolve, reject) => {
      client.query(statement, parameters as unknown[], (error: Error | undefined, result: pg.QueryResult) =>
        // pg's result is what Kysely reads (its command, rowCount and rows).
        error ? reject(error) : resolve(result as unknown as PostgresQueryResult<unknown>),
      );
    });
  }
  return { query, release: () => client.release() };
}

/**
 * `pool` for Kysely's PostgresDialect. Each of its clients is handed over as the same object every
 * time it is lent, as Kysely keeps one connection per client object.
 */
export function poolWithCallbackQueries(pool: pg.Pool): PostgresPool {
  const lent = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = lent.get(client);
      if (!wrapped) {
        wrapped = callbackClient(client);
        lent.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
