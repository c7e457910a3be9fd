import { type Kysely, sql } from 'kysely';

/*
 * The profiles holding the partner key (partners/partner-list.ts lists them, a page and its total): a
 * partial index of those few, so the list no longer reads every profile's keys. Its condition must be
 * the list's own text, `keys like '%"partner"%'` with the pattern written in the query, for the stores
 * to know the index holds every row it wants.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('profiles_partners')
    .on('profiles')
    .column('user_id')
    .where(sql.ref('keys'), 'like', sql.lit('%"partner"%'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('profiles_partners').execute();
}
