import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  IdentifierNode,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * Kysely's SQLite path on better-sqlite3, trimmed for a server that runs many short queries.
 *
 * Kysely's own SqliteDriver prepares every statement anew and guards its single connection with
 * an async mutex whose lock() allocates a promise and loops even when nobody waits. For a read
 * by key both cost more than running the query. This dialect keeps Kysely's compiler, adapter
 * and introspector (so query building is unchanged) and swaps the driver for one that:
 *  - reuses prepared statements by SQL text (LRU, `capacity` entries);
 *  - hands the connection out without allocating when it is free, and queues callers FIFO
 *    when it is not, so a transaction still owns the connection from BEGIN to COMMIT and no
 *    other query interleaves with it.
 */
export function createSqliteDialect(database: BetterSqlite3.Database, options: { capacity?: number } = {}): Dialect {
  return {
    createDriver: (): Driver => new BetterSqliteDriver(new StatementCachingDatabase(database, options.capacity)),
    createQueryCompiler: (): QueryCompiler => new SqliteQueryCompiler(),
    createAdapter: (): DialectAdapter => new SqliteAdapter(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => new SqliteIntrospector(db),
  };
}

/**
 * Prepared statements by SQL text, least recently used dropped past `capacity`. Reuse is safe
 * because a statement runs to completion (`all`/`run` are synchronous) before the next query
 * starts on the connection; streams, which stay open across awaits, get their own statement.
 */
export class StatementCachingDatabase implements SqliteDatabase {
  readonly #db: BetterSqlite3.Database;
  readonly #capacity: number;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(db: BetterSqlite3.Database, capacity = 500) {
    this.#db = db;
    this.#capacity = capacity;
  }

  prepare(sql: string): BetterSqlite3.Statement {
    const cached = this.#statements.get(sql);
    if (cached) {
      // Re-inserting moves the entry to the young end of the Map's insertion order.
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const statement = this.#db.prepare(sql);
    this.#statements.set(sql, statement);
    if (this.#statements.size > this.#capacity) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return statement;
  }

  /** A statement no other query shares, for iterators that outlive one call. */
  prepareUncached(sql: string): BetterSqlite3.Statement {
    return this.#db.prepare(sql);
  }

  get cachedStatementCount(): number {
    return this.#statements.size;
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

class BetterSqliteDriver implements Driver {
  readonly #statements: StatementCachingDatabase;
  readonly #connection: BetterSqliteConnection;
  #busy = false;
  /** Callers waiting for the connection, first come first served. */
  readonly #waiting: (() => void)[] = [];

  constructor(statements: StatementCachingDatabase) {
    this.#statements = statements;
    this.#connection = new BetterSqliteConnection(statements);
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#connection)));
  }

  releaseConnection(): Promise<void> {
    // Hand the connection straight to the next waiter: it stays busy, so a caller arriving in
    // between cannot jump the queue.
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
    return Promise.resolve();
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    return connection.executeQuery(BEGIN).then(ignore);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return connection.executeQuery(COMMIT).then(ignore);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return connection.executeQuery(ROLLBACK).then(ignore);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return connection.executeQuery(compile(savepointCommand('savepoint', name), createQueryId())).then(ignore);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return connection.executeQuery(compile(savepointCommand('rollback to', name), createQueryId())).then(ignore);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return connection.executeQuery(compile(savepointCommand('release', name), createQueryId())).then(ignore);
  }

  async destroy(): Promise<void> {
    this.#statements.close();
  }
}

/** Same node Kysely's own driver builds: the identifier node quotes the savepoint name. */
function savepointCommand(command: string, name: string): RawNode {
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);
}

function ignore(): void {}

class BetterSqliteConnection implements DatabaseConnection {
  readonly #statements: StatementCachingDatabase;

  constructor(statements: StatementCachingDatabase) {
    this.#statements = statements;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Not async: an async function would cost an extra promise per query. Errors still reach
    // the caller as a rejection, as Kysely's own driver delivers them through its executor.
    try {
      const { sql, parameters } = compiledQuery;
      const statement = this.#statements.prepare(sql);
      if (statement.reader) return Promise.resolve({ rows: statement.all(parameters) as R[] });
      const { changes, lastInsertRowid } = statement.run(parameters);
      return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('SQLite can only stream select queries');
    const statement = this.#statements.prepareUncached(compiledQuery.sql);
    for (const row of statement.iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }
}
