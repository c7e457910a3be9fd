import type { Kysely } from 'kysely';

/**
 * Sessions that ended, by a hash of their token, with why (identity/ended-sessions.ts): a request
 * or a live stream still presenting one is told why it ended. A row goes with its account, and
 * after the session's own expiry.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ended_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('cause', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ended_sessions_user_idx').on('ended_sessions').column('user_id').execute();
  await db.schema.createIndex('ended_sessions_expiry_idx').on('ended_sessions').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ended_sessions').execute();
}
