import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('avatars')
    .addColumn('avatar_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('claimed_count', 'integer', (col) => col.notNull().defaultTo(0).check(sql`claimed_count >= 0`))
    .execute();

  await db.schema
    .createTable('avatar_claims')
    .addColumn('avatar_id', 'text', (col) => col.notNull().references('avatars.avatar_id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    // Once per player and avatar, also when claims race.
    .addPrimaryKeyConstraint('avatar_claims_pk', ['avatar_id', 'user_id'])
    .execute();
  // A player's claims, for the avatar list they see.
  await db.schema.createIndex('avatar_claims_user').on('avatar_claims').columns(['user_id', 'avatar_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('avatar_claims').execute();
  await db.schema.dropTable('avatars').execute();
}
