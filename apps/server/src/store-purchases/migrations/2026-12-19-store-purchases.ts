import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store_purchases')
    .addColumn('store', 'text', (col) => col.notNull())
    .addColumn('transaction_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('product_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('credits', 'integer')
    .addColumn('subscription_id', 'text')
    .addColumn('amount_cents', 'integer')
    .addColumn('currency', 'text')
    .addColumn('environment', 'text', (col) => col.notNull())
    .addColumn('purchased_at', 'text', (col) => col.notNull())
    .addColumn('granted_at', 'text', (col) => col.notNull())
    .addColumn('reversal', 'text')
    .addColumn('reversed_at', 'text')
    .addColumn('credits_taken_back', 'integer')
    .addPrimaryKeyConstraint('store_purchases_pk', ['store', 'transaction_id'])
    .execute();
  // A player's purchases (their list, their page in the back office); the revenue by day.
  await db.schema
    .createIndex('store_purchases_user')
    .on('store_purchases')
    .columns(['user_id', 'purchased_at'])
    .execute();
  await db.schema.createIndex('store_purchases_time').on('store_purchases').column('purchased_at').execute();

  await db.schema
    .createTable('store_notifications')
    .addColumn('store', 'text', (col) => col.notNull())
    .addColumn('notification_id', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('store_notifications_pk', ['store', 'notification_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('store_notifications').execute();
  await db.schema.dropTable('store_purchases').execute();
}
