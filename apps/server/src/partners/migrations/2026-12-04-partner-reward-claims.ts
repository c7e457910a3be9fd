import type { Kysely } from 'kysely';

/*
 * A tier claim names the reward it was a tier of: keyed by (link, tier) alone, a link pointed at
 * another reward found that reward's tiers of the same IDs claimed. Claims made before keep the
 * reward their link names now, the one they were claimed under unless it was repointed since.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('referral_tier_claims').renameTo('referral_tier_claims_by_tier').execute();
  await db.schema
    .createTable('referral_tier_claims')
    .addColumn('link_id', 'text', (col) => col.notNull().references('referral_links.link_id').onDelete('cascade'))
    .addColumn('reward_id', 'text', (col) => col.notNull())
    .addColumn('tier_id', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('referral_tier_claims_reward_pk', ['link_id', 'reward_id', 'tier_id'])
    .execute();
  // An admin's save of a reward looks up its claimed tiers.
  await db.schema
    .createIndex('referral_tier_claims_reward')
    .on('referral_tier_claims')
    .columns(['reward_id', 'tier_id'])
    .execute();
  await db
    .insertInto('referral_tier_claims')
    .columns(['link_id', 'reward_id', 'tier_id', 'claimed_at'])
    .expression((eb) =>
      eb
        .selectFrom('referral_tier_claims_by_tier as claims')
        .innerJoin('referral_links as links', 'links.link_id', 'claims.link_id')
        .select(['claims.link_id', 'links.reward_id', 'claims.tier_id', 'claims.claimed_at']),
    )
    .execute();
  await db.schema.dropTable('referral_tier_claims_by_tier').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('referral_tier_claims').renameTo('referral_tier_claims_by_reward').execute();
  await db.schema
    .createTable('referral_tier_claims')
    .addColumn('link_id', 'text', (col) => col.notNull().references('referral_links.link_id').onDelete('cascade'))
    .addColumn('tier_id', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('referral_tier_claims_pk', ['link_id', 'tier_id'])
    .execute();
  // A tier claimed under two rewards keeps its first claim.
  await db
    .insertInto('referral_tier_claims')
    .columns(['link_id', 'tier_id', 'claimed_at'])
    .expression((eb) =>
      eb
        .selectFrom('referral_tier_claims_by_reward')
        .select(['link_id', 'tier_id', (inner) => inner.fn.min('claimed_at').as('claimed_at')])
        .groupBy(['link_id', 'tier_id']),
    )
    .execute();
  await db.schema.dropTable('referral_tier_claims_by_reward').execute();
}
