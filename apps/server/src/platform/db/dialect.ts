import { type Kysely, PostgresAdapter } from 'kysely';

/** Whether a handle (or a transaction on it) talks to PostgreSQL rather than SQLite. */
export function isPostgres<Database>(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
