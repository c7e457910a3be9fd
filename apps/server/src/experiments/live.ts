import { EXPERIMENTS_TOPIC } from '@outpost/contracts/experiments/contract';
import type { LiveScope } from '../domain';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';

/**
 * The one key exposures change under: a batch of them is one change, and it never meets an
 * experiment's ID (which starts with a letter or digit), so the fetch's cache of the running
 * experiments is not read again for an exposure (service.ts).
 */
export const EXPOSURES_KEY = '_exposures';

/** Experiments' live topic: an experiment was created, edited, started, stopped or rolled out, or its exposures grew. */
export const EXPERIMENTS_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  backOfficeListTopic({
    name: EXPERIMENTS_TOPIC,
    access: 'adminArea',
    side: 'game',
    sources: [
      { topic: EXPERIMENTS_TOPIC, table: 'experiments', key: 'experiment_id' },
      { topic: EXPERIMENTS_TOPIC, table: 'experiment_exposures', key: 'experiment_id', as: EXPOSURES_KEY },
    ],
  }),
];
