import type { Selectable } from 'kysely';

/**
 * Redemption codes (docs/product.md §3.8's claim-codes): a batch is one claim-codes document, its codes are
 * rows of their own so each code's uses are decremented by a guarded update, and a redemption row per player
 * and code makes "once per player" a primary key.
 */
export interface ClaimCodeBatchTable {
  /** claimCodeID (docs/product.md §3.8): two random base-36 strings, a random ID of §5.7. */
  claim_code_id: string;
  batch_name: string;
  type: string;
  /** How many players may redeem each code. */
  uses: number;
  credits: number;
  /** The reward item ids, as a JSON array of strings. */
  rewards: string;
  /** 1 until the batch's last code is used up. */
  is_available: number;
  /** ISO 8601, UTC. */
  created_at: string;
  /** The admin's user id. */
  created_by: string;
}

export interface ClaimCodeTable {
  /** Unique in the environment, as a player types it (lower case, URL-encoded). */
  code: string;
  claim_code_id: string;
  /** Never negative: a CHECK backs the redemption's guarded decrement. */
  uses_left: number;
}

export interface ClaimCodeRedemptionTable {
  code: string;
  user_id: string;
  /** ISO 8601, UTC. */
  redeemed_at: string;
}

export type ClaimCodeBatchRow = Selectable<ClaimCodeBatchTable>;
export type ClaimCodeRow = Selectable<ClaimCodeTable>;

export interface ClaimCodeTables {
  claim_code_batches: ClaimCodeBatchTable;
  claim_codes: ClaimCodeTable;
  claim_code_redemptions: ClaimCodeRedemptionTable;
}

declare module '../database' {
  interface GameDatabase extends ClaimCodeTables {}
}
