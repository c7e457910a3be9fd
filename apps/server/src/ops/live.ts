import type { LiveScope } from '../domain';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';

/**
 * The background jobs' history, live: a run queued, started, finished or failed shows in the open list. The
 * runs are the platform job runner's, in the identity store, shared by every environment.
 */
export const OPS_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  backOfficeListTopic({
    name: 'job-runs',
    access: 'viewJobs',
    side: 'identity',
    sources: [{ topic: 'job-runs', table: 'jobs', key: 'id' }],
  }),
];
