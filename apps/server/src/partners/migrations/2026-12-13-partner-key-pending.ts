import { type Kysely, sql } from 'kysely';

/*
 * A partner invite's claim commits in the game store first and gives the 'partner' key in the
 * identity store after: `key_pending` marks a claim whose key is still to be given, so a stop in
 * between (a crash, a kill) leaves a mark that the start and the periodic job finish.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('partner_invites')
    .addColumn('key_pending', 'integer', (col) => col.notNull().defaultTo(0).check(sql`key_pending in (0, 1)`))
    .execute();
  // Only the marked few are ever looked up: by their claimer, or all of them by the job.
  await db.schema
    .createIndex('partner_invites_key_pending')
    .on('partner_invites')
    .column('claimed_by')
    .where(sql.ref('key_pending'), '=', 1)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('partner_invites_key_pending').execute();
  await db.schema.alterTable('partner_invites').dropColumn('key_pending').execute();
}
