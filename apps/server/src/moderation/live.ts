import type { LiveScope } from '../domain';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';

/** Reports, live: one filed by a player or the game, or resolved by another moderator, shows in the open lists. */
export const MODERATION_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  backOfficeListTopic({
    name: 'reports',
    access: 'moderate',
    side: 'game',
    sources: [{ topic: 'reports', table: 'reports', key: 'report_id' }],
  }),
];
