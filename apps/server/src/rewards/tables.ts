import type { Selectable } from 'kysely';

/**
 * One reward distribution per requestID (spec §7 `{env}-admin-distributereward`): what it gives,
 * why, when and by whom it was first sent. Its key is what makes a retried request give nothing
 * twice; a repeat must carry the same reward.
 */
export interface RewardDistributionTable {
  request_id: string;
  reason: string;
  credits: number;
  /** JSON [{itemID, quantity}], sorted by itemID, so two sendings of one reward compare equal. */
  items: string;
  /** ISO 8601, UTC. */
  distributed_at: string;
  /** The admin's user id. */
  distributed_by: string;
}

/** Each player a distribution has given its reward to, once: the key a repeat meets. */
export interface RewardRecipientTable {
  request_id: string;
  user_id: string;
  given_at: string;
}

export type RewardDistributionRow = Selectable<RewardDistributionTable>;

export interface RewardTables {
  reward_distributions: RewardDistributionTable;
  reward_recipients: RewardRecipientTable;
}
