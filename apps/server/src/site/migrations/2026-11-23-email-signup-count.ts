import { type Kysely, sql } from 'kysely';

/**
 * The length of the early-access list, kept in one row so the landing page's count costs the same
 * with a million signups as with a hundred. It starts from the rows already there; from then on
 * each insert that adds a row adds one to it in the same transaction (site/queries.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_signup_count')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addCheckConstraint('email_signup_count_one_row', sql`id = 1`)
    .execute();
  await db
    .insertInto('email_signup_count')
    .columns(['id', 'total'])
    .expression(db.selectFrom('email_signups').select([sql.lit(1).as('id'), db.fn.countAll().as('total')]))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_signup_count').execute();
}
