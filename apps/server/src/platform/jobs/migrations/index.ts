import type { Migration } from 'kysely';
import * as jobs from './2026-12-06-jobs';

/** The job runner's identity-store migrations; never edit one that has shipped, add a new one. */
export const jobMigrations: Record<string, Migration> = {
  '2026-12-06-jobs': jobs,
};
