import type { EveryoneRewardState } from '@outpost/contracts/rewards';
import type { Generated, Selectable } from 'kysely';

/**
 * One reward distribution per requestID (docs/product.md §7.6 `{env}-admin-distributereward`): what it gives,
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

/**
 * A distribution to everyone in the environment, given by a background job in batches of players
 * ordered by id, at once or at its scheduled time (`send_at`, state 'scheduled' until then): the checkpoint (`last_user_id`, `reached`) moves in each batch's transaction, so
 * a run taken over goes on after the last batch committed.
 */
export interface RewardEveryoneTable {
  request_id: string;
  state: EveryoneRewardState;
  /** The players counted when it was sent (a scheduled one: when its time came; 0 before). */
  players_at_send: number;
  /** The last player of the last batch committed; null before the first and once done. */
  last_user_id: string | null;
  /** Players given the reward so far. */
  reached: Generated<number>;
  started_at: string | null;
  finished_at: string | null;
  last_error: string | null;
  /** When it goes (ISO 8601, UTC): the time it was scheduled for, or its send for one sent at once. */
  send_at: string;
}

export type RewardDistributionRow = Selectable<RewardDistributionTable>;

export interface RewardTables {
  reward_distributions: RewardDistributionTable;
  reward_recipients: RewardRecipientTable;
  reward_everyone: RewardEveryoneTable;
}

declare module '../database' {
  interface GameDatabase extends RewardTables {}
}
