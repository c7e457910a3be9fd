import type { Kysely } from 'kysely';

/*
 * `ingested_events` is read by its primary key alone (is this id stored?); its index on
 * received_at served nothing and cost an index entry per event, a thousand a batch.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ingested_events_received').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('ingested_events_received').on('ingested_events').column('received_at').execute();
}
