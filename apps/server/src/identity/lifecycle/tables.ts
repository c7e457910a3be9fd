import type { Selectable } from 'kysely';

/*
 * The account lifecycle's tables in the identity store: suspensions, kept as a history, and deletions, kept
 * as a marker while one is under way and as a bare record once it is done.
 */

/** One suspension of a player; at most one open (not lifted) per player, by a partial unique index. */
export interface AccountSuspensionTable {
  /** UUIDv7. */
  suspension_id: string;
  user_id: string;
  reason: string;
  /** ISO 8601, UTC. */
  starts_at: string;
  /** ISO 8601, UTC; null: until lifted. */
  ends_at: string | null;
  /** The staff member's or admin's user id. */
  suspended_by: string;
  /** The environment whose admin log records it. */
  environment: string;
  report_id: string | null;
  /** Set when lifted, or when a new suspension replaced it; null while it is the player's open one. */
  lifted_at: string | null;
  lifted_by: string | null;
  lift_note: string | null;
}

/**
 * An account deletion: who it was (id, address, name) is held only while it is under way, so it
 * is finished, and swept again once the player's last requests are over, under the same anonymous
 * id; once done, only the anonymous id and the times remain.
 */
export interface AccountDeletionTable {
  /** What replaced the player's id in every record others rely on. */
  anonymous_id: string;
  user_id: string | null;
  email: string | null;
  display_name: string | null;
  /** 'player' (from /account) or 'operator' (the CLI). */
  requested_by: string;
  /** The environment whose admin log records it (APP_ENV's, where the player plays). */
  environment: string;
  requested_at: string;
  /** Until when one process works on it: two never erase at once (counts, the log entry). */
  lease_until: string | null;
  completed_at: string | null;
}

export type AccountSuspensionRow = Selectable<AccountSuspensionTable>;
export type AccountDeletionRow = Selectable<AccountDeletionTable>;

export interface AccountLifecycleTables {
  account_suspensions: AccountSuspensionTable;
  account_deletions: AccountDeletionTable;
}

declare module '../../database' {
  interface IdentityDatabase extends AccountLifecycleTables {}
}
