import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('segments')
    .addColumn('segment_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('definition', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  // One name per environment: push, rewards and remote config offer segments by name.
  await db.schema.createIndex('segments_name').on('segments').column('name').unique().execute();
  // The list's default order.
  await db.schema.createIndex('segments_updated').on('segments').columns(['updated_at', 'segment_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('segments').execute();
}
