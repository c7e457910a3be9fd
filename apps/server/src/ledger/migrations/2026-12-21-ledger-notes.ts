import type { Kysely } from 'kysely';

/*
 * A change staff make by hand on the player page carries their reason, which the player reads in
 * their history (docs/decisions/0130-the-player-page.md); every other change is named by its cause.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('credit_ledger').addColumn('note', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('credit_ledger').dropColumn('note').execute();
}
