import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite driver prepares every statement anew, which costs more than running it for a
 * read by key. This wrapper sits under the dialect and hands back a cached prepared statement
 * for SQL text it has seen (least recently used text is dropped past `capacity`). Reuse is safe
 * because the driver runs one query at a time per connection.
 */
export class StatementCachingDatabase implements SqliteDatabase {
  readonly #db: BetterSqlite3.Database;
  readonly #capacity: number;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(db: BetterSqlite3.Database, capacity = 500) {
    this.#db = db;
    this.#capacity = capacity;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) {
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

  get cachedStatementCount(): number {
    return this.#statements.size;
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }
}
