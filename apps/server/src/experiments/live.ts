import { EXPERIMENT_EXPOSURES_TOPIC, EXPERIMENTS_TOPIC } from '@outpost/contracts/experiments/contract';
import type { LiveScope } from '../domain';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';

/** The one key exposures change under: a batch of them, whatever experiments it holds, is one change. */
const EXPOSURES_KEY = 'exposures';

/**
 * Experiments' live topics: one for the experiments themselves (created, edited, started, stopped,
 * rolled out), which the screens, the calendar and the fetch's cache of running experiments follow
 * (service.ts); and one for their exposures, up to a batch every half second while players fetch
 * config, which only the results follow, so a batch re-reads neither the calendar nor that cache.
 */
export const EXPERIMENTS_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  backOfficeListTopic({
    name: EXPERIMENTS_TOPIC,
    access: 'adminArea',
    side: 'game',
    sources: [{ topic: EXPERIMENTS_TOPIC, table: 'experiments', key: 'experiment_id' }],
  }),
  backOfficeListTopic({
    name: EXPERIMENT_EXPOSURES_TOPIC,
    access: 'adminArea',
    side: 'game',
    sources: [
      { topic: EXPERIMENT_EXPOSURES_TOPIC, table: 'experiment_exposures', key: 'experiment_id', as: EXPOSURES_KEY },
    ],
  }),
];
