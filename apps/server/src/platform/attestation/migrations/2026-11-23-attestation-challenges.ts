import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // The primary key is the replay guard: a second insert of the same nonce conflicts.
  // No index on expires_at: rows live five minutes and challenges are rate-limited, so the
  // occasional prune scans a small table.
  await db.schema
    .createTable('attestation_used_challenges')
    .addColumn('nonce', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attestation_used_challenges').execute();
}
