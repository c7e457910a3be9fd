import type { Migration } from 'kysely';
import * as emailSignups from './game/2026-11-22-email-signups';
import * as storeMeta from './game/2026-11-22-store-meta';
import * as emailSegments from './game/2026-11-23-email-segments';
import * as emailSignupCount from './game/2026-11-23-email-signup-count';
import * as profiles from './identity/2026-11-22-profiles';
import * as attestationChallenges from './identity/2026-11-23-attestation-challenges';
import * as auth from './identity/2026-11-23-auth';
import * as mailOutbox from './identity/2026-11-23-mail-outbox';

/**
 * Migrations are listed here rather than read from a folder so they ship inside the server
 * bundle. Names sort by their date prefix; never edit one that has shipped, add a new one.
 */
export const identityMigrations: Record<string, Migration> = {
  '2026-11-23-attestation-challenges': attestationChallenges,
  '2026-11-23-auth': auth,
  '2026-11-23-mail-outbox': mailOutbox,
  '2026-11-22-profiles': profiles,
};

export const gameMigrations: Record<string, Migration> = {
  '2026-11-22-email-signups': emailSignups,
  '2026-11-22-store-meta': storeMeta,
  '2026-11-23-email-segments': emailSegments,
  '2026-11-23-email-signup-count': emailSignupCount,
};
