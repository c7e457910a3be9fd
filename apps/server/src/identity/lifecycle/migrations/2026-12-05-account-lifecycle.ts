import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_suspensions')
    .addColumn('suspension_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text')
    .addColumn('suspended_by', 'text', (col) => col.notNull())
    .addColumn('environment', 'text', (col) => col.notNull())
    .addColumn('report_id', 'text')
    .addColumn('lifted_at', 'text')
    .addColumn('lifted_by', 'text')
    .addColumn('lift_note', 'text')
    .execute();
  await db.schema
    .createIndex('account_suspensions_user_idx')
    .on('account_suspensions')
    .columns(['user_id', 'starts_at'])
    .execute();
  // One open suspension per player: two staff suspending at once meet here, not in a second row.
  await db.schema
    .createIndex('account_suspensions_open_idx')
    .on('account_suspensions')
    .column('user_id')
    .unique()
    .where(sql.ref('lifted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('account_deletions')
    .addColumn('anonymous_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.unique())
    .addColumn('email', 'text')
    .addColumn('display_name', 'text')
    .addColumn('requested_by', 'text', (col) => col.notNull())
    .addColumn('environment', 'text', (col) => col.notNull())
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('completed_at', 'text')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_deletions').execute();
  await db.schema.dropTable('account_suspensions').execute();
}
