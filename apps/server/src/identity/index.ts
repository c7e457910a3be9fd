/* What identity offers other domains: accounts, profiles and people, their changes, and key changes that keep a concurrent change. */

export { type Auth, createAuth, DEFAULT_AUTH_RATE_LIMITS } from './auth';
export { accountsChangeSource } from './live';
export {
  accountCreatedAt,
  accountsHoldingKey,
  countAccounts,
  countPlayerAccounts,
  displayNamesOf,
  findProfile,
  listRecentAccounts,
  missingAccounts,
  peopleOf,
  playerAccountPage,
  playerAccountsAfter,
  profileAccountEmail,
  withPlayerAccounts,
} from './queries';
export { requireAccount } from './require-account';
export { addProfileKey, findStoredKeys } from './search/keys';
export { DEMO_PLAYERS, seedDemoPlayers } from './seed';
export { createViewerResolver, type ViewerResolver } from './viewer';
