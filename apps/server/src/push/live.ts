import type { LiveScope } from '../domain';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';

/** The push history, live: a message composed elsewhere, and each one's progress as the send job moves it. */
export const PUSH_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  backOfficeListTopic({
    name: 'push-messages',
    access: 'sendPush',
    side: 'game',
    sources: [{ topic: 'push-messages', table: 'push_messages', key: 'message_id' }],
  }),
];
