import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/*
 * The pool Kysely is given on PostgreSQL: pg's own, its clients' statements sent with a callback
 * given to pg's query, rather than through pg's promise API (`client.query(text, values)`, which
 * Kysely calls). Through the promise API the statements' results, rows and all, outlived the young
 * generation's collections and waited in the old generation for a full one; with a callback far
 * fewer did. That was measured, not explained by pg's code: both paths set the query's callback
 * before it is sent (docs/decisions/0148-postgresql-statements-with-a-callback.md).
 *
 * Each statement with values bound is sent as a named (prepared) statement: a connection parses
 * and plans it the first time it sees its text and only binds and runs it after, sparing what was
 * most of PostgreSQL's work on a short statement
 * (docs/decisions/0152-postgresql-statements-prepared-once-per-connection.md).
 */

/**
 * Texts a pool names. A text whose list of values varies in length is a new text per length; past
 * this many the rest go unnamed, so neither the names nor a connection's prepared statements grow
 * without bound.
 */
export const MAX_NAMED_STATEMENTS = 1_000;
/**
 * Failures after which a connection's prepared statement cannot be run again as it is: PostgreSQL's
 * refusal of one whose table changed its columns under it (0A000), and a statement the connection
 * no longer holds (26000), which follows a value pg could not encode (an error of no code: pg then
 * closes the statement it had just prepared, yet counts it prepared).
 */
const UNUSABLE_STATEMENT = new Set(['0A000', '26000', undefined]);

/** A name per statement text, the same on each of a pool's connections. */
function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    const named = names.get(text);
    if (named !== undefined || names.size >= MAX_NAMED_STATEMENTS) return named;
    const name = `outpost_${names.size}`;
    names.set(text, name);
    return name;
  };
}

/** One of the pool's clients as Kysely uses it. */
function callbackClient(client: pg.PoolClient, nameOf: (text: string) => string | undefined): PostgresPoolClient {
  // Texts whose prepared statement this connection cannot run again (UNUSABLE_STATEMENT), with the
  // fresh name each is prepared under instead.
  const renamed = new Map<string, string>();
  let staleStatements = 0;
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
    // A text without values stays unnamed: pg sends it in the simple protocol, where it may hold
    // several statements (a migration's DDL, BEGIN and COMMIT have none).
    const name = parameters && parameters.length > 0 ? (renamed.get(statement) ?? nameOf(statement)) : undefined;
    return new Promise((resolve, reject) => {
      // pg reads the values and never writes them.
      const config = { text: statement, values: parameters as unknown[], ...(name ? { name } : {}) };
      client.query(config, (error: Error | undefined, result: pg.QueryResult) => {
        if (error) {
          // Run by its name again, the statement would fail each time: this connection prepares
          // the text afresh under another name from its next use.
          if (name && UNUSABLE_STATEMENT.has((error as { code?: string }).code)) {
            staleStatements += 1;
            renamed.set(statement, `${name}_${staleStatements}`);
          }
          return reject(error);
        }
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
  const nameOf = statementNames();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = lent.get(client);
      if (!wrapped) {
        wrapped = callbackClient(client, nameOf);
        lent.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}
