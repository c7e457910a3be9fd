import type { Selectable } from 'kysely';

export interface EmailSignupTable {
  /** Normalised (trimmed, lower-cased) address; the key makes signing up idempotent. */
  email: string;
  created_at: string;
  /** 'landing' for the landing page form, 'demo' for seeded rows. */
  source: string;
}

export type EmailSignupRow = Selectable<EmailSignupTable>;

/**
 * One row (id 1): how many rows email_signups holds. Every insert that adds signups adds their
 * number here in its transaction (site/queries.ts), so the landing page reads one row, not the list.
 */
export interface EmailSignupCountTable {
  id: number;
  total: number;
}

/** Who asked to hear about one segment (a drop, an event); one row per address and segment. */
export interface EmailSegmentRegistrationTable {
  segment_id: string;
  email: string;
  /** The account's id, or the guest placeholder when the visitor was signed out. */
  user_id: string;
  created_at: string;
}

export interface SiteTables {
  email_signups: EmailSignupTable;
  email_signup_count: EmailSignupCountTable;
  email_segment_registrations: EmailSegmentRegistrationTable;
}

declare module '../database' {
  interface GameDatabase extends SiteTables {}
}
