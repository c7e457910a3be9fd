import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_messages')
    .addColumn('message_id', 'text', (col) => col.primaryKey())
    .addColumn('request_id', 'text', (col) => col.unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('recipient_category', 'text', (col) => col.notNull())
    .addColumn('active_since', 'text')
    .addColumn('user_ids', 'text')
    .addColumn('send_schedule', 'text', (col) => col.notNull())
    .addColumn('send_at', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('phase', 'text', (col) => col.notNull())
    .addColumn('recipients_after', 'text')
    .addColumn('devices_after', 'text')
    .addColumn('sent_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('pruned_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('push_messages_created')
    .on('push_messages')
    .columns(['created_at', 'message_id'])
    .execute();
  await db.schema
    .createTable('push_recipients')
    .addColumn('message_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('push_recipients_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('push_deliveries')
    .addColumn('message_id', 'text', (col) => col.notNull())
    // Keyed by the token's digest: a token may be 4 KB, past what a PostgreSQL btree entry holds.
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('push_deliveries_pk', ['message_id', 'token_hash'])
    .execute();
  await db.schema.createIndex('push_deliveries_user').on('push_deliveries').column('user_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['push_deliveries', 'push_recipients', 'push_messages'])
    await db.schema.dropTable(table).execute();
}
