import type { Environment } from '@outpost/contracts/environments';
import type { Person } from '@outpost/contracts/people';
import {
  CANCEL_ONLY_SCHEDULED,
  noDevicesMessage,
  type PushAudience,
  type PushMessage,
  type PushMessageState,
  type PushSendBatch,
  type PushTestResult,
  pushSendDateProblem,
  REQUEST_ID_REUSED,
  RESCHEDULE_ONLY_SCHEDULED,
  unknownPushSegmentMessage,
} from '@outpost/contracts/push-messages';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase, IdentityDatabase } from '../database';
import { isPostgres } from '../platform/db/dialect';
import { isUniqueViolation } from '../platform/db/errors';
import { answering, FunctionError } from '../platform/http/errors';
import type { PushSender } from '../platform/push-transport/sender';
import { newRandomID } from '../platform/random-id';
import { segmentForUse } from '../segments/index';
import { dropDevices, listPlayersDevices, measureMembers } from './audience';
import { measureEveryone } from './device-totals';
import { type RecipientStores, recipientMembers } from './recipients';
import { retimePushSend, withdrawPushSend } from './send-job';
import type { PushMessageRow } from './tables';

/** The admin-log actions of push (docs/product.md §7.9: each notification and test notification appends one first). */
export const PUSH_ADMIN_ACTIONS = {
  send: 'push.sendbatch',
  test: 'push.sendtestnotification',
  cancel: 'push.cancel',
  reschedule: 'push.reschedule',
} as const;

/** A refusal a person can act on (400), nothing stored. */
export class PushRefusal extends Error {}
/** A message that cannot be cancelled or rescheduled any more (409). */
export class PushConflict extends Error {}
export class PushMessageNotFound extends Error {}

/** Push's refusals as the API answers them: the push screen's routes, and the calendar's moves and cancels of a message. */
export const answerPush = answering((error) => {
  if (error instanceof PushRefusal) return new FunctionError('invalid-argument', error.message);
  if (error instanceof PushConflict) return new FunctionError('aborted', error.message);
  if (error instanceof PushMessageNotFound) return new FunctionError('not-found', 'There is no such push message.');
  return error;
});

/** How many players and devices a message would reach now. */
export async function measureAudience(
  stores: RecipientStores,
  segment: Pick<PushMessageRow, 'recipient_category' | 'active_since' | 'user_ids' | 'segment_id'>,
): Promise<PushAudience> {
  if (segment.recipient_category === 'everyone') return measureEveryone(stores.game);
  return measureMembers(stores.game, await recipientMembers(stores, segment));
}

/** How many messages are in `state` now (the dashboard's attention list counts the failed ones). */
export async function countPushMessagesIn(game: Kysely<GameDatabase>, state: PushMessageState): Promise<number> {
  const row = await game
    .selectFrom('push_messages')
    .where('state', '=', state)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The instant a message is sent at: its sendDate when scheduled, else now. */
const sendAtOf = (input: PushSendBatch, now: Date) =>
  input.sendSchedule === 'scheduled' && input.sendDate ? new Date(input.sendDate) : now;

/** What a requestID stands for: the same request sent again carries the same message. */
function sameMessage(row: PushMessageRow, input: PushSendBatch): boolean {
  const chosen = input.recipientCategory === 'users' ? JSON.stringify(input.userIDs ?? []) : null;
  const activeSince = input.activeDateTime ? new Date(input.activeDateTime).toISOString() : null;
  return (
    row.segment_id === input.segmentID &&
    row.title === input.title &&
    row.body === input.body &&
    row.recipient_category === input.recipientCategory &&
    row.active_since === activeSince &&
    row.user_ids === chosen &&
    row.send_schedule === input.sendSchedule &&
    // 'now' is whenever the first of the requests came.
    (input.sendSchedule === 'now' || row.send_at === sendAtOf(input, new Date(row.send_at)).toISOString())
  );
}

/**
 * Records a message, its admin-log entry first, in one transaction; a requestID already recorded
 * answers that message instead (a retried send is the same message, logged once), unless the
 * request now carries another message (PushConflict: sending it would silently drop the new one).
 */
export async function recordPushMessage(
  game: Kysely<GameDatabase>,
  input: PushSendBatch,
  change: AdminChange,
  now: Date,
): Promise<PushMessageRow> {
  const earlier = async () => {
    if (!input.requestID) return undefined;
    const row = await game
      .selectFrom('push_messages')
      .selectAll()
      .where('request_id', '=', input.requestID)
      .executeTakeFirst();
    if (row && !sameMessage(row, input)) throw new PushConflict(REQUEST_ID_REUSED);
    return row;
  };
  const known = await earlier();
  if (known) return known;
  try {
    return await insertPushMessage(game, input, change, now);
  } catch (error) {
    // The same request sent at once: the one that committed first is the message.
    const winner = isUniqueViolation(error) ? await earlier() : undefined;
    if (winner) return winner;
    throw error;
  }
}

async function insertPushMessage(
  game: Kysely<GameDatabase>,
  input: PushSendBatch,
  change: AdminChange,
  now: Date,
): Promise<PushMessageRow> {
  const sendAt = sendAtOf(input, now);
  return game.transaction().execute(async (trx) => {
    const segment = input.segmentID === null ? null : await namedSegment(trx, input.segmentID, change.environment);
    const messageID = newRandomID();
    await appendAdminLog(
      trx,
      adminLogRecord({ ...change, now }, PUSH_ADMIN_ACTIONS.send, {
        messageID,
        recipientCategory: input.recipientCategory,
        sendSchedule: input.sendSchedule,
        activeDateTime: input.activeDateTime ?? null,
        sendDate: sendAt.toISOString(),
        userIDs: input.userIDs ?? [],
        // Outpost's own audience: the spec's entries keep their fields as they were.
        ...(segment ? { segmentID: segment.segmentID, segmentName: segment.name } : {}),
        title: input.title,
        body: input.body,
      }),
    );
    const row: PushMessageRow = {
      message_id: messageID,
      request_id: input.requestID ?? null,
      title: input.title,
      body: input.body,
      recipient_category: input.recipientCategory,
      active_since: input.activeDateTime ? new Date(input.activeDateTime).toISOString() : null,
      user_ids: input.recipientCategory === 'users' ? JSON.stringify(input.userIDs ?? []) : null,
      segment_id: input.segmentID,
      send_schedule: input.sendSchedule,
      send_at: sendAt.toISOString(),
      state: input.sendSchedule === 'scheduled' ? 'scheduled' : 'sending',
      phase: 'recipients',
      recipients_after: null,
      devices_after: null,
      sent_count: 0,
      failed_count: 0,
      pruned_count: 0,
      created_by: change.admin,
      created_at: now.toISOString(),
      started_at: null,
      finished_at: null,
      last_error: null,
    };
    await trx.insertInto('push_messages').values(row).execute();
    return row;
  });
}

/** The segment a message names, held for the message's transaction (segments' segmentForUse), or a refusal. */
async function namedSegment(trx: Kysely<GameDatabase>, segmentID: string, environment: Environment) {
  const segment = await segmentForUse(trx, segmentID);
  if (!segment) throw new PushRefusal(unknownPushSegmentMessage(segmentID, environment));
  return segment;
}

/** Cancels a scheduled message, in the admin log; one that started or ended is refused (409). */
export async function cancelPushMessage(
  game: Kysely<GameDatabase>,
  messageID: string,
  change: AdminChange,
): Promise<PushMessageRow> {
  return game.transaction().execute(async (trx) => {
    const message = await trx
      .selectFrom('push_messages')
      .selectAll()
      .where('message_id', '=', messageID)
      .executeTakeFirst();
    if (!message) throw new PushMessageNotFound(messageID);
    const cancelled = await trx
      .updateTable('push_messages')
      .set({ state: 'cancelled', finished_at: new Date().toISOString() })
      .where('message_id', '=', messageID)
      .where('state', '=', 'scheduled')
      .returningAll()
      .executeTakeFirst();
    if (!cancelled) throw new PushConflict(CANCEL_ONLY_SCHEDULED);
    await appendAdminLog(trx, adminLogRecord(change, PUSH_ADMIN_ACTIONS.cancel, { messageID, title: message.title }));
    return cancelled;
  });
}

/**
 * Moves a scheduled message to `sendDate`, in the admin log, by the rules of a schedule (ahead of
 * now, at most PUSH_MAX_SCHEDULE_DAYS); one that started or ended is refused (409) as a cancel is.
 * One conditional update: a send run or a cancel racing it either comes first (refused here) or
 * finds the message moved (the run of the old time sends nothing, send-job.ts).
 */
export async function reschedulePushMessage(
  game: Kysely<GameDatabase>,
  messageID: string,
  sendDate: Date,
  change: AdminChange,
): Promise<PushMessageRow> {
  const problem = pushSendDateProblem(sendDate, change.now ?? new Date());
  if (problem) throw new PushRefusal(problem);
  return game.transaction().execute(async (trx) => {
    // Held to the commit on PostgreSQL, so two moves at once log each its own time before.
    const message = await trx
      .selectFrom('push_messages')
      .selectAll()
      .where('message_id', '=', messageID)
      .$if(isPostgres(game), (query) => query.forUpdate())
      .executeTakeFirst();
    if (!message) throw new PushMessageNotFound(messageID);
    const moved = await trx
      .updateTable('push_messages')
      .set({ send_at: sendDate.toISOString() })
      .where('message_id', '=', messageID)
      .where('state', '=', 'scheduled')
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw new PushConflict(RESCHEDULE_ONLY_SCHEDULED);
    await appendAdminLog(
      trx,
      adminLogRecord(change, PUSH_ADMIN_ACTIONS.reschedule, {
        messageID,
        title: message.title,
        sendDate: moved.send_at,
        previousSendDate: message.send_at,
      }),
    );
    return moved;
  });
}

/**
 * A scheduled message moved to `sendDate` (reschedulePushMessage) and its waiting run with it, the
 * one way the push screen's reschedule and the calendar's move both take; refusals answered as
 * push's (answerPush). The run follows after the commit, as a send queues its own: a crash between
 * the two leaves it to the requeue pass (send-job.ts), and a run of the old time sends nothing.
 */
export async function reschedulePush(
  stores: { game: Kysely<GameDatabase>; identity: Kysely<IdentityDatabase> },
  messageID: string,
  sendDate: Date,
  change: AdminChange,
): Promise<PushMessageRow> {
  const moved = await answerPush(() => reschedulePushMessage(stores.game, messageID, sendDate, change));
  await retimePushSend(stores.identity, { environment: change.environment, messageID, sendAt: moved.send_at });
  return moved;
}

/**
 * Cancels a scheduled message and then takes back its waiting run: the push screen's cancel and the
 * calendar's. Cancelled first, so a run that starts meanwhile finds nothing to send.
 */
export async function cancelPush(
  stores: { game: Kysely<GameDatabase>; identity: Kysely<IdentityDatabase> },
  messageID: string,
  change: AdminChange,
): Promise<PushMessageRow> {
  const cancelled = await answerPush(() => cancelPushMessage(stores.game, messageID, change));
  await withdrawPushSend(stores.identity, { environment: change.environment, messageID });
  return cancelled;
}

/** The device's first characters: enough to tell a player's devices apart, never enough to send. */
export const deviceLabel = (token: string) => `${token.slice(0, 8)}…`;

/**
 * '{env}-push-sendtestnotificatio': the admin-log entry first, then the message to every device of
 * one player at once (no job: the admin waits for the answer, which is shown and logged).
 */
export async function sendTestNotification(
  game: Kysely<GameDatabase>,
  sender: PushSender,
  userID: string,
  change: AdminChange & { environment: Environment },
): Promise<PushTestResult> {
  const devices = await listPlayersDevices(game, [userID]);
  if (devices.length === 0) throw new PushRefusal(noDevicesMessage(userID, change.environment));
  const title = 'Test notification';
  const body = `A test from the ${change.environment} back office.`;
  await game
    .transaction()
    .execute((trx) =>
      appendAdminLog(trx, adminLogRecord(change, PUSH_ADMIN_ACTIONS.test, { userID, devices: devices.length })),
    );
  const outcomes = await sender.send(
    devices.map((device) => device.token),
    { title, body, data: { test: 'true' } },
  );
  await dropDevices(
    game,
    outcomes.flatMap((outcome) => (outcome.status === 'unregistered' ? [outcome.token] : [])),
  );
  return {
    userID,
    devices: devices.length,
    outcomes: outcomes.map((outcome) => ({
      device: deviceLabel(outcome.token),
      status: outcome.status,
      detail: outcome.status === 'sent' ? outcome.messageId : outcome.status === 'failed' ? outcome.reason : null,
    })),
  };
}

/** A message as the history shows it, with its sender's display name and its segment's name now (null once deleted). */
export function toPushMessage(row: PushMessageRow, createdBy: Person, segmentName: string | null): PushMessage {
  return {
    messageID: row.message_id,
    title: row.title,
    body: row.body,
    recipientCategory: row.recipient_category,
    activeDateTime: row.active_since,
    chosenPlayers: row.user_ids ? (JSON.parse(row.user_ids) as string[]).length : 0,
    segmentID: row.segment_id,
    segmentName,
    sendSchedule: row.send_schedule,
    sendDate: row.send_at,
    state: row.state,
    sent: row.sent_count,
    failed: row.failed_count,
    pruned: row.pruned_count,
    createdBy,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    lastError: row.last_error,
  };
}
