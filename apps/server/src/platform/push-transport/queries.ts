import type { Environment } from '@outpost/contracts/environments';
import type { Kysely, Transaction } from 'kysely';
import type { PushMessage } from './sender';
import type { PushOutboxRow, PushOutboxTables } from './tables';

/** Any handle whose schema includes the push outbox: the identity store, or a transaction on it. */
export type PushOutboxHandle<DB extends PushOutboxTables> = Kysely<DB> | Transaction<DB>;

/**
 * Kysely handles are invariant in their schema, so a handle on the whole identity store is not a
 * `Kysely<PushOutboxTables>`; this is the one place that vouches the narrowing is sound (only
 * push_outbox is touched through it), as mail's outboxStore does for mail_outbox.
 */
export function pushOutboxStore<DB extends PushOutboxTables>(db: PushOutboxHandle<DB>): Kysely<PushOutboxTables> {
  return db as unknown as Kysely<PushOutboxTables>;
}

/** Records one message to each token in one statement; the rows' ids are given, in the tokens' order. */
export async function insertPushOutboxEntries(
  db: Kysely<PushOutboxTables>,
  entry: {
    environment: Environment;
    message: PushMessage;
    rows: readonly { id: string; token: string }[];
    createdAt: string;
  },
): Promise<void> {
  if (entry.rows.length === 0) return;
  const data = entry.message.data === undefined ? null : JSON.stringify(entry.message.data);
  await db
    .insertInto('push_outbox')
    .values(
      entry.rows.map(({ id, token }) => ({
        id,
        environment: entry.environment,
        token,
        title: entry.message.title,
        body: entry.message.body,
        data,
        created_at: entry.createdAt,
      })),
    )
    .execute();
}

/** The outbox newest first, optionally for one environment or one token: what a tester or an admin reads. */
export async function listPushOutbox<DB extends PushOutboxTables>(
  db: PushOutboxHandle<DB>,
  options: { environment?: Environment | undefined; token?: string | undefined; limit: number },
): Promise<PushOutboxRow[]> {
  let query = pushOutboxStore(db).selectFrom('push_outbox').selectAll();
  if (options.environment !== undefined) query = query.where('environment', '=', options.environment);
  if (options.token !== undefined) query = query.where('token', '=', options.token);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}
