import type { LiveScope } from '../domain';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';

/**
 * The rewards to everyone, live: one queued, each batch of players the job reaches, done or failed. The job
 * moves a distribution's checkpoint once per batch (REWARD_MAX_RECIPIENTS players, in the batch's
 * transaction), so its progress is one change per batch, never one per player.
 */
export const REWARD_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  backOfficeListTopic({
    name: 'everyone-rewards',
    access: 'distributeRewards',
    side: 'game',
    sources: [{ topic: 'everyone-rewards', table: 'reward_everyone', key: 'request_id' }],
  }),
];
