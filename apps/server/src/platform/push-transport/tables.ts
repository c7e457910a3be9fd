import type { Environment } from '@outpost/contracts/environments';
import type { Selectable } from 'kysely';

/**
 * Every push the outbox sender delivered: on a machine without FCM credentials this table is the
 * phone itself, where a developer, a test or (later) the back office reads what was sent.
 */
export interface PushOutboxTable {
  /** Random id, answered as the message id, so an outcome and its row can be matched. */
  id: string;
  environment: Environment;
  token: string;
  title: string;
  body: string;
  /** The message's data as a JSON object of strings; null when it had none. */
  data: string | null;
  /** ISO-8601 text, like every timestamp in the stores. */
  created_at: string;
}

export type PushOutboxRow = Selectable<PushOutboxTable>;

export interface PushOutboxTables {
  push_outbox: PushOutboxTable;
}
