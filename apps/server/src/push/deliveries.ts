import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { rowsByKey, selectRows } from '../platform/db/bulk-rows';
import type { PushOutcome } from '../platform/push-transport/sender';
import type { Device } from './message-devices';
import type { PushDeliveryTable } from './tables';

/*
 * A chunk's two writes to push_deliveries (the send job, send-job.ts): its devices as 'sending'
 * before they are sent, and their outcomes after. Each is one statement of the same short text
 * whatever the chunk's size (bulk-rows.ts), and costs the same at the 200th chunk as at the first.
 */

/** The chunk's devices, written 'sending' (in the transaction that moves the checkpoint past them). */
export async function markSending(trx: Kysely<GameDatabase>, messageID: string, devices: readonly Device[]) {
  await trx
    .insertInto('push_deliveries')
    .columns(['message_id', 'token_hash', 'user_id', 'status'])
    .expression(
      selectRows<GameDatabase, Pick<PushDeliveryTable, 'message_id' | 'token_hash' | 'user_id' | 'status'>>(
        trx,
        { message_id: 'text', token_hash: 'text', user_id: 'text', status: 'text' },
        devices.map((device) => ({
          message_id: messageID,
          token_hash: device.key,
          user_id: device.userId,
          status: 'sending',
        })),
      ),
    )
    .execute();
}

/**
 * Every outcome in one statement, onto the chunk's 'sending' rows only: one a takeover already
 * counted failed keeps that count, and one erased meanwhile with its player's account is not
 * written again. `outcomes` answer `devices` in their order (the sender's promise, sender.ts). Each
 * outcome finds its row by the primary key (rowsByKey): matched on the token's key alone with the
 * message bound, SQLite read every delivery of the message for each chunk, so a send to 100,000
 * devices slowed chunk by chunk, and PostgreSQL's planner did the same while its statistics lagged.
 */
export function outcomesUpdate(
  trx: Kysely<GameDatabase>,
  messageID: string,
  devices: readonly Device[],
  outcomes: readonly PushOutcome[],
) {
  const outcome = rowsByKey<GameDatabase, Pick<PushDeliveryTable, 'message_id' | 'token_hash' | 'status' | 'detail'>>(
    trx,
    { table: 'push_deliveries', key: ['message_id', 'token_hash'] },
    { message_id: 'text', token_hash: 'text', status: 'text', detail: 'text' },
    outcomes.map((answer, index) => {
      const device = devices[index];
      if (device?.token !== answer.token) throw new Error('The push sender answered out of its tokens’ order');
      return {
        message_id: messageID,
        token_hash: device.key,
        status: answer.status,
        detail: answer.status === 'sent' ? answer.messageId : answer.status === 'failed' ? answer.reason : null,
      };
    }),
    'outcome',
  );
  return trx
    .with('outcome', () => outcome.rows)
    .updateTable('push_deliveries')
    .from('outcome')
    .set((eb) => ({ status: eb.ref('outcome.status'), detail: eb.ref('outcome.detail') }))
    .where(outcome.matches)
    .where('push_deliveries.status', '=', 'sending')
    .returning('push_deliveries.status');
}
