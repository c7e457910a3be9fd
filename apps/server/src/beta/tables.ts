import type { Selectable } from 'kysely';

/**
 * The beta programme's tables in each environment's store. An invite's claimers are rows of `invite_claims`:
 * any number for an admin invite, one for a player's (docs/product.md §4.2).
 */
export interface InviteTable {
  /** The code (docs/product.md §3.3), the primary key: a lookup answers at most one (docs/product.md §9.1). */
  invite_id: string;
  /** 'admin', or the user id of the player who shares it. */
  source: string;
  /** The admin who created it, or the sharing player. */
  created_by: string;
  /** 0 or 1: claimed at least once; a player's invite is claimed by the one update that finds it 0. */
  claimed: number;
  /** ISO 8601: a claim at or after it is refused. */
  expiration: string;
  created: string;
}

export interface InviteClaimTable {
  invite_id: string;
  user_id: string;
  claimed_at: string;
}

/** A beta request (docs/product.md §3.4: request-to-enter), one per player. */
export interface BetaRequestTable {
  user_id: string;
  email: string;
  display_name: string;
  max_invites: number;
  invite_code: string | null;
  /** When it was created. */
  timestamp: string;
  /** The request form's answers, as JSON text; the only field a later request replaces. */
  data: string;
  status: number;
  updated_at: string;
  accepted_at: string | null;
}

/** testing-objectives (docs/product.md §3.16): what beta players are asked to try; players see the active ones. */
export interface TestingObjectiveTable {
  objective_id: string;
  title: string;
  description: string;
  active: number;
  created_at: string;
  updated_at: string;
}

/** Feedback (docs/product.md §3.5). */
export interface FeedbackTable {
  /** UUIDv7: time-ordered, so the index grows at its end. */
  feedback_id: string;
  user_id: string;
  category: string;
  text: string;
  sentiment: string;
  /** The testing objective it is about, or null for general feedback. */
  mission: string | null;
  timestamp: string;
  reviewed: number;
}

export type InviteRow = Selectable<InviteTable>;
export type BetaRequestRow = Selectable<BetaRequestTable>;
export type TestingObjectiveRow = Selectable<TestingObjectiveTable>;
export type FeedbackRow = Selectable<FeedbackTable>;

export interface BetaTables {
  invites: InviteTable;
  invite_claims: InviteClaimTable;
  beta_requests: BetaRequestTable;
  testing_objectives: TestingObjectiveTable;
  feedback: FeedbackTable;
}

declare module '../database' {
  interface GameDatabase extends BetaTables {}
}
