import type { Kysely } from 'kysely';

/*
 * A delivery names its device by the token's digest (token_hash, its key): the token itself was
 * written a second time with every delivery and never read, so each device of a send wrote it twice
 * (its 'sending' row and that row rewritten with the outcome), and a player's tokens outlived their
 * devices in the history. The devices' own table keeps the token while the device is registered.
 */

// biome-ignore lint/suspicious/noExplicitAny: a migration runs against the schema as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('push_deliveries').dropColumn('token').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  // The tokens are gone with the column: the deliveries kept since name their devices by digest only.
  await db.schema
    .alterTable('push_deliveries')
    .addColumn('token', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}
