import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_messages').addColumn('segment_id', 'text').execute();
  // A segment's deletion asks whether a waiting message names it.
  await db.schema.createIndex('push_messages_segment').on('push_messages').columns(['segment_id', 'state']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('push_messages_segment').execute();
  await db.schema.alterTable('push_messages').dropColumn('segment_id').execute();
}
