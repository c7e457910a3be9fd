import type { Kysely } from 'kysely';

/** The newest accounts first (the live stats' recent users) without sorting every account. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('auth_users_created_idx').on('auth_users').column('created_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('auth_users_created_idx').execute();
}
