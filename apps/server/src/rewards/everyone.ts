import {
  type EveryoneRewardRecord,
  type EveryoneRewardRecordResult,
  REWARD_EVERYONE,
  type RewardItem,
} from '@outpost/contracts/rewards';
import type { Kysely, Selectable } from 'kysely';
import type { AdminChange } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { type RewardGift, recordDistribution } from './distribute';
import type { RewardDistributionRow, RewardEveryoneTable } from './tables';

/*
 * A reward to everyone in an environment, the request's half: in one transaction of the environment's store,
 * the admin-log entry first, the distribution's row (its requestID the key a repeat meets) and its 'everyone'
 * row, queued; the caller then queues the job that gives it (everyone-job.ts). The same request sent again is
 * the same distribution: it writes and logs nothing and answers its state, except that a failed one is queued
 * again (logged, as the admin's decision to resume it).
 */

type EveryoneRow = Selectable<RewardEveryoneTable>;

/** A repeat of a distribution that is queued, running or done: its transaction rolls back (log entry included). */
class AlreadyQueued extends Error {
  constructor(readonly result: EveryoneRewardRecordResult) {
    super('This reward to everyone was sent already.');
  }
}

/** A distribution and its 'everyone' row as the screens show them. */
export function toEveryoneReward(distribution: RewardDistributionRow, everyone: EveryoneRow): EveryoneRewardRecord {
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
  };
}

/**
 * Records a reward to everyone, `players` of them counted now in the identity store (which no
 * transaction here can include), and answers it queued; a repeat answers the distribution as it
 * stands. Throws as distributeReward does for unknown items or a reused requestID.
 */
export async function queueEveryoneReward(
  db: Kysely<GameDatabase>,
  gift: RewardGift,
  players: number,
  context: AdminChange,
): Promise<EveryoneRewardRecordResult> {
  const now = context.now ?? new Date();
  try {
    return await db.transaction().execute(async (trx) => {
      const distribution = await recordDistribution(
        trx,
        gift,
        { ...context, now },
        { audience: REWARD_EVERYONE, players },
      );
      const answer = (row: EveryoneRow): EveryoneRewardRecordResult => ({
        ...toEveryoneReward(distribution, row),
        audience: REWARD_EVERYONE,
      });
      const queued = await trx
        .insertInto('reward_everyone')
        .values({
          request_id: gift.requestID,
          state: 'queued',
          players_at_send: players,
          last_user_id: null,
          started_at: null,
          finished_at: null,
          last_error: null,
        })
        .onConflict((conflict) => conflict.column('request_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (queued) return answer(queued);
      // Sent before: resumed only when it failed, from its checkpoint.
      const resumed = await trx
        .updateTable('reward_everyone')
        .set({ state: 'queued', finished_at: null, last_error: null })
        .where('request_id', '=', gift.requestID)
        .where('state', '=', 'failed')
        .returningAll()
        .executeTakeFirst();
      if (resumed) return answer(resumed);
      const earlier = await trx
        .selectFrom('reward_everyone')
        .selectAll()
        .where('request_id', '=', gift.requestID)
        .executeTakeFirstOrThrow();
      throw new AlreadyQueued(answer(earlier));
    });
  } catch (error) {
    if (error instanceof AlreadyQueued) return error.result;
    throw error;
  }
}

/**
 * An item a reward to everyone still has to give (queued or running) is in use: deleting it would
 * leave the next batches giving an item items-master no longer has. A failed one is checked again
 * when it is sent to resume. The distributions under way are few, so their items are parsed here.
 */
export async function everyoneRewardItemUse(db: Kysely<GameDatabase>, itemID: string): Promise<string | null> {
  const underWay = await db
    .selectFrom('reward_everyone')
    .innerJoin('reward_distributions', 'reward_distributions.request_id', 'reward_everyone.request_id')
    .select(['reward_distributions.request_id', 'reward_distributions.items'])
    .where('reward_everyone.state', 'in', ['queued', 'running'])
    .orderBy('reward_distributions.request_id')
    .execute();
  const using = underWay.find((row) => (JSON.parse(row.items) as RewardItem[]).some((item) => item.itemID === itemID));
  return using ? `the reward to everyone "${using.request_id}", still being given` : null;
}
