import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // UNLOGGED on PostgreSQL: a window is worth less than the WAL write it would cost, and a crash
  // that empties the table only gives every client a fresh window.
  const table = db.schema.createTable('rate_limit_windows');
  await (postgres ? table.modifyFront(sql`unlogged`) : table)
    .addColumn('key', 'text', (col) => col.primaryKey())
    // A limit may be as large as Number.MAX_SAFE_INTEGER (benches lift them that far).
    .addColumn('used', postgres ? 'bigint' : 'integer', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_windows_expiry_idx').on('rate_limit_windows').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').execute();
}
