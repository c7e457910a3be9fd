import { DEFAULT_PARTNER_REWARD_ID, DEFAULT_PARTNERS_CONFIG, PARTNERS_CONFIG_ID } from '@outpost/contracts/partners';
import type { Kysely } from 'kysely';
import { seedConfigDocument } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { seedPartnerInvite } from './invites';

/*
 * The partner programme's demo data: config/partners and a partner invite code a player claims at
 * /account to become a partner. docs/product.md §9.1's 'standard-partner-reward' is not demo data: a migration
 * writes it in every store. Rows an admin changed stay as they are.
 */

/** The demo partner invite. */
export const DEMO_PARTNER_INVITE = 'outpost-partner';

export async function seedPartners(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  await seedConfigDocument(db, PARTNERS_CONFIG_ID, { ...DEFAULT_PARTNERS_CONFIG }, now);
  await seedPartnerInvite(db, { inviteID: DEMO_PARTNER_INVITE, referralRewardID: DEFAULT_PARTNER_REWARD_ID, now });
}
