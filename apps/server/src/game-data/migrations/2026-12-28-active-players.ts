import type { Kysely } from 'kysely';

/*
 * The players seen since a time, counted (a push message's active audience, live stats' active now), are
 * read from the index alone once it holds the player too: the lookup by last_seen no longer visits each
 * row for its user_id. It serves every read user_presence_seen served,
 * so that one goes: presence is written with every game batch, and one index less is written with it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('user_presence_active').on('user_presence').columns(['last_seen', 'user_id']).execute();
  await db.schema.dropIndex('user_presence_seen').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('user_presence_seen').on('user_presence').column('last_seen').execute();
  await db.schema.dropIndex('user_presence_active').execute();
}
