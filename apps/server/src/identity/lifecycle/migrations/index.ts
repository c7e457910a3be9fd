import type { Migration } from 'kysely';
import * as accountLifecycle from './2026-12-05-account-lifecycle';

/** The account lifecycle's identity-store migrations; never edit one that has shipped, add a new one. */
export const accountLifecycleMigrations: Record<string, Migration> = {
  '2026-12-05-account-lifecycle': accountLifecycle,
};
