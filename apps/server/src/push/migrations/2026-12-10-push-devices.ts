import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_devices')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('platform', 'text', (col) => col.notNull().check(sql`platform in ('ios', 'android', 'web')`))
    .addColumn('registered_at', 'text', (col) => col.notNull())
    .addColumn('last_seen', 'text', (col) => col.notNull())
    .execute();
  // A player's devices (their download, their erasure, a send to chosen players), in the senders' key order.
  await db.schema.createIndex('push_devices_user').on('push_devices').columns(['user_id', 'token_hash']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_devices').execute();
}
