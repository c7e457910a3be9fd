import type { LiveScope } from '../domain';
import { backOfficeListTopic, type LiveTopic } from '../platform/live/routes';

/**
 * The push screen, live: the history (a message composed elsewhere, and each one's progress as the send job
 * moves it, one checkpoint per chunk of devices) and the outbox, the stand-in phone of a machine without FCM
 * credentials.
 */
export const PUSH_LIVE_TOPICS: readonly LiveTopic<LiveScope>[] = [
  backOfficeListTopic({
    name: 'push-messages',
    access: 'sendPush',
    side: 'game',
    sources: [{ topic: 'push-messages', table: 'push_messages', key: 'message_id' }],
  }),
  // The outbox is the identity store's, one table for every environment. Its rows are one record to the
  // topic (a constant key): a chunk of 500 devices written in one statement is one change, not 500 (on
  // PostgreSQL once per transaction; SQLite appends a row each, of which the hub sends the latest).
  backOfficeListTopic({
    name: 'push-outbox',
    access: 'sendPush',
    side: 'identity',
    sources: [{ topic: 'push-outbox', table: 'push_outbox', key: 'id', as: 'outbox' }],
  }),
];
