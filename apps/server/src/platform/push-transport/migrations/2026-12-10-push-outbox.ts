import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('environment', 'text', (col) => col.notNull())
    .addColumn('token', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Read newest first, per environment (a tester's listing, the back office).
  await db.schema
    .createIndex('push_outbox_environment_created_at_idx')
    .on('push_outbox')
    .columns(['environment', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_outbox').execute();
}
