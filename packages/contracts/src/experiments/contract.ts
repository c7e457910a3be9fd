import type { LogData } from '../admin-log-words';
import { CALENDAR_QUERY_KEYS } from '../calendar/contract';
import type { DomainContract } from '../domain-contract';
import type { Environment } from '../environments';
import { EXPERIMENTS_PATHS } from './paths';

/*
 * What experiments bring to the shared tables (domain-contract.ts): their routes' policies, their
 * live topic, the admin log's sentences for their changes and their screens' paths. Registered by
 * its line in domain-contracts.ts.
 */

/** An experiment was created, edited, started, stopped or rolled out. */
export const EXPERIMENTS_TOPIC = 'experiments';
/** Players were exposed to an experiment: up to a batch every half second while the game fetches config. */
export const EXPERIMENT_EXPOSURES_TOPIC = 'experiment-exposures';

export const EXPERIMENTS_QUERY_KEYS = {
  admin: (environment: Environment) => ['admin', environment, 'experiments'] as const,
  /**
   * When the results' screen last heard of exposures: a query of the browser's own clock, which
   * the exposures topic refreshes, that the results follow at a pace of their own (the web's
   * experiments/api.ts) rather than being read again on every batch.
   */
  exposuresHeard: (environment: Environment) => ['admin', environment, 'experiment-exposures-heard'] as const,
} as const;

export const EXPERIMENTS_ADMIN_ACTIONS = {
  create: 'experiments.create',
  update: 'experiments.update',
  delete: 'experiments.delete',
  start: 'experiments.start',
  stop: 'experiments.stop',
  rollOut: 'experiments.roll-out',
} as const;

const experiment = (data: LogData) =>
  typeof data.name === 'string' ? `the experiment “${data.name}”` : `the experiment ${String(data.experimentID ?? '')}`;

export const experimentsContract = {
  apiPolicies: {
    'GET /api/admin/:env/experiments': { access: 'adminArea' },
    'GET /api/admin/:env/experiments/:experimentID': { access: 'adminArea' },
    'GET /api/admin/:env/experiments/:experimentID/results': { access: 'adminArea' },
    // Live-ops is run by staff and admins, as remote config is.
    'POST /api/admin/:env/experiments': { access: 'manageShop' },
    'PUT /api/admin/:env/experiments/:experimentID': { access: 'manageShop' },
    'DELETE /api/admin/:env/experiments/:experimentID': { access: 'manageShop' },
    'POST /api/admin/:env/experiments/:experimentID/start': { access: 'manageShop' },
    'POST /api/admin/:env/experiments/:experimentID/stop': { access: 'manageShop' },
    'POST /api/admin/:env/experiments/:experimentID/roll-out': { access: 'manageShop' },
  },
  liveTopics: {
    [EXPERIMENTS_TOPIC]: {
      access: 'adminArea',
      playerKeys: [],
      // Starting and stopping, by an admin or on time by the job, move its entry on the calendar.
      backOfficeKeys: (environment: Environment) => [
        EXPERIMENTS_QUERY_KEYS.admin(environment),
        CALENDAR_QUERY_KEYS.admin(environment),
      ],
    },
    [EXPERIMENT_EXPOSURES_TOPIC]: {
      access: 'adminArea',
      playerKeys: [],
      backOfficeKeys: (environment: Environment) => [EXPERIMENTS_QUERY_KEYS.exposuresHeard(environment)],
    },
  },
  adminLogActions: {
    [EXPERIMENTS_ADMIN_ACTIONS.create]: {
      label: 'Created an experiment',
      sentence: (data: LogData) => [`created ${experiment(data)}`],
    },
    [EXPERIMENTS_ADMIN_ACTIONS.update]: {
      label: 'Edited an experiment',
      sentence: (data: LogData) => [`edited ${experiment(data)}`],
    },
    [EXPERIMENTS_ADMIN_ACTIONS.delete]: {
      label: 'Deleted an experiment',
      sentence: (data: LogData) => [`deleted ${experiment(data)}`],
    },
    [EXPERIMENTS_ADMIN_ACTIONS.start]: {
      label: 'Started an experiment',
      sentence: (data: LogData) => {
        if (typeof data.startsAt === 'string')
          return [`scheduled ${experiment(data)} to start at`, { time: data.startsAt }];
        // The job's start at the scheduled time (experiments/queries.ts's advanceExperiments).
        return data.onTime === true
          ? [`started ${experiment(data)} at its scheduled start`]
          : [`started ${experiment(data)}`];
      },
    },
    [EXPERIMENTS_ADMIN_ACTIONS.stop]: {
      label: 'Stopped an experiment',
      sentence: (data: LogData) =>
        data.onTime === true ? [`stopped ${experiment(data)} at its planned end`] : [`stopped ${experiment(data)}`],
    },
    [EXPERIMENTS_ADMIN_ACTIONS.rollOut]: {
      label: 'Rolled out an experiment’s variant',
      sentence: (data: LogData) => [
        `rolled out the variant “${String(data.variant ?? '')}” of ${experiment(data)} as the value of ${String(data.parameterKey ?? '')}`,
      ],
    },
  },
  adminLogWalk: 'apps/server/src/experiments/experiments.test.ts',
  screenPaths: [EXPERIMENTS_PATHS.admin, EXPERIMENTS_PATHS.adminExperiment],
} as const satisfies DomainContract;
