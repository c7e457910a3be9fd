import type { Domain } from '../domain';
import { registerExperimentsAdminRoutes } from './admin-routes';
import { experimentsCalendar } from './calendar';
import { experimentsJobs } from './jobs';
import { EXPERIMENTS_LIVE_TOPICS } from './live';
import { experimentsMigrations } from './migrations/index';
import { experimentsPersonalData } from './personal-data';
import { experimentParameterUse, experimentSegmentUse } from './queries';
import { seedExperiments } from './seed';

/**
 * Experiments: a remote-config parameter's values tested on part of the players, by a stable split
 * into weighted variants, judged by a goal metric from other domains' data (their
 * `experimentMetrics`), stopped or rolled out as the parameter's value. Remote config's fetch asks
 * the `experiments` service what a player gets. Its players' exposures are their data.
 */
export const domain: Domain = {
  name: 'experiments',
  migrations: { game: experimentsMigrations },
  seed: seedExperiments,
  register(app, { stores, experiments, domains }) {
    registerExperimentsAdminRoutes(app, {
      game: stores.game,
      identity: stores.identity,
      experiments,
      metrics: domains.flatMap((domain) => domain.experimentMetrics ?? []),
    });
  },
  jobs: ({ stores, experiments }) => experimentsJobs({ game: stores.game, experiments }),
  liveTopics: EXPERIMENTS_LIVE_TOPICS,
  personalData: experimentsPersonalData,
  segmentUses: [experimentSegmentUse],
  parameterUses: [experimentParameterUse],
  calendar: [experimentsCalendar],
};
