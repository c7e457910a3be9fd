import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { REWARD_MAX_RECIPIENTS, type RewardItem } from '@outpost/contracts/rewards';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, GameDatabase, IdentityDatabase } from '../database';
import { countPlayerAccounts, playerAccountsAfter } from '../identity/index';
import { enqueueRun, type JobDefinition, retimeRun, withdrawRun } from '../platform/jobs/runner';
import { claimRecipients, grantReward } from './distribute';

/*
 * The job that gives a reward to everyone: it walks the player accounts in id order, a batch at a time, and
 * commits each batch's grants with the distribution's checkpoint (the batch's last id, the count reached) in
 * one transaction of the environment's store. A run taken over after a crash or a lease that ran out starts
 * after the last batch committed; a batch two runs give at once (the first one's lease ran out while it
 * worked) meets the recipients' key, the loser giving nobody anything and leaving the checkpoint alone, so
 * nobody gets it twice.
 *
 * A scheduled one's run waits in the jobs table until its time and names that time (`sendAt`): it starts the
 * reward (scheduled → queued, its players counted then) with one conditional update on both, so a reward
 * moved since (its run at the old time), or cancelled, is given nothing by it, and a move or cancel racing
 * the start either comes first or is refused (everyone.ts).
 */

export const EVERYONE_REWARD_JOB = 'rewards.give-everyone';
export const EVERYONE_REWARD_REQUEUE_JOB = 'rewards.requeue-scheduled';

/** How often scheduled rewards left without a run, or with one at another time, are queued again. */
export const EVERYONE_REWARD_REQUEUE_EVERY_MS = 60_000;

const payloadSchema = z.object({
  environment: z.enum(ENVIRONMENTS),
  requestID: z.string(),
  /** A scheduled one's time as it was queued; absent for one sent at once. */
  sendAt: z.optional(z.string()),
});
type EveryonePayload = z.infer<typeof payloadSchema>;
/** Which distribution's runs: the run's key. */
type RunOf = Pick<EveryonePayload, 'environment' | 'requestID'>;

/** The job's key per distribution: a queued or running one stands for any repeat of the enqueue. */
const jobKey = ({ environment, requestID }: RunOf) => `${environment}:${requestID}`;

export interface EveryoneJobOptions {
  game: AppStores['game'];
  identity: Kysely<IdentityDatabase>;
  /** Players per batch; REWARD_MAX_RECIPIENTS, what one call may give, by default. */
  batchSize?: number;
}

/** Another run committed this batch first (or the distribution ended): this one rolls back and stops. */
class Overtaken extends Error {}

/** A batch's outcome: how far the distribution now is, or that this run should stop. */
type BatchOutcome = 'more' | 'done' | 'stop';

async function giveBatch(
  game: Kysely<GameDatabase>,
  identity: Kysely<IdentityDatabase>,
  requestID: string,
  batchSize: number,
): Promise<BatchOutcome> {
  const everyone = await game
    .selectFrom('reward_everyone')
    .innerJoin('reward_distributions', 'reward_distributions.request_id', 'reward_everyone.request_id')
    .select([
      'reward_everyone.state',
      'reward_everyone.last_user_id',
      'reward_distributions.credits',
      'reward_distributions.items',
    ])
    .where('reward_everyone.request_id', '=', requestID)
    .executeTakeFirst();
  // Not started (scheduled: a run of a time it was moved from), ended, cancelled: nothing for this run.
  if (!everyone || (everyone.state !== 'queued' && everyone.state !== 'running')) return 'stop';
  const now = new Date();
  const at = now.toISOString();
  const batch = await playerAccountsAfter(identity, everyone.last_user_id, batchSize);
  const last = batch.at(-1);
  if (last === undefined) {
    await game
      .updateTable('reward_everyone')
      .set((eb) => ({
        state: 'done',
        finished_at: at,
        last_user_id: null,
        started_at: eb.fn.coalesce('started_at', eb.val(at)),
      }))
      .where('request_id', '=', requestID)
      .where('state', 'in', ['queued', 'running'])
      .execute();
    return 'done';
  }
  // A short batch is the last: nobody is left after it.
  const finished = batch.length < batchSize;
  try {
    await game.transaction().execute(async (trx) => {
      const claimed = await claimRecipients(trx, requestID, batch, at);
      const advanced = await trx
        .updateTable('reward_everyone')
        .set((eb) => ({
          state: finished ? 'done' : 'running',
          finished_at: finished ? at : null,
          // A finished walk keeps no player's id: nothing resumes from it.
          last_user_id: finished ? null : last,
          reached: eb('reached', '+', claimed.size),
          started_at: eb.fn.coalesce('started_at', eb.val(at)),
        }))
        .where('request_id', '=', requestID)
        .where('state', 'in', ['queued', 'running'])
        // Forward only: a run that read the checkpoint before another committed past it gave nothing.
        .where((eb) =>
          everyone.last_user_id === null
            ? eb('last_user_id', 'is', null)
            : eb('last_user_id', '=', everyone.last_user_id),
        )
        .executeTakeFirst();
      if (Number(advanced.numUpdatedRows) === 0) throw new Overtaken();
      const items = JSON.parse(everyone.items) as RewardItem[];
      await grantReward(trx, { requestID, credits: everyone.credits, items }, claimed, now);
    });
  } catch (error) {
    if (error instanceof Overtaken) return 'stop';
    throw error;
  }
  return finished ? 'done' : 'more';
}

/** The job's definition: every environment's 'everyone' rewards, one run per distribution. */
export function everyoneRewardJob(options: EveryoneJobOptions): JobDefinition {
  const batchSize = options.batchSize ?? REWARD_MAX_RECIPIENTS;
  return {
    name: EVERYONE_REWARD_JOB,
    async run(payload, run) {
      const { environment, requestID, sendAt } = payloadSchema.parse(payload);
      const game = options.game[environment];
      if (sendAt !== undefined) {
        // Its players are counted at its time, not when it was scheduled.
        const players = await countPlayerAccounts(options.identity);
        await game
          .updateTable('reward_everyone')
          .set({ state: 'queued', players_at_send: players })
          .where('request_id', '=', requestID)
          .where('state', '=', 'scheduled')
          .where('send_at', '=', sendAt)
          .execute();
      }
      for (;;) {
        const outcome = await giveBatch(game, options.identity, requestID, batchSize);
        if (outcome !== 'more') return;
        // Past its lease another instance has taken the run over, and goes on from the checkpoint.
        if (!(await run.extendLease())) return;
      }
    },
    async onGiveUp(payload, error) {
      const { environment, requestID, sendAt } = payloadSchema.parse(payload);
      await options.game[environment]
        .updateTable('reward_everyone')
        // When it stopped: the calendar draws it up to then (a resend clears it again).
        .set({
          state: 'failed',
          finished_at: new Date().toISOString(),
          last_error: error instanceof Error ? error.message : String(error),
        })
        .where('request_id', '=', requestID)
        .where((eb) => {
          const underWay = eb('state', 'in', ['queued', 'running']);
          // A scheduled one whose run at its time failed before starting it: failed too, not left waiting for ever.
          return sendAt === undefined
            ? underWay
            : eb.or([underWay, eb.and([eb('state', '=', 'scheduled'), eb('send_at', '=', sendAt)])]);
        })
        .execute();
    },
  };
}

/**
 * Queues the job for a distribution that is not done. Repeatable: while a run of it waits or runs,
 * this adds none, so a repeated request re-queues a job a crash lost between the two stores.
 */
export async function enqueueEveryoneReward(identity: Kysely<IdentityDatabase>, payload: RunOf): Promise<void> {
  await enqueueRun(identity, { name: EVERYONE_REWARD_JOB }, payload, { key: jobKey(payload) });
}

type ScheduledRun = RunOf & { sendAt: string };

/** Queues a scheduled one's run at its time; repeatable, one run per distribution. Answers whether a run was added. */
export function enqueueScheduledEveryoneReward(
  identity: Kysely<IdentityDatabase>,
  payload: ScheduledRun,
): Promise<boolean> {
  return enqueueRun(identity, { name: EVERYONE_REWARD_JOB }, payload, {
    key: jobKey(payload),
    runAt: new Date(payload.sendAt),
  });
}

/** Moves a rescheduled one's waiting run to its new time, or queues one when none waits. */
export async function retimeScheduledEveryoneReward(
  identity: Kysely<IdentityDatabase>,
  payload: ScheduledRun,
): Promise<void> {
  const moved = await retimeRun(
    identity,
    { name: EVERYONE_REWARD_JOB },
    jobKey(payload),
    payload,
    new Date(payload.sendAt),
  );
  if (!moved) await enqueueScheduledEveryoneReward(identity, payload);
}

/** Takes back a cancelled one's waiting run: the job list shows nothing pending for it. */
export async function withdrawScheduledEveryoneReward(identity: Kysely<IdentityDatabase>, run: RunOf): Promise<void> {
  await withdrawRun(identity, { name: EVERYONE_REWARD_JOB }, jobKey(run));
}

/**
 * A scheduled reward is recorded in its environment's store and its run queued in the identity store: a
 * crash between the two, or between a move's commit and its retime, leaves it with no run or one at another
 * time. This periodic pass queues each scheduled one's run at its time again (a run waiting stands for it),
 * and moves one left at another time, so none is given late by more than a pass, or never.
 */
export function requeueScheduledEveryoneRewardsJob(
  options: Pick<EveryoneJobOptions, 'game' | 'identity'>,
): JobDefinition {
  return {
    name: EVERYONE_REWARD_REQUEUE_JOB,
    everyMs: EVERYONE_REWARD_REQUEUE_EVERY_MS,
    async run() {
      for (const environment of ENVIRONMENTS) {
        const game = options.game[environment];
        const scheduled = await game
          .selectFrom('reward_everyone')
          .select(['request_id', 'send_at'])
          .where('state', '=', 'scheduled')
          .execute();
        for (const row of scheduled) {
          const payload = { environment, requestID: row.request_id, sendAt: row.send_at };
          if (!(await enqueueScheduledEveryoneReward(options.identity, payload))) {
            await retimeScheduledEveryoneReward(options.identity, payload);
            continue;
          }
          // Cancelled since it was read: the run just queued would wait for nothing.
          const still = await game
            .selectFrom('reward_everyone')
            .select('state')
            .where('request_id', '=', row.request_id)
            .executeTakeFirst();
          if (still?.state === 'cancelled') await withdrawScheduledEveryoneReward(options.identity, payload);
        }
      }
    },
  };
}
