import { ENVIRONMENTS } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, GameDatabase, IdentityDatabase } from '../database';
import { withTurnsBetweenStatements } from '../platform/db/turns-between-statements';
import { enqueueRun, type JobDefinition, type JobRunContext, retimeRun, withdrawRun } from '../platform/jobs/runner';
import { PUSH_CHUNK_LIMIT, type PushOutcome, type PushSender } from '../platform/push-transport/sender';
import type { PushSenders } from '../platform/push-transport/senders';
import type { Segments } from '../segments/index';
import { dropDeviceKeys } from './audience';
import { markSending, outcomesUpdate } from './deliveries';
import { type Device, devicesAfter } from './message-devices';
import { type RecipientStores, recipientsAfter, segmentMembersOf } from './recipients';
import type { PushMessageRow } from './tables';

/*
 * The job that sends one push message, run once across instances by the job runner and durable across
 * restarts: a scheduled message's run waits in the jobs table until its time. It gathers a segment's players
 * first (a page per transaction, with the page's last id as the checkpoint), then hands the devices to the
 * push service a chunk at a time in token order. Each chunk is written as 'sending' with the checkpoint moved
 * past it, and committed, before it is sent; its outcomes are recorded after (while the next chunk is sent).
 * A run that dies mid-send (a kill, a lost lease) leaves its chunks 'sending': the next run counts those
 * devices failed instead of sending again, so no device gets the message twice, and goes on after the checkpoint.
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

/** A chunk of devices claimed for this run: written 'sending', the checkpoint moved past it. */
interface Chunk {
  devices: Device[];
  lastKey: string;
}

/**
 * Claims the devices after `after`: none are left, another run is ahead of this one (it moved the
 * checkpoint first, or the message ended), or the chunk, written and committed before anything is
 * sent, so it is never sent by another run.
 */
async function claimChunk(
  game: Kysely<GameDatabase>,
  message: PushMessageRow,
  after: string | null,
  limit: number,
): Promise<Chunk | 'none' | 'overtaken'> {
  const segment = message.recipient_category === 'everyone' ? null : message.message_id;
  const { devices, lastKey } = await devicesAfter(game, { after, limit, recipientsOf: segment });
  if (lastKey === null) return 'none';
  const claimed = await game.transaction().execute(async (transaction) => {
    // The push service's answers are read between the statements: on SQLite a loop held for the
    // whole chunk left the sender's slots empty meanwhile (docs/decisions/0141-push-at-the-push-services-limit.md).
    const trx = withTurnsBetweenStatements<GameDatabase>(transaction);
    const moved = await trx
      .updateTable('push_messages')
      .set({ devices_after: lastKey })
      .where('message_id', '=', message.message_id)
      .where('state', '=', 'sending')
      .where((eb) => (after === null ? eb('devices_after', 'is', null) : eb('devices_after', '=', after)))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    await markSending(trx, message.message_id, devices);
    return true;
  });
  return claimed ? { devices, lastKey } : 'overtaken';
}

/** Hands a claimed chunk to the push service, the run's lease held meanwhile. */
async function sendClaimed(
  sender: PushSender,
  message: PushMessageRow,
  chunk: Chunk,
  run: JobRunContext,
): Promise<PushOutcome[]> {
  // A chunk's retries under throttling may outlast the lease: it is held while the chunk is sent,
  // so no other instance takes the run over and counts this chunk as interrupted meanwhile.
  const holding = setInterval(() => void run.extendLease().catch(() => undefined), LEASE_KEEPALIVE_MS);
  try {
    return await sender.send(
      chunk.devices.map((device) => device.token),
      { title: message.title, body: message.body, data: { messageID: message.message_id } },
    );
  } finally {
    clearInterval(holding);
  }
}

/** A sent chunk's outcomes, the devices the push service says are gone dropped, and the message's counts. */
async function recordChunk(
  game: Kysely<GameDatabase>,
  messageID: string,
  chunk: Chunk,
  outcomes: readonly PushOutcome[],
): Promise<void> {
  await game.transaction().execute(async (transaction) => {
    // As the claim's: the next chunk's answers are read between these statements.
    const trx = withTurnsBetweenStatements<GameDatabase>(transaction);
    // A statement per device cost more than the sending itself at 100,000: one for the chunk.
    const statuses = await outcomesUpdate(trx, messageID, chunk.devices, outcomes).execute();
    const count = (status: string) => statuses.filter((row) => row.status === status).length;
    const gone = chunk.devices.filter((_, index) => outcomes[index]?.status === 'unregistered');
    await dropDeviceKeys(
      trx,
      gone.map((device) => device.key),
    );
    await trx
      .updateTable('push_messages')
      .set((eb) => ({
        sent_count: eb('sent_count', '+', count('sent')),
        failed_count: eb('failed_count', '+', count('failed')),
        pruned_count: eb('pruned_count', '+', count('unregistered')),
      }))
      .where('message_id', '=', messageID)
      .execute();
  });
}

/** The next chunk after `chunk`, the run's lease renewed: 'overtaken' once another instance holds it. */
async function claimAfter(
  game: Kysely<GameDatabase>,
  message: PushMessageRow,
  chunk: Chunk,
  limit: number,
  run: JobRunContext,
): Promise<Chunk | 'none' | 'overtaken'> {
  if (chunk.devices.length < limit) return 'none';
  // The lease (in the identity store) is renewed beside the claim rather than after it: the next
  // chunk waits for both, each a commit of its own store.
  const [next, held] = await Promise.all([claimChunk(game, message, chunk.lastKey, limit), run.extendLease()]);
  // Past its lease another instance has taken the run over, and goes on from the checkpoint.
  return typeof next === 'object' && !held ? 'overtaken' : next;
}

/** A chunk handed to the push service, and its answers to come. */
interface Sending {
  chunk: Chunk;
  answers: Promise<PushOutcome[]>;
}

/**
 * Sends the message to its devices a chunk at a time from its checkpoint: all of them ('done'), or
 * until another run is found ahead of this one. A chunk is handed to the push service as soon as it
 * is claimed, while the one before is still answered: the sender's slots are first come first
 * served, so its requests take the slots the earlier chunk's last ones free, and the push service
 * never waits for the store between chunks (the sender's bound on requests in flight holds across
 * both). Once the earlier chunk is answered it is recorded, and only then is the one after claimed:
 * at most two chunks are 'sending' at any time, so a run that dies leaves at most two, both counted
 * failed by the next (settleInterrupted).
 */
async function sendDevices(
  game: Kysely<GameDatabase>,
  sender: PushSender,
  message: PushMessageRow,
  limit: number,
  run: JobRunContext,
  beforeSend: SendJobOptions['beforeSend'],
): Promise<'done' | 'overtaken'> {
  const messageID = message.message_id;
  const sending: Sending[] = [];
  const handOver = async (chunk: Chunk) => {
    await beforeSend?.(messageID);
    const answers = sendClaimed(sender, message, chunk, run);
    // Awaited in turn (or in finally); a failure meanwhile is not left unhandled.
    answers.catch(() => undefined);
    sending.push({ chunk, answers });
  };
  // Taken off the list once written: a record that failed is tried again in finally, and writes
  // each device once either way (it moves only rows still 'sending', and counts those it moved).
  const recordFirst = async () => {
    const first = sending[0] as Sending;
    await recordChunk(game, messageID, first.chunk, await first.answers);
    sending.shift();
  };
  try {
    let next = await claimChunk(game, message, message.devices_after, limit);
    while (typeof next === 'object') {
      const chunk = next;
      await handOver(chunk);
      if (sending.length > 1) await recordFirst();
      next = await claimAfter(game, message, chunk, limit, run);
    }
    while (sending.length > 0) await recordFirst();
    return next === 'none' ? 'done' : 'overtaken';
  } finally {
    // A run that fails mid-send waits for the chunks the push service has, so no request runs on
    // after the run, and records their answers rather than leave them to be counted failed.
    for (const { chunk, answers } of sending) {
      await answers.then((outcomes) => recordChunk(game, messageID, chunk, outcomes)).catch(() => undefined);
    }
  }
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
      for (let message = await current(game, messageID); message; message = await current(game, messageID)) {
        if (message.phase === 'devices') {
          const sent = await sendDevices(game, options.push[environment], message, limit, run, options.beforeSend);
          if (sent === 'done') await finish(game, messageID, new Date());
          return;
        }
        await gatherPage(stores, message, limit);
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

/**
 * Queues a message's sending at its time (`sendAt`); repeatable, one run per message. Answers whether
 * a run was added. A message to send now starts at once, not at the runner's next poll (up to a second later).
 */
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
