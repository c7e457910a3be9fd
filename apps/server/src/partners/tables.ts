import type { Generated, Selectable } from 'kysely';

/**
 * The partner programme's tables in each environment's store. A link's claimedBy (docs/product.md §3.6) is
 * rows of `referral_joins`, one per player in all: a player is referred once.
 */
export interface ReferralLinkTable {
  /** 'partner_{creator}' (docs/product.md §3.6). */
  link_id: string;
  /** The partner's user id; the link id is derived from it, so one link each. */
  creator: string;
  /** The random id in the shareable /join/{referralID} address; unique. */
  referral_id: string;
  type: string;
  reward_id: string;
  created: string;
}

export interface ReferralJoinTable {
  /** The primary key: a player joins through one link, once. */
  user_id: string;
  link_id: string;
  joined: string;
}

/**
 * rewardTierClaims (docs/product.md §3.6): one row per (link, reward, tier), so a reward's tier is
 * claimed once per link.
 */
export interface ReferralTierClaimTable {
  link_id: string;
  reward_id: string;
  tier_id: string;
  claimed_at: string;
}

/** A referral-rewards document; its tiers as JSON text, replaced whole by an admin's save. */
export interface ReferralRewardTable {
  reward_id: string;
  name: string;
  tiers: string;
  updated_at: string;
}

export interface PartnerInviteTable {
  invite_id: string;
  join_reward_id: string | null;
  referral_reward_id: string | null;
  reward_tier_id: string | null;
  /** 0 or 1; taken by the one update that finds it 0. */
  claimed: number;
  claimed_by: string | null;
  claimed_at: string | null;
  created: string;
  created_by: string;
  /** 0 or 1: the admin handed its code to someone. */
  delivered: number;
  /** 1 while its claimer's 'partner' key is still to be given (the claim commits first; ./key-grants.ts). */
  key_pending: Generated<number>;
}

export type ReferralLinkRow = Selectable<ReferralLinkTable>;
export type ReferralRewardRow = Selectable<ReferralRewardTable>;
export type PartnerInviteRow = Selectable<PartnerInviteTable>;

export interface PartnerTables {
  referral_links: ReferralLinkTable;
  referral_joins: ReferralJoinTable;
  referral_tier_claims: ReferralTierClaimTable;
  referral_rewards: ReferralRewardTable;
  partner_invites: PartnerInviteTable;
}

declare module '../database' {
  interface GameDatabase extends PartnerTables {}
}
