import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // A player's answer to whether the stores may be told how they used a purchase (their latest answer).
  await db.schema
    .createTable('store_data_sharing')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('consented', 'integer', (col) => col.notNull())
    .addColumn('decided_at', 'text', (col) => col.notNull())
    .execute();
  // Each consumption request a store made, once per notification, and how Outpost answered it.
  await db.schema
    .createTable('store_consumption_requests')
    .addColumn('store', 'text', (col) => col.notNull())
    .addColumn('notification_id', 'text', (col) => col.notNull())
    .addColumn('transaction_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('requested_at', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('answered_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('store_consumption_requests_pk', ['store', 'notification_id'])
    .execute();
  await db.schema
    .createIndex('store_consumption_requests_user')
    .on('store_consumption_requests')
    .column('user_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store_consumption_requests').execute();
  await db.schema.dropTable('store_data_sharing').execute();
}
