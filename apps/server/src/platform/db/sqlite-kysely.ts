import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type DatabaseIntrospector,
  DefaultConnectionProvider,
  DefaultQueryExecutor,
  type Dialect,
  type DialectAdapter,
  type Driver,
  IdentifierNode,
  Kysely,
  type KyselyPlugin,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database, Statement } from './sqlite-driver';
import { type WriterTurns, writerTurnsOf } from './writer-turns';

/*
 * Kysely's SQLite path on better-sqlite3, trimmed for a server that runs many short queries.
 *
 * Where the time went with Kysely's own SqliteDialect, for a read by primary key:
 *  - it prepares every statement anew: parsing and planning cost several times the lookup;
 *  - every query crosses about six async functions (connection provider, runtime driver, an
 *    async mutex whose lock() allocates a promise even when nobody waits, result transform),
 *    though better-sqlite3 answers synchronously.
 *
 * Here query building and SQL generation stay Kysely's (compiler, adapter and introspector are
 * its SQLite ones); only execution changes:
 *  - prepared statements are reused by SQL text (StatementCachingDatabase);
 *  - a query outside a transaction runs synchronously when the connection is idle, skipping
 *    the provider and mutex (SqliteQueryExecutor);
 *  - everything that holds the connection across awaits (transactions, `connection()`,
 *    streams) goes through Kysely's own machinery, and the driver hands the connection out
 *    first come first served. While it is held, the fast path is closed, so a transaction's
 *    queries never interleave with anyone else's;
 *  - while it is held, a read outside any transaction runs at once on a second, read-only
 *    connection to the same file (`reader`), which sees the last commit as WAL lets a reader:
 *    a back-office read no longer waits out a game server's batch of thousands of rows. Writes
 *    outside a transaction still wait their turn on the one writing connection.
 *
 * What remains per query is Kysely building and compiling it: for a read by key about as much
 * as the SQLite lookup itself (npm run bench shows it next to a query compiled once).
 */

export interface SqliteKyselyOptions {
  /** Prepared statements kept per connection; least recently used beyond this are dropped. */
  statementCacheSize?: number;
  /**
   * Opens a read-only connection to the same file in WAL mode, for reads outside a transaction
   * while the writing connection is held; owned like the writer (destroy() closes it). Called
   * again by reopenSqliteReader.
   */
  openReader?: () => Database;
  /** Awaited before a transaction begins, when it answers a promise (checkpoints.ts: the log starts over). */
  beforeTransaction?: () => Promise<void> | undefined;
  /** Awaited as destroy() begins, before the connections close. */
  closing?: () => Promise<void>;
}

/** A Kysely handle on one better-sqlite3 connection (and its reader), which it owns (destroy() closes them). */
export function createSqliteKysely<DB>(database: Database, options: SqliteKyselyOptions = {}): Kysely<DB> {
  const statements = new StatementCachingDatabase(database, options.statementCacheSize);
  const { openReader, statementCacheSize } = options;
  const driver = new BetterSqliteDriver(
    statements,
    openReader && (() => new StatementCachingDatabase(openReader(), statementCacheSize)),
    options,
  );
  const dialect: Dialect = {
    createDriver: () => driver,
    createQueryCompiler: (): QueryCompiler => new SqliteQueryCompiler(),
    createAdapter: (): DialectAdapter => new SqliteAdapter(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => new SqliteIntrospector(db),
  };
  const executor = new SqliteQueryExecutor(dialect.createQueryCompiler(), dialect.createAdapter(), driver, []);
  // Kysely's props form of the constructor takes the executor as given; with `{dialect}` it would
  // build its default one around the driver.
  const db = new Kysely<DB>({ config: { dialect }, dialect, driver, executor });
  connections.set(db, { statements, driver });
  return db;
}

const connections = new WeakMap<object, { statements: StatementCachingDatabase; driver: BetterSqliteDriver }>();

function connectionOf(db: object) {
  const connection = connections.get(db);
  if (!connection) throw new Error('Not a handle made by createSqliteKysely.');
  return connection;
}

/**
 * Opens the handle's read-only connection again (when it has one). A connection loads the planner's
 * statistics (sqlite_stat1) as it opens and when the schema changes; a read-only one cannot reload
 * them itself, and an ANALYZE on the writer that only updates the table changes no schema.
 */
export function reopenSqliteReader<DB>(db: Kysely<DB>): void {
  connectionOf(db).driver.reopenReader();
}

/**
 * Calls `listener` after every write this connection commits (a transaction's COMMIT, or a write
 * outside one): what another part of the process reads next may have changed. SQLite has no
 * notifications of its own; writes by other processes are not seen here. Returns the unsubscribe.
 */
export function onSqliteCommit<DB>(db: Kysely<DB>, listener: () => void): () => void {
  return connectionOf(db).statements.onCommit(listener);
}

/**
 * Prepared statements by SQL text, least recently used dropped past `capacity`. Reuse is safe
 * because a statement runs to completion (`all`/`run` are synchronous) before the next query
 * starts on the connection; streams, which stay open across awaits, get their own statement.
 */
export class StatementCachingDatabase implements SqliteDatabase {
  readonly #db: Database;
  readonly #capacity: number;
  readonly #statements = new Map<string, Statement>();
  readonly #commitListeners = new Set<() => void>();
  #lastSql: string | undefined;
  #last: Statement | undefined;

  constructor(db: Database, capacity = 500) {
    this.#db = db;
    this.#capacity = capacity;
  }

  get inTransaction(): boolean {
    return this.#db.inTransaction;
  }

  /** The file the connection opened, and whether it is an in-memory database instead. */
  get file(): { name: string; inMemory: boolean } {
    return { name: this.#db.name, inMemory: this.#db.memory };
  }

  prepare(sql: string): Statement {
    // The statement handed out last is the youngest entry already: a run of the same query (the
    // common case under load) skips hashing the SQL text and reordering the Map.
    if (sql === this.#lastSql && this.#last) return this.#last;
    let statement = this.#statements.get(sql);
    if (statement) {
      // Re-inserting moves the entry to the young end of the Map's insertion order.
      this.#statements.delete(sql);
      this.#statements.set(sql, statement);
    } else {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
      if (this.#statements.size > this.#capacity) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
        // Only a capacity below 1 evicts what was just added; then nothing is remembered.
        if (oldest === sql) return statement;
      }
    }
    this.#lastSql = sql;
    this.#last = statement;
    return statement;
  }

  onCommit(listener: () => void): () => void {
    this.#commitListeners.add(listener);
    return () => this.#commitListeners.delete(listener);
  }

  /** After a statement that may have written: outside a transaction, what it wrote is committed. */
  wrote(): void {
    if (this.#commitListeners.size === 0 || this.#db.inTransaction) return;
    for (const listener of this.#commitListeners) listener();
  }

  /** A statement no other query shares, for iterators that outlive one call. */
  prepareUncached(sql: string): Statement {
    return this.#db.prepare(sql);
  }

  get cachedStatementCount(): number {
    return this.#statements.size;
  }

  close(): void {
    this.#statements.clear();
    this.#lastSql = undefined;
    this.#last = undefined;
    this.#db.close();
  }
}

class BetterSqliteConnection implements DatabaseConnection {
  readonly #statements: StatementCachingDatabase;

  constructor(statements: StatementCachingDatabase) {
    this.#statements = statements;
  }

  /** Runs the query to completion; throws what SQLite throws. */
  executeNow<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#statements.prepare(sql);
    if (statement.reader) {
      const rows = statement.all(parameters) as R[];
      // A write that returns rows (`insert … returning`) reads and writes.
      if (!statement.readonly) this.#statements.wrote();
      return { rows };
    }
    const { changes, lastInsertRowid } = statement.run(parameters);
    this.#statements.wrote();
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Not an async function: that would cost extra ticks; errors still arrive as rejections.
    try {
      return Promise.resolve(this.executeNow<R>(compiledQuery));
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

/*
 * Every transaction claims the file's write lock as it begins. A deferred one claims it at its first
 * write, and in WAL mode that claim fails at once (SQLITE_BUSY_SNAPSHOT, no busy handler) when another
 * process committed after the transaction's first read: the operator CLI creating a user (a read, a
 * password hash, then the writes) beside a running server could lose that way. Claimed at BEGIN, the
 * lock waits in the busy handler instead. In this process the writer is taken in turn anyway
 * (writer-turns.ts), so claiming it early costs nothing here; what it costs between processes is in
 * docs/decisions/0150-sqlite-transactions-claim-the-file-as-they-begin.md.
 */
const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * Kysely's Driver for one connection: lends it to one holder at a time, first come first served, in turn
 * with every other handle of the process on the same file (writer-turns.ts).
 */
class BetterSqliteDriver implements Driver {
  readonly #statements: StatementCachingDatabase;
  readonly #openReader: (() => StatementCachingDatabase) | undefined;
  readonly #hooks: Pick<SqliteKyselyOptions, 'beforeTransaction' | 'closing'>;
  #reader: StatementCachingDatabase | undefined;
  readonly connection: BetterSqliteConnection;
  readonly #writer: { turns: WriterTurns; release(): void };

  constructor(
    statements: StatementCachingDatabase,
    openReader?: () => StatementCachingDatabase,
    hooks: Pick<SqliteKyselyOptions, 'beforeTransaction' | 'closing'> = {},
  ) {
    this.#statements = statements;
    this.#openReader = openReader;
    this.#hooks = hooks;
    const { name, inMemory } = statements.file;
    this.#writer = writerTurnsOf(name, inMemory);
    this.#reader = openReader?.();
    this.connection = new BetterSqliteConnection(statements);
  }

  /** A reader's queries run to completion synchronously (readNow), so none is cut off by the swap. */
  reopenReader(): void {
    if (!this.#reader || !this.#openReader) return;
    const fresh = this.#openReader();
    this.#reader.close();
    this.#reader = fresh;
  }

  /**
   * Runs `query` on the reader when it only reads (SQLite's own verdict on the prepared statement),
   * answering undefined when there is no reader or the query may write.
   */
  readNow<R>({ sql, parameters }: CompiledQuery): QueryResult<R> | undefined {
    const statement = this.#reader?.prepare(sql);
    if (!statement?.readonly || !statement.reader) return undefined;
    return { rows: statement.all(parameters) as R[] };
  }

  /** True when nobody holds the connection, so a synchronous query cannot cut into anyone's work. */
  get idle(): boolean {
    return this.#writer.turns.idle;
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return this.#writer.turns.take().then(() => this.connection);
  }

  releaseConnection(): Promise<void> {
    this.#writer.turns.give();
    return Promise.resolve();
  }

  beginTransaction(connection: DatabaseConnection): Promise<void> {
    const waiting = this.#hooks.beforeTransaction?.();
    if (waiting) return waiting.then(() => connection.executeQuery(BEGIN)).then(ignore);
    return connection.executeQuery(BEGIN).then(ignore);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return connection.executeQuery(COMMIT).then(ignore);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // SQLite rolls a transaction back itself on some failures (a full disk, an I/O error); a
    // ROLLBACK then fails with "no transaction is active" and would hide the error that mattered.
    if (!this.#statements.inTransaction) return Promise.resolve();
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
    await this.#hooks.closing?.();
    this.#writer.release();
    this.#reader?.close();
    this.#statements.close();
  }
}

/** The node Kysely's own driver builds: the identifier node quotes the savepoint name. */
function savepointCommand(command: string, name: string): RawNode {
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);
}

function ignore(): void {}

/**
 * Kysely's executor with two shortcuts for a query outside any transaction with no plugin to
 * transform its result: on an idle connection it runs synchronously instead of through the
 * connection provider, and on a held one, if it only reads, it runs on the reader. Every other case, and every executor derived for a transaction or a held
 * connection (`withConnectionProvider`), is Kysely's own.
 */
class SqliteQueryExecutor extends DefaultQueryExecutor {
  readonly #compiler: QueryCompiler;
  readonly #adapter: DialectAdapter;
  readonly #driver: BetterSqliteDriver;

  constructor(
    compiler: QueryCompiler,
    adapter: DialectAdapter,
    driver: BetterSqliteDriver,
    plugins: readonly KyselyPlugin[],
  ) {
    super(compiler, adapter, new DefaultConnectionProvider(driver), [...plugins]);
    this.#compiler = compiler;
    this.#adapter = adapter;
    this.#driver = driver;
  }

  override executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (this.plugins.length > 0) return super.executeQuery(compiledQuery);
    try {
      if (this.#driver.idle) return Promise.resolve(this.#driver.connection.executeNow<R>(compiledQuery));
      const read = this.#driver.readNow<R>(compiledQuery);
      return read ? Promise.resolve(read) : super.executeQuery<R>(compiledQuery);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #with(plugins: readonly KyselyPlugin[]): SqliteQueryExecutor {
    return new SqliteQueryExecutor(this.#compiler, this.#adapter, this.#driver, plugins);
  }

  override withPlugins(plugins: readonly KyselyPlugin[]): SqliteQueryExecutor {
    return this.#with([...this.plugins, ...plugins]);
  }

  override withPlugin(plugin: KyselyPlugin): SqliteQueryExecutor {
    return this.#with([...this.plugins, plugin]);
  }

  override withPluginAtFront(plugin: KyselyPlugin): SqliteQueryExecutor {
    return this.#with([plugin, ...this.plugins]);
  }

  override withoutPlugins(): SqliteQueryExecutor {
    return this.#with([]);
  }
}
