import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('profiles')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('display_name_key', 'text', (col) => col.notNull().unique())
    .addColumn('keys', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created', 'text', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('profiles').execute();
}
