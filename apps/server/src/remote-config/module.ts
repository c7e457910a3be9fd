import type { Domain, ParameterUseCheck } from '../domain';
import { registerRemoteConfigAdminRoutes } from './admin-routes';
import { remoteConfigCalendar } from './calendar';
import { remoteConfigJobs } from './jobs';
import { REMOTE_CONFIG_LIVE_TOPICS } from './live';
import { remoteConfigMigrations } from './migrations/index';
import { registerRemoteConfigRoutes } from './routes';
import { seedRemoteConfig } from './seed';
import { remoteConfigSegmentUse } from './segment-uses';

const parameterUsesOf = (domains: readonly Domain[]): ParameterUseCheck[] =>
  domains.flatMap((domain) => domain.parameterUses ?? []);

/**
 * Remote config: typed parameters the game reads at run time, with values under conditions, edited
 * as a draft and published as numbered versions (rolled back, scheduled). It holds no player's data.
 */
export const domain: Domain = {
  name: 'remote-config',
  migrations: { game: remoteConfigMigrations },
  seed: seedRemoteConfig,
  register(app, { game, stores, config, segments, experiments, domains }) {
    registerRemoteConfigRoutes(app, { game, environment: config.appEnv, segments, experiments });
    registerRemoteConfigAdminRoutes(app, {
      game: stores.game,
      identity: stores.identity,
      segments,
      parameterUses: parameterUsesOf(domains),
    });
  },
  jobs: ({ stores, domains }) =>
    remoteConfigJobs({ game: stores.game, identity: stores.identity, parameterUses: parameterUsesOf(domains) }),
  liveTopics: REMOTE_CONFIG_LIVE_TOPICS,
  segmentUses: [remoteConfigSegmentUse],
  calendar: [remoteConfigCalendar],
};
