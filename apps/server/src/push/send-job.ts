import { ENVIRONMENTS } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, GameDatabase, IdentityDatabase } from '../database';
import { bulkRows } from '../platform/db/bulk-rows';
import { enqueueRun, type JobDefinition, type JobRunContext, retimeRun, withdrawRun } from '../platform/jobs/runner';
import { PUSH_CHUNK_LIMIT, type PushOutcome, type PushSender } from '../platform/push-transport/sender';
import type { PushSenders } from '../platform/push-transport/senders';
import type { Segments } from '../segments/index';
import { dropDevices } from './audience';
import { devicesAfter } from './message-devices';
import { type RecipientStores, recipientsAfter, segmentMembersOf } from './recipients';
import type { PushDeliveryTable, PushMessageRow } from './tables';
import { tokenKey } from './token-key';

/*
 * The job that sends one push message, run once across instances by the job runner and durable across
 * restarts: a scheduled message's run waits in the jobs table until its time. It gathers a segment's players
 * first (a page per transaction, with the page's last id as the checkpoint), then hands the devices to the
 * push service a chunk at a time in token order. Each chunk is written as 'sending' with the checkpoint moved
 * past it, and committed, before it is sent; its outcomes are recorded after. A run that dies mid-chunk (a
 * kill, a lost lease) leaves that chunk 'sending': the next run counts those devices failed instead of
 * sending again, so no device gets the message twice, and goes on after the checkpoint.
 */

// The jobs keep the names they shipped with (the messages' domain was `notifications` then): a
// scheduled message's run waits in the jobs table under its job's name, and would find no job under another.
export const PUSH_SEND_JOB = 'notifications.send-push';
export const PUSH_REQUEUE_JOB = 'notifications.requeue-push';

/** How often messages left without a run are queued again. */
export const PUSH_REQUEUE_EVERY_MS = 60_000;

/** How often a run renews its lease while a chunk is with the push service (the lease lasts minutes). */
const LEASE_KEEPALIVE_MS = 60_000;

/**
 * A run names the message and the time it was queued for (`sendAt`, the message's send_at then): a
 * message moved since (the calendar's reschedule) is not sent by the run of its old time. Runs
 * queued before `sendAt` was added carry none and send whenever they run, as they did.
 */
const payloadSchema = z.object({
  environment: z.enum(ENVIRONMENTS),
  messageID: z.string(),
  sendAt: z.optional(z.string()),
});
type SendPayload = z.infer<typeof payloadSchema>;
/** Which message's runs: the run's key. */
type MessageOfRun = Pick<SendPayload, 'environment' | 'messageID'>;

export interface SendJobOptions {
  game: AppStores['game'];
  identity: Kysely<IdentityDatabase>;
  push: PushSenders;
  /** Where a segment message's players come from. */
  segments: Pick<Segments, 'audienceOf'>;
  /** Devices per chunk handed to the push service (and players per page gathered). */
  chunkSize?: number;
  /** Called after each chunk is marked 'sending' and before it is sent: tests stop a run there. */
  beforeSend?: (messageID: string) => Promise<void>;
}

/** Where the message stands now, or null when there is nothing left for this run to do. */
async function current(game: Kysely<GameDatabase>, messageID: string): Promise<PushMessageRow | null> {
  const message = await game
    .selectFrom('push_messages')
    .selectAll()
    .where('message_id', '=', messageID)
    .executeTakeFirst();
  return message && (message.state === 'scheduled' || message.state === 'sending') ? message : null;
}

/** Devices a dead run left 'sending': never sent again, counted failed. */
async function settleInterrupted(game: Kysely<GameDatabase>, messageID: string): Promise<void> {
  await game.transaction().execute(async (trx) => {
    const interrupted = await trx
      .updateTable('push_deliveries')
      .set({ status: 'failed', detail: 'The sending was interrupted; not sent again, so no device gets it twice.' })
      .where('message_id', '=', messageID)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    const count = Number(interrupted.numUpdatedRows);
    if (count > 0) {
      await trx
        .updateTable('push_messages')
        .set((eb) => ({ failed_count: eb('failed_count', '+', count) }))
        .where('message_id', '=', messageID)
        .execute();
    }
  });
}

/** Gathers one page of a segment's players; the last (short) page moves the message on to its devices. */
async function gatherPage(stores: RecipientStores, message: PushMessageRow, limit: number): Promise<void> {
  const page =
    message.recipient_category === 'everyone'
      ? []
      : await recipientsAfter(stores, message, message.recipients_after, limit);
  await stores.game.transaction().execute(async (trx) => {
    if (page.length > 0) {
      await trx
        .insertInto('push_recipients')
        .values(page.map((user_id) => ({ message_id: message.message_id, user_id })))
        .onConflict((conflict) => conflict.columns(['message_id', 'user_id']).doNothing())
        .execute();
    }
    const done = page.length < limit;
    await trx
      .updateTable('push_messages')
      .set({ recipients_after: page.at(-1) ?? message.recipients_after, phase: done ? 'devices' : 'recipients' })
      .where('message_id', '=', message.message_id)
      .where('phase', '=', 'recipients')
      .execute();
  });
}

/** How a chunk went: more may follow, the devices are all done, or another run is ahead of this one. */
type ChunkOutcome = 'more' | 'done' | 'overtaken';

/** Hands the next chunk of devices to the push service. */
async function sendChunk(
  game: Kysely<GameDatabase>,
  sender: PushSender,
  message: PushMessageRow,
  limit: number,
  run: JobRunContext,
  beforeSend: SendJobOptions['beforeSend'],
): Promise<ChunkOutcome> {
  const segment = message.recipient_category === 'everyone' ? null : message.message_id;
  const { devices, lastKey } = await devicesAfter(game, { after: message.devices_after, limit, recipientsOf: segment });
  if (lastKey === null) return 'done';
  // Written and committed before anything is sent: this chunk is never sent by another run.
  const claimed = await game.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('push_messages')
      .set({ devices_after: lastKey })
      .where('message_id', '=', message.message_id)
      .where('state', '=', 'sending')
      .where((eb) =>
        message.devices_after === null
          ? eb('devices_after', 'is', null)
          : eb('devices_after', '=', message.devices_after),
      )
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('push_deliveries')
      .values(
        devices.map((device) => ({
          message_id: message.message_id,
          token_hash: tokenKey(device.token),
          token: device.token,
          user_id: device.userId,
          status: 'sending' as const,
          detail: null,
        })),
      )
      .execute();
    return true;
  });
  // Another run moved the checkpoint first (or the message ended): this one stops.
  if (!claimed) return 'overtaken';
  await beforeSend?.(message.message_id);
  // A chunk's retries under throttling may outlast the lease: it is held while the chunk is sent,
  // so no other instance takes the run over and counts this chunk as interrupted meanwhile.
  const holding = setInterval(() => void run.extendLease().catch(() => undefined), LEASE_KEEPALIVE_MS);
  let outcomes: PushOutcome[];
  try {
    outcomes = await sender.send(
      devices.map((device) => device.token),
      { title: message.title, body: message.body, data: { messageID: message.message_id } },
    );
  } finally {
    clearInterval(holding);
  }
  await game.transaction().execute(async (trx) => {
    // Every outcome in one statement, onto the chunk's 'sending' rows only: one a takeover already
    // counted failed keeps that count, and one erased meanwhile with its player's account is not
    // written again. A statement per device cost more than the sending itself at 100,000.
    const recorded = await trx
      .updateTable('push_deliveries')
      .from(
        bulkRows<GameDatabase, Pick<PushDeliveryTable, 'token_hash' | 'status' | 'detail'>>(
          trx,
          { token_hash: 'text', status: 'text', detail: 'text' },
          outcomes.map((outcome) => ({
            token_hash: tokenKey(outcome.token),
            status: outcome.status,
            detail: outcome.status === 'sent' ? outcome.messageId : outcome.status === 'failed' ? outcome.reason : null,
          })),
        ).as('outcome'),
      )
      .set((eb) => ({
        status: eb.ref('outcome.status'),
        detail: eb.ref('outcome.detail'),
      }))
      .whereRef('push_deliveries.token_hash', '=', 'outcome.token_hash')
      .where('push_deliveries.message_id', '=', message.message_id)
      .where('push_deliveries.status', '=', 'sending')
      .returning('push_deliveries.status')
      .execute();
    const count = (status: string) => recorded.filter((row) => row.status === status).length;
    const gone = outcomes.flatMap((outcome) => (outcome.status === 'unregistered' ? [outcome.token] : []));
    await dropDevices(trx, gone);
    await trx
      .updateTable('push_messages')
      .set((eb) => ({
        sent_count: eb('sent_count', '+', count('sent')),
        failed_count: eb('failed_count', '+', count('failed')),
        pruned_count: eb('pruned_count', '+', count('unregistered')),
      }))
      .where('message_id', '=', message.message_id)
      .execute();
  });
  return devices.length === limit ? 'more' : 'done';
}

async function finish(game: Kysely<GameDatabase>, messageID: string, now: Date): Promise<void> {
  await game.transaction().execute(async (trx) => {
    await trx
      .updateTable('push_messages')
      .set({ state: 'sent', finished_at: now.toISOString(), devices_after: null, recipients_after: null })
      .where('message_id', '=', messageID)
      .where('state', '=', 'sending')
      .execute();
    // The segment's list served its sending; the deliveries are the history.
    await trx.deleteFrom('push_recipients').where('message_id', '=', messageID).execute();
  });
}

/** The job's definition: every environment's messages, one run per message. */
export function sendPushJob(options: SendJobOptions): JobDefinition {
  const limit = options.chunkSize ?? PUSH_CHUNK_LIMIT;
  return {
    name: PUSH_SEND_JOB,
    async run(payload, run) {
      const { environment, messageID, sendAt } = payloadSchema.parse(payload);
      const game = options.game[environment];
      const stores = {
        game,
        identity: options.identity,
        segmentMembers: segmentMembersOf(options.segments, environment),
      };
      const started = new Date().toISOString();
      // A cancelled message (or one another run finished) has nothing left to do, nor one moved
      // to another time: its run at that time sends it. One statement, so a reschedule or a cancel
      // racing it either comes first (nothing is sent) or finds the message sending (refused).
      const claimed = await game
        .updateTable('push_messages')
        .set((eb) => ({ state: 'sending', started_at: eb.fn.coalesce('started_at', eb.val(started)) }))
        .where('message_id', '=', messageID)
        .where((eb) =>
          eb.or([
            eb('state', '=', 'sending'),
            sendAt === undefined
              ? eb('state', '=', 'scheduled')
              : eb.and([eb('state', '=', 'scheduled'), eb('send_at', '=', sendAt)]),
          ]),
        )
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return;
      await settleInterrupted(game, messageID);
      for (;;) {
        const message = await current(game, messageID);
        if (!message) return;
        if (message.phase === 'recipients') {
          await gatherPage(stores, message, limit);
        } else {
          const outcome = await sendChunk(game, options.push[environment], message, limit, run, options.beforeSend);
          if (outcome === 'overtaken') return;
          if (outcome === 'done') {
            await finish(game, messageID, new Date());
            return;
          }
        }
        // Past its lease another instance has taken the run over, and goes on from the checkpoint.
        if (!(await run.extendLease())) return;
      }
    },
    async onGiveUp(payload, error) {
      const { environment, messageID } = payloadSchema.parse(payload);
      await options.game[environment]
        .updateTable('push_messages')
        .set({
          state: 'failed',
          finished_at: new Date().toISOString(),
          last_error: error instanceof Error ? error.message : String(error),
        })
        .where('message_id', '=', messageID)
        .where('state', 'in', ['scheduled', 'sending'])
        .execute();
    },
  };
}

/** What makes a message's runs one: the environment and the message. */
const runKey = (message: MessageOfRun) => `${message.environment}:${message.messageID}`;

/** Queues a message's sending at its time (`sendAt`); repeatable, one run per message. Answers whether a run was added. */
export function enqueuePushSend(
  identity: Kysely<IdentityDatabase>,
  message: MessageOfRun & { sendAt: string },
): Promise<boolean> {
  return enqueueRun(identity, { name: PUSH_SEND_JOB }, message, {
    key: runKey(message),
    runAt: new Date(message.sendAt),
  });
}

/**
 * Moves a rescheduled message's waiting run to its new time (`sendAt`), or queues one when none
 * waits: it goes then, not at the old time. A run already under way is left to find the message moved.
 */
export async function retimePushSend(
  identity: Kysely<IdentityDatabase>,
  message: MessageOfRun & { sendAt: string },
): Promise<void> {
  const moved = await retimeRun(identity, { name: PUSH_SEND_JOB }, runKey(message), message, new Date(message.sendAt));
  if (!moved) await enqueuePushSend(identity, message);
}

/** Takes back a cancelled message's waiting run: the job list shows nothing pending for it. */
export async function withdrawPushSend(identity: Kysely<IdentityDatabase>, message: MessageOfRun): Promise<void> {
  await withdrawRun(identity, { name: PUSH_SEND_JOB }, runKey(message));
}

/**
 * A message is recorded in its environment's store and its run queued in the identity store: a
 * crash between the two, or a run that ended early, leaves a message scheduled or sending with no
 * run to move it. This periodic job queues each such message again (a message whose run waits or
 * runs is left as it is: one run per message), so none waits for ever. A rescheduled message whose
 * run was not moved with it (a crash after the move's commit) has it moved here; a run of the old
 * time that goes first finds the message moved and sends nothing.
 */
export function requeuePushJob(options: Pick<SendJobOptions, 'game' | 'identity'>): JobDefinition {
  return {
    name: PUSH_REQUEUE_JOB,
    everyMs: PUSH_REQUEUE_EVERY_MS,
    async run() {
      for (const environment of ENVIRONMENTS) {
        const waiting = await options.game[environment]
          .selectFrom('push_messages')
          .select(['message_id', 'send_at', 'state'])
          .where('state', 'in', ['scheduled', 'sending'])
          .execute();
        for (const message of waiting) {
          const payload = { environment, messageID: message.message_id, sendAt: message.send_at };
          const queued = await enqueuePushSend(options.identity, payload);
          // Cancelled (or sent) since it was read: the run just queued would wait for nothing.
          if (queued && !(await current(options.game[environment], message.message_id))) {
            await withdrawPushSend(options.identity, payload);
          }
          if (!queued && message.state === 'scheduled') await retimePushSend(options.identity, payload);
        }
      }
    },
  };
}
