import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', postgres ? 'serial' : 'integer', (col) =>
      postgres ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    // A retried purchase, redemption or reward meets this key and changes nothing.
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('balance_after', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // A player's history, newest first.
  await db.schema.createIndex('credit_ledger_user').on('credit_ledger').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('credit_balances')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('balance', 'integer', (col) => col.notNull().check(sql`balance >= 0`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_balances').execute();
  await db.schema.dropTable('credit_ledger').execute();
}
