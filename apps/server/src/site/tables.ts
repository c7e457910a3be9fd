import type { Selectable } from 'kysely';

export interface EmailSignupTable {
  /** Normalised (trimmed, lower-cased) address; the key makes signing up idempotent. */
  email: string;
  created_at: string;
  /** 'landing' for the landing page form, 'demo' for seeded rows. */
  source: string;
}

export type EmailSignupRow = Selectable<EmailSignupTable>;

export interface SiteTables {
  email_signups: EmailSignupTable;
}
