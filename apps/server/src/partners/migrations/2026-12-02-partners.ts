import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('referral_links')
    .addColumn('link_id', 'text', (col) => col.primaryKey())
    .addColumn('creator', 'text', (col) => col.notNull())
    .addColumn('referral_id', 'text', (col) => col.notNull().unique())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('reward_id', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('referral_joins')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('link_id', 'text', (col) => col.notNull().references('referral_links.link_id').onDelete('cascade'))
    .addColumn('joined', 'text', (col) => col.notNull())
    .execute();
  // A link's count and its latest referrals.
  await db.schema.createIndex('referral_joins_link').on('referral_joins').columns(['link_id', 'joined']).execute();

  await db.schema
    .createTable('referral_tier_claims')
    .addColumn('link_id', 'text', (col) => col.notNull().references('referral_links.link_id').onDelete('cascade'))
    .addColumn('tier_id', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('referral_tier_claims_pk', ['link_id', 'tier_id'])
    .execute();

  await db.schema
    .createTable('referral_rewards')
    .addColumn('reward_id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('tiers', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('partner_invites')
    .addColumn('invite_id', 'text', (col) => col.primaryKey())
    .addColumn('join_reward_id', 'text')
    .addColumn('referral_reward_id', 'text')
    .addColumn('reward_tier_id', 'text')
    .addColumn('claimed', 'integer', (col) => col.notNull().defaultTo(0).check(sql`claimed in (0, 1)`))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('delivered', 'integer', (col) => col.notNull().defaultTo(0).check(sql`delivered in (0, 1)`))
    .execute();
  await db.schema
    .createIndex('partner_invites_created')
    .on('partner_invites')
    .columns(['created', 'invite_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('partner_invites').execute();
  await db.schema.dropTable('referral_rewards').execute();
  await db.schema.dropTable('referral_tier_claims').execute();
  await db.schema.dropTable('referral_joins').execute();
  await db.schema.dropTable('referral_links').execute();
}
