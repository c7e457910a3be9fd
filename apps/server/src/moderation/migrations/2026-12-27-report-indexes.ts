import { type Kysely, sql } from 'kysely';

/*
 * The reads that walked every report: the player page's reports filed by a player and those naming
 * them (moderation/player-record.ts, whose `lower(target)` this index's expression must match), every
 * report newest first (listReports with show=all), and the dashboard's reports resolved since a time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('reports_reporter')
    .on('reports')
    .columns(['reporter', 'created_at', 'report_id'])
    .execute();
  await db.schema
    .createIndex('reports_target')
    .on('reports')
    .expression(sql`lower(target), created_at, report_id`)
    .execute();
  await db.schema.createIndex('reports_created').on('reports').columns(['created_at', 'report_id']).execute();
  await db.schema
    .createIndex('reports_resolved_at')
    .on('reports')
    .columns(['resolved', 'resolved_at', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['reports_reporter', 'reports_target', 'reports_created', 'reports_resolved_at'])
    await db.schema.dropIndex(index).execute();
}
