import type { Kysely } from 'kysely';

/*
 * The default partner reward (docs/product.md §9.1), in every store: config/partners names it until an admin picks
 * another, so a link created on demand must find it, demo data or not. Its tiers pay credits only
 * (items-master may hold nothing yet); admins change them on the referral rewards screen, and an
 * existing 'standard-partner-reward' is left as it is. No down: links and claims may name it.
 */

const STANDARD_PARTNER_REWARD = {
  reward_id: 'standard-partner-reward',
  name: 'Standard partner reward',
  tiers: JSON.stringify([
    { tierID: 'first-recruit', referrals: 1, credits: 100, items: [] },
    { tierID: 'squad-leader', referrals: 5, credits: 500, items: [] },
    { tierID: 'commander', referrals: 10, credits: 1500, items: [] },
  ]),
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('referral_rewards')
    .values({ ...STANDARD_PARTNER_REWARD, updated_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('reward_id').doNothing())
    .execute();
}
