import type { Environment } from '@outpost/contracts/environments';
import {
  type EveryoneRewardRecordResult,
  type EveryoneRewardRunRecord,
  REWARD_EVERYONE,
  REWARD_SCHEDULE_ADMIN_ACTIONS,
  type RewardItem,
  rewardNotScheduledMessage,
  rewardRequestScheduledMessage,
  rewardSendAtProblem,
  SENT_EVERYONE_REWARD_STATES,
  type SentEveryoneRewardState,
  unknownEveryoneRewardMessage,
} from '@outpost/contracts/rewards';
import type { Kysely, Selectable } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase, IdentityDatabase } from '../database';
import { isPostgres } from '../platform/db/dialect';
import { FunctionError } from '../platform/http/errors';
import { type RewardGift, recordDistribution } from './distribute';
import {
  enqueueScheduledEveryoneReward,
  retimeScheduledEveryoneReward,
  withdrawScheduledEveryoneReward,
} from './everyone-job';
import type { RewardDistributionRow, RewardEveryoneTable } from './tables';

/*
 * A reward to everyone in an environment, the request's half: in one transaction of the environment's store,
 * the admin-log entry first, the distribution's row (its requestID the key a repeat meets) and its 'everyone'
 * row, queued, or scheduled for its time (docs/decisions/0139-the-calendar.md); the caller then queues the job
 * that gives it (everyone-job.ts), at once or at that time. The same request sent again is the same
 * distribution: it writes and logs nothing and answers its state, except that a failed one sent at once is
 * queued again (logged, as the admin's decision to resume it). A scheduled one is moved and cancelled here,
 * for the reward screen's routes and the calendar alike, each one conditional update on its state, so a move,
 * a cancel and its job's start racing each other leave one outcome.
 */

type EveryoneRow = Selectable<RewardEveryoneTable>;

/** A repeat of a distribution already recorded: its transaction rolls back (log entry included). */
class AlreadyRecorded extends Error {
  constructor(readonly run: EveryoneRewardRunRecord) {
    super('This reward to everyone was recorded already.');
  }
}

/** A distribution and its 'everyone' row as the screens show them. */
export function toEveryoneReward(distribution: RewardDistributionRow, everyone: EveryoneRow): EveryoneRewardRunRecord {
  return {
    requestID: distribution.request_id,
    reason: distribution.reason,
    credits: distribution.credits,
    items: JSON.parse(distribution.items) as RewardItem[],
    distributedAt: distribution.distributed_at,
    distributedBy: distribution.distributed_by,
    state: everyone.state,
    playersAtSend: everyone.players_at_send,
    reached: everyone.reached,
    startedAt: everyone.started_at,
    finishedAt: everyone.finished_at,
    lastError: everyone.last_error,
    sendAt: everyone.send_at,
  };
}

/** How the 'everyone' row starts: queued now with the players counted, or scheduled for its time (counted then). */
type EveryoneStart = { state: 'queued'; players: number } | { state: 'scheduled'; sendAt: Date };

async function recordEveryone(
  db: Kysely<GameDatabase>,
  gift: RewardGift,
  context: AdminChange,
  start: EveryoneStart,
): Promise<EveryoneRewardRunRecord> {
  const now = context.now ?? new Date();
  const sendAt = (start.state === 'scheduled' ? start.sendAt : now).toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const distribution = await recordDistribution(
        trx,
        gift,
        { ...context, now },
        start.state === 'queued'
          ? { audience: REWARD_EVERYONE, players: start.players }
          : { audience: REWARD_EVERYONE, sendAt },
        start.state === 'queued' ? undefined : REWARD_SCHEDULE_ADMIN_ACTIONS.schedule,
      );
      const answer = (row: EveryoneRow) => toEveryoneReward(distribution, row);
      const recorded = await trx
        .insertInto('reward_everyone')
        .values({
          request_id: gift.requestID,
          state: start.state,
          players_at_send: start.state === 'queued' ? start.players : 0,
          last_user_id: null,
          started_at: null,
          finished_at: null,
          last_error: null,
          send_at: sendAt,
        })
        .onConflict((conflict) => conflict.column('request_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (recorded) return answer(recorded);
      // Sent at once before: resumed only when it failed, from its checkpoint.
      if (start.state === 'queued') {
        const resumed = await trx
          .updateTable('reward_everyone')
          .set({ state: 'queued', finished_at: null, last_error: null })
          .where('request_id', '=', gift.requestID)
          .where('state', '=', 'failed')
          .returningAll()
          .executeTakeFirst();
        if (resumed) return answer(resumed);
      }
      const earlier = await trx
        .selectFrom('reward_everyone')
        .selectAll()
        .where('request_id', '=', gift.requestID)
        .executeTakeFirstOrThrow();
      throw new AlreadyRecorded(answer(earlier));
    });
  } catch (error) {
    if (error instanceof AlreadyRecorded) return error.run;
    throw error;
  }
}

const isSent = (state: string): state is SentEveryoneRewardState =>
  (SENT_EVERYONE_REWARD_STATES as readonly string[]).includes(state);

/**
 * Records a reward to everyone, `players` of them counted now in the identity store (which no
 * transaction here can include), and answers it queued; a repeat answers the distribution as it
 * stands. Throws as distributeReward does for unknown items or a reused requestID, and refuses (409)
 * a requestID that names a scheduled or cancelled one: the callable sends at once, and its answer
 * keeps the states it always had.
 */
export async function queueEveryoneReward(
  db: Kysely<GameDatabase>,
  gift: RewardGift,
  players: number,
  context: AdminChange,
): Promise<EveryoneRewardRecordResult> {
  const { sendAt: _sendAt, state, ...run } = await recordEveryone(db, gift, context, { state: 'queued', players });
  if (!isSent(state)) {
    throw new FunctionError(
      'aborted',
      rewardRequestScheduledMessage(gift.requestID, state === 'cancelled' ? state : 'scheduled'),
    );
  }
  return { ...run, state, audience: REWARD_EVERYONE };
}

/** The stores a scheduled reward to everyone touches: its rows in the environment's, its run in the identity store's queue. */
export interface EveryoneStores {
  game: Kysely<GameDatabase>;
  identity: Kysely<IdentityDatabase>;
}

function refuseSendAt(sendAt: Date, context: AdminChange): void {
  const problem = rewardSendAtProblem(sendAt, context.now ?? new Date());
  if (problem) throw new FunctionError('invalid-argument', problem);
}

/**
 * Records a reward to everyone given at `sendAt` (still to come, at most REWARD_MAX_SCHEDULE_DAYS ahead), logged
 * `reward.schedule`, and queues its run at that time. A repeat of the requestID answers the distribution as it
 * stands and queues its run again while it is scheduled (one lost between the two stores' writes).
 */
export async function scheduleEveryoneReward(
  stores: EveryoneStores,
  gift: RewardGift,
  sendAt: Date,
  context: AdminChange,
): Promise<EveryoneRewardRunRecord> {
  refuseSendAt(sendAt, context);
  const run = await recordEveryone(stores.game, gift, context, { state: 'scheduled', sendAt });
  if (run.state === 'scheduled') {
    await enqueueScheduledEveryoneReward(stores.identity, {
      environment: context.environment,
      requestID: run.requestID,
      sendAt: run.sendAt,
    });
  }
  return run;
}

/** The distribution and its 'everyone' row, held to the commit on PostgreSQL; 404 in words when there is none. */
async function heldRun(trx: Kysely<GameDatabase>, requestID: string, environment: Environment) {
  const row = await trx
    .selectFrom('reward_everyone')
    .innerJoin('reward_distributions', 'reward_distributions.request_id', 'reward_everyone.request_id')
    .selectAll(['reward_distributions', 'reward_everyone'])
    .where('reward_everyone.request_id', '=', requestID)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) throw new FunctionError('not-found', unknownEveryoneRewardMessage(requestID, environment));
  return row;
}

/**
 * Moves a scheduled reward to everyone to `sendAt` (the scheduling's rules), logged `reward.reschedule` with
 * its time before; one its job has started, that ended or was cancelled is refused (409). Its waiting run is
 * moved while the row is held, so two moves at once leave the run at the time the row keeps; one moved in
 * vain (the commit failed after it) finds the reward at another time and gives nothing, and the requeue
 * pass (everyone-job.ts) puts it right.
 */
export async function rescheduleEveryoneReward(
  stores: EveryoneStores,
  requestID: string,
  sendAt: Date,
  change: AdminChange,
): Promise<EveryoneRewardRunRecord> {
  refuseSendAt(sendAt, change);
  return stores.game.transaction().execute(async (trx) => {
    const held = await heldRun(trx, requestID, change.environment);
    const moved = await trx
      .updateTable('reward_everyone')
      .set({ send_at: sendAt.toISOString() })
      .where('request_id', '=', requestID)
      .where('state', '=', 'scheduled')
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw new FunctionError('aborted', rewardNotScheduledMessage('reschedule'));
    await appendAdminLog(
      trx,
      adminLogRecord(change, REWARD_SCHEDULE_ADMIN_ACTIONS.reschedule, {
        requestID,
        reason: held.reason,
        sendAt: moved.send_at,
        previousSendAt: held.send_at,
      }),
    );
    await retimeScheduledEveryoneReward(stores.identity, {
      environment: change.environment,
      requestID,
      sendAt: moved.send_at,
    });
    return toEveryoneReward(held, moved);
  });
}

/**
 * Cancels a scheduled reward to everyone, logged `reward.cancel`: nobody is given it. One its job has
 * started, that ended or was cancelled already is refused (409). Its waiting run is withdrawn after the
 * commit; one left (a crash between) finds it cancelled and gives nothing.
 */
export async function cancelEveryoneReward(
  stores: EveryoneStores,
  requestID: string,
  change: AdminChange,
): Promise<EveryoneRewardRunRecord> {
  const run = await stores.game.transaction().execute(async (trx) => {
    const held = await heldRun(trx, requestID, change.environment);
    const cancelled = await trx
      .updateTable('reward_everyone')
      .set({ state: 'cancelled', finished_at: (change.now ?? new Date()).toISOString() })
      .where('request_id', '=', requestID)
      .where('state', '=', 'scheduled')
      .returningAll()
      .executeTakeFirst();
    if (!cancelled) throw new FunctionError('aborted', rewardNotScheduledMessage('cancel'));
    await appendAdminLog(
      trx,
      adminLogRecord(change, REWARD_SCHEDULE_ADMIN_ACTIONS.cancel, {
        requestID,
        reason: held.reason,
        sendAt: cancelled.send_at,
      }),
    );
    return toEveryoneReward(held, cancelled);
  });
  await withdrawScheduledEveryoneReward(stores.identity, { environment: change.environment, requestID });
  return run;
}

/**
 * An item a reward to everyone still has to give (scheduled, queued or running) is in use: deleting it would
 * leave the next batches giving an item items-master no longer has. A failed one is checked again
 * when it is sent to resume. The distributions under way are few, so their items are parsed here.
 */
export async function everyoneRewardItemUse(db: Kysely<GameDatabase>, itemID: string): Promise<string | null> {
  const underWay = await db
    .selectFrom('reward_everyone')
    .innerJoin('reward_distributions', 'reward_distributions.request_id', 'reward_everyone.request_id')
    .select(['reward_distributions.request_id', 'reward_distributions.items'])
    .where('reward_everyone.state', 'in', ['scheduled', 'queued', 'running'])
    .orderBy('reward_distributions.request_id')
    .execute();
  const using = underWay.find((row) => (JSON.parse(row.items) as RewardItem[]).some((item) => item.itemID === itemID));
  return using ? `the reward to everyone "${using.request_id}", still being given` : null;
}
