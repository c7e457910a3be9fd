import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('subscription_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('state', 'text')
    .addColumn('period_end', 'text')
    .addColumn('grace_end', 'text')
    .addColumn('last_event_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // A player's subscriptions, for their premium and their page in the back office.
  await db.schema.createIndex('subscriptions_user').on('subscriptions').column('user_id').execute();

  await db.schema
    .createTable('subscription_events')
    .addColumn('subscription_id', 'text', (col) =>
      col.notNull().references('subscriptions.subscription_id').onDelete('cascade'),
    )
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .addColumn('until', 'text')
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('subscription_events_pk', ['subscription_id', 'event_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('subscription_events').execute();
  await db.schema.dropTable('subscriptions').execute();
}
