import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('remote_config_drafts')
    .addColumn('draft_id', 'text', (col) => col.primaryKey())
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('revision', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'text')
    .addColumn('updated_by', 'text')
    .execute();
  // The primary key orders the versions: the highest is the one players get.
  await db.schema
    .createTable('remote_config_versions')
    .addColumn('version', 'integer', (col) => col.primaryKey())
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('rollback_of', 'integer')
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('published_by', 'text')
    .execute();
  await db.schema
    .createTable('remote_config_schedules')
    .addColumn('schedule_id', 'text', (col) => col.primaryKey())
    .addColumn('template', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('publish_at', 'text', (col) => col.notNull())
    .addColumn('scheduled_by', 'text')
    .addColumn('scheduled_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('remote_config_schedules_publish_at')
    .on('remote_config_schedules')
    .column('publish_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('remote_config_schedules').execute();
  await db.schema.dropTable('remote_config_versions').execute();
  await db.schema.dropTable('remote_config_drafts').execute();
}
