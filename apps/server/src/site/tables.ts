import type { Selectable } from 'kysely';

export interface EmailSignupTable {
  /** Normalised (trimmed, lower-cased) address; the key makes signing up idempotent. */
  email: string;
  created_at: string;
  /** 'landing' for the landing page form, 'demo' for seeded rows. */
  source: string;
}

export type EmailSignupRow = Selectable<EmailSignupTable>;

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
  email_segment_registrations: EmailSegmentRegistrationTable;
}
