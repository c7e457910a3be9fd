import { type Kysely, PostgresAdapter } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('admin_log')
    // SQLite's autoincrement never reuses the id of a deleted row; serial never does either.
    .addColumn('id', postgres ? 'serial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('environment', 'text', (col) => col.notNull())
    .addColumn('timestamp', 'text', (col) => col.notNull())
    .addColumn('admin', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .execute();
  // The screen's default order (newest first) and its two filters.
  await db.schema.createIndex('admin_log_timestamp').on('admin_log').columns(['timestamp', 'id']).execute();
  await db.schema.createIndex('admin_log_action').on('admin_log').columns(['action', 'timestamp']).execute();
  await db.schema.createIndex('admin_log_admin').on('admin_log').columns(['admin', 'timestamp']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_log').execute();
}
