import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // The plan a subscription is on (monthly, annual), as its channel last said; null where none said.
  await db.schema.alterTable('subscriptions').addColumn('plan_id', 'text').execute();
  // The back office's subscribers by channel, plan and state.
  await db.schema.createIndex('subscriptions_state').on('subscriptions').columns(['state', 'channel']).execute();

  await db.schema
    .createTable('subscription_payments')
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('payment_id', 'text', (col) => col.notNull())
    .addColumn('subscription_id', 'text', (col) =>
      col.notNull().references('subscriptions.subscription_id').onDelete('cascade'),
    )
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .addColumn('refunded_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refunded_at', 'text')
    .addPrimaryKeyConstraint('subscription_payments_pk', ['channel', 'payment_id'])
    .execute();
  await db.schema.createIndex('subscription_payments_paid').on('subscription_payments').column('paid_at').execute();
  await db.schema
    .createIndex('subscription_payments_subscription')
    .on('subscription_payments')
    .column('subscription_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscription_payments').execute();
  await db.schema.dropIndex('subscriptions_state').execute();
  await db.schema.alterTable('subscriptions').dropColumn('plan_id').execute();
}
