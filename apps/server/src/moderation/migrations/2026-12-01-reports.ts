import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('report_id', 'text', (col) => col.primaryKey())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('reporter', 'text')
    .addColumn('source', 'text', (col) => col.notNull().check(sql`source in ('account', 'game')`))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('resolved', 'integer', (col) => col.notNull().defaultTo(0).check(sql`resolved in (0, 1)`))
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('resolution', 'text')
    .execute();
  // The moderators' list (unresolved, newest first), the dashboard's count and the trending window.
  await db.schema.createIndex('reports_resolved_created').on('reports').columns(['resolved', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').execute();
}
