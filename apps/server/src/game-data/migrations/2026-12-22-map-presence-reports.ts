import type { Kysely } from 'kysely';

/*
 * Each map's reports of its players, kept for two days beside map_presence (which keeps only the latest): the
 * dashboard's Active Users is the live stats' Active now, and its change is against the same figure a day
 * before, which only the reports of then can tell. The reports already known (each map's latest) start it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('map_presence_reports')
    .addColumn('map_id', 'text', (col) => col.notNull())
    .addColumn('reported_at', 'text', (col) => col.notNull())
    .addColumn('active_now', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('map_presence_reports_pk', ['map_id', 'reported_at'])
    .execute();
  await db.schema.createIndex('map_presence_reports_at').on('map_presence_reports').column('reported_at').execute();
  await db
    .insertInto('map_presence_reports')
    .columns(['map_id', 'reported_at', 'active_now'])
    .expression(db.selectFrom('map_presence').select(['map_id', 'updated_at', 'active_now']))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('map_presence_reports').execute();
}
