import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('__snake___entries')
    .addColumn('entry_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('score', 'integer', (col) => col.notNull())
    .addColumn('player_id', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // The players' page: running entries, highest score first.
  await db.schema.createIndex('__snake___entries_score').on('__snake___entries').columns(['score', 'entry_id']).execute();
  // A player's entries, for their download and their deletion.
  await db.schema.createIndex('__snake___entries_player').on('__snake___entries').column('player_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('__snake___entries').execute();
}
