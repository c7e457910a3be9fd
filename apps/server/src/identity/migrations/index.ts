import type { Migration } from 'kysely';
import * as profiles from './2026-11-22-profiles';
import * as auth from './2026-11-23-auth';
import * as accountsCreated from './2026-12-09-accounts-created';
import * as accountCount from './2026-12-10-account-count';
import * as endedSessions from './2026-12-16-ended-sessions';
import * as signUpHours from './2026-12-26-sign-up-hours';
import * as partnerProfiles from './2026-12-27-partner-profiles';

/** Accounts' identity-store migrations; never edit one that has shipped, add a new one. */
export const identityMigrations: Record<string, Migration> = {
  '2026-11-22-profiles': profiles,
  '2026-11-23-auth': auth,
  '2026-12-09-accounts-created': accountsCreated,
  '2026-12-10-account-count': accountCount,
  '2026-12-16-ended-sessions': endedSessions,
  '2026-12-26-sign-up-hours': signUpHours,
  '2026-12-27-partner-profiles': partnerProfiles,
};
