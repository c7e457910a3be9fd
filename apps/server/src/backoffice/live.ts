import type { LiveScope } from '../domain';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';

/** The admin log, live: an entry written by any admin, in any tab, shows in the open lists. */
export const BACKOFFICE_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  backOfficeListTopic({
    name: 'admin-log',
    access: 'adminArea',
    side: 'game',
    sources: [{ topic: 'admin-log', table: 'admin_log', key: 'id' }],
  }),
];
