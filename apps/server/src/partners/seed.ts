import { DEFAULT_PARTNER_REWARD_ID, DEFAULT_PARTNERS_CONFIG, PARTNERS_CONFIG_ID } from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import { seedConfigDocument } from '../backoffice/config-documents';
import type { GameDatabase } from '../stores';
import { seedPartnerInvite } from './invites';
import { seedReward } from './rewards';

/*
 * The partner programme's demo data: spec §9's 'standard-partner-reward' with three tiers,
 * config/partners and a partner invite code a player claims at /account to become a partner.
 * Rows an admin changed stay as they are.
 */

/** The demo partner invite. */
export const DEMO_PARTNER_INVITE = 'outpost-partner';

export const STANDARD_TIERS = [
  { tierID: 'first-recruit', referrals: 1, credits: 100, items: [] },
  { tierID: 'squad-leader', referrals: 5, credits: 500, items: ['hat-ranger-beanie'] },
  { tierID: 'commander', referrals: 10, credits: 1500, items: ['drone-skin-aurora'] },
];

export async function seedPartners(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  await seedReward(
    db,
    { rewardID: DEFAULT_PARTNER_REWARD_ID, name: 'Standard partner reward', tiers: STANDARD_TIERS },
    now,
  );
  await seedConfigDocument(db, PARTNERS_CONFIG_ID, { ...DEFAULT_PARTNERS_CONFIG }, now);
  await seedPartnerInvite(db, { inviteID: DEMO_PARTNER_INVITE, referralRewardID: DEFAULT_PARTNER_REWARD_ID, now });
}
