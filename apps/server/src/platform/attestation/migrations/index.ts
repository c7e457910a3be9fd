import type { Migration } from 'kysely';
import * as attestationChallenges from './2026-11-23-attestation-challenges';

/** Attestation's identity-store migrations; never edit one that has shipped, add a new one. */
export const attestationMigrations: Record<string, Migration> = {
  '2026-11-23-attestation-challenges': attestationChallenges,
};
