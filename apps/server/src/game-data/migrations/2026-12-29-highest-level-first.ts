import type { Kysely } from 'kysely';

/*
 * The live stats' highest level is the first row by level, highest first, then the earliest to reach it.
 * levels_top (level, reached_at) could not give it in that order: each read sorted every player of the
 * top level (7.7 ms at 100,000 players on SQLite, on every live stats read, and while the game's batches
 * came in back to back that read held the event loop). An index in the read's own order answers it
 * with its first entry. levels_top served no other read, so it goes: levels are written with every batch.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('levels_first').on('levels').columns(['level desc', 'reached_at']).execute();
  await db.schema.dropIndex('levels_top').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('levels_top').on('levels').columns(['level', 'reached_at']).execute();
  await db.schema.dropIndex('levels_first').execute();
}
