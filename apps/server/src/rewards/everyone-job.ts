import { ENVIRONMENTS } from '@outpost/contracts/environments';
import { REWARD_MAX_RECIPIENTS, type RewardItem } from '@outpost/contracts/rewards';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, GameDatabase, IdentityDatabase } from '../database';
import { playerAccountsAfter } from '../identity/index';
import { enqueueRun, type JobDefinition } from '../platform/jobs/runner';
import { claimRecipients, grantReward } from './distribute';

/*
 * The job that gives a reward to everyone: it walks the player accounts in id order, a batch at a time, and
 * commits each batch's grants with the distribution's checkpoint (the batch's last id, the count reached) in
 * one transaction of the environment's store. A run taken over after a crash or a lease that ran out starts
 * after the last batch committed; a batch two runs give at once (the first one's lease ran out while it
 * worked) meets the recipients' key, the loser giving nobody anything and leaving the checkpoint alone, so
 * nobody gets it twice.
 */

export const EVERYONE_REWARD_JOB = 'rewards.give-everyone';

const payloadSchema = z.object({ environment: z.enum(ENVIRONMENTS), requestID: z.string() });
type EveryonePayload = z.infer<typeof payloadSchema>;

/** The job's key per distribution: a queued or running one stands for any repeat of the enqueue. */
const jobKey = ({ environment, requestID }: EveryonePayload) => `${environment}:${requestID}`;

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
  if (!everyone || everyone.state === 'done' || everyone.state === 'failed') return 'stop';
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
      const { environment, requestID } = payloadSchema.parse(payload);
      const game = options.game[environment];
      for (;;) {
        const outcome = await giveBatch(game, options.identity, requestID, batchSize);
        if (outcome !== 'more') return;
        // Past its lease another instance has taken the run over, and goes on from the checkpoint.
        if (!(await run.extendLease())) return;
      }
    },
    async onGiveUp(payload, error) {
      const { environment, requestID } = payloadSchema.parse(payload);
      await options.game[environment]
        .updateTable('reward_everyone')
        // When it stopped: the calendar draws it up to then (a resend clears it again).
        .set({
          state: 'failed',
          finished_at: new Date().toISOString(),
          last_error: error instanceof Error ? error.message : String(error),
        })
        .where('request_id', '=', requestID)
        .where('state', 'in', ['queued', 'running'])
        .execute();
    },
  };
}

/**
 * Queues the job for a distribution that is not done. Repeatable: while a run of it waits or runs,
 * this adds none, so a repeated request re-queues a job a crash lost between the two stores.
 */
export async function enqueueEveryoneReward(
  identity: Kysely<IdentityDatabase>,
  payload: EveryonePayload,
): Promise<void> {
  await enqueueRun(identity, { name: EVERYONE_REWARD_JOB }, payload, { key: jobKey(payload) });
}
