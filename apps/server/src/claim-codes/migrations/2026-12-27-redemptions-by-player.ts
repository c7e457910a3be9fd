import type { Kysely } from 'kysely';

/* A player's redemptions, newest first (claim-codes/player-record.ts): the key leads with the code. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('claim_code_redemptions_user')
    .on('claim_code_redemptions')
    .columns(['user_id', 'redeemed_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('claim_code_redemptions_user').execute();
}
