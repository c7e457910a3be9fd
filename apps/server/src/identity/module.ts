import type { AppContext, Domain } from '../domain';
import { joinMigrations } from '../platform/db/stores';
import { registerAuthRoutes } from './auth-routes';
import { type AccountDataOptions, deletionJobs } from './lifecycle/deletion';
import { accountLifecycleMigrations } from './lifecycle/migrations/index';
import { registerAccountLifecycleRoutes } from './lifecycle/routes';
import { countSuspendedPlayers } from './lifecycle/suspensions';
import { ENDED_SESSIONS_SOURCE, ENDED_SESSIONS_TOPIC, IDENTITY_LIVE_TOPICS } from './live';
import { identityMigrations } from './migrations/index';
import { identityPlayerRecord } from './player-record';
import { countSignUpsPerBucket } from './queries';
import { registerIdentityRoutes } from './routes';
import { searchPlayers } from './search/back-office-search';
import { userSearchMigrations } from './search/migrations/index';
import { registerUserSearchRoutes } from './search/routes';
import { IDENTITY_SEGMENT_ATTRIBUTES } from './segment-attributes';
import { registerAccountSupportRoutes } from './support-routes';

/** A player's data across the app: every domain's part, in every environment's store. */
const accountDataOf = ({ identity, stores, domains, config }: AppContext): AccountDataOptions => ({
  identity,
  game: stores.game,
  parts: domains.flatMap((domain) => (domain.personalData ? [domain.personalData] : [])),
  logEnvironment: config.appEnv,
});

/** Identity: accounts, sessions, profiles and keys, user search, and an account's suspension and deletion. */
export const domain: Domain = {
  name: 'identity',
  segmentAttributes: IDENTITY_SEGMENT_ATTRIBUTES,
  migrations: { identity: joinMigrations(identityMigrations, userSearchMigrations, accountLifecycleMigrations) },
  series: { signUps: ({ identity }, { since, unit }) => countSignUpsPerBucket(identity, since, unit) },
  register(app, context) {
    const { identity, stores, auth, viewers, rateLimits, feeds } = context;
    registerAuthRoutes(app, auth, identity);
    registerAccountLifecycleRoutes(app, {
      identity,
      game: stores.game,
      data: accountDataOf(context),
      auth,
      forgetSessions: viewers.forgetUser,
      reportNumbers: context.domains.find((domain) => domain.reportNumbers)?.reportNumbers,
      rateLimits: { deletion: rateLimits.accountDeletion, export: rateLimits.accountExport },
    });
    registerIdentityRoutes(app, {
      identity,
      game: context.game,
      profileParts: context.domains.flatMap((domain) => (domain.profile ? [domain.profile] : [])),
      checkEmailRateLimit: rateLimits.checkEmail,
      sessionEndOf: viewers.sessionEndOf,
    });
    registerUserSearchRoutes(app, { identity, game: stores.game });
    registerAccountSupportRoutes(app, {
      identity,
      game: stores.game,
      data: accountDataOf(context),
      forgetSessions: viewers.forgetUser,
    });
    // Sessions ended anywhere (any instance, the CLI) leave every instance's session cache at once.
    feeds.get('identity')?.subscribe((rows) => {
      for (const row of rows) if (row.topic === ENDED_SESSIONS_TOPIC) viewers.forgetUser(row.key);
    });
  },
  jobs: (context) => deletionJobs(accountDataOf(context), context.log),
  search: searchPlayers,
  playerRecord: identityPlayerRecord,
  liveTopics: IDENTITY_LIVE_TOPICS,
  changeSources: { identity: [ENDED_SESSIONS_SOURCE] },
  counts: { suspendedPlayers: ({ identity }) => countSuspendedPlayers(identity) },
  countsAt: { suspendedPlayers: ({ identity }, at) => countSuspendedPlayers(identity, at) },
};
