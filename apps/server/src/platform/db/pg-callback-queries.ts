import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/*
 * The pool Kysely is given on PostgreSQL: pg's own, its clients' statements sent with a callback
 * given to pg's query, rather than through pg's promise API (`client.query(text, values)`, which
 * Kysely calls). Through the promise API the statements' results, rows and all, outlived the young
 * generation's collections and waited in the old generation for a full one; with a callback far
 * fewer did. That was measured, not explained by pg's code: both paths set the query's callback
 * before it is sent (docs/decisions/0148-postgresql-statements-with-a-callback.md).
 */

/** One of the pool's clients as Kysely uses it. */
function callbackClient(client: pg.PoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query(
    statement: string | PostgresCursor<unknown>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<unknown>> | PostgresCursor<unknown> {
    // Kysely streams through a cursor class of the dialect's config, and the stores give it none.
    if (typeof statement !== 'string') {
      throw new Error(
        'poolWithCallbackQueries does not pass cursors to pg: add that before giving Kysely a cursor class.',
      );
    }
    return new Promise((resolve, reject) => {
      // pg reads the values and never writes them.
      client.query(statement, parameters as unknown[], (error: Error | undefined, result: pg.QueryResult) => {
        if (error) return reject(error);
        // pg's command is any tag and its rowCount may be null; Kysely reads the count only for the
        // commands that have one (INSERT, UPDATE, DELETE, MERGE).
        resolve(result as PostgresQueryResult<unknown>);
      });
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
