import type { Migration } from 'kysely';
import * as emailSignups from './2026-11-22-email-signups';
import * as emailSegments from './2026-11-23-email-segments';
import * as emailSignupCount from './2026-11-23-email-signup-count';

/** The site's game-store migrations; never edit one that has shipped, add a new one. */
export const siteMigrations: Record<string, Migration> = {
  '2026-11-22-email-signups': emailSignups,
  '2026-11-23-email-segments': emailSegments,
  '2026-11-23-email-signup-count': emailSignupCount,
};
