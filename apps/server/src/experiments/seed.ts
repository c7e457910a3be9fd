import type { ExperimentVariant } from '@outpost/contracts/experiments/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { assignVariant } from './assignment';

const DAY_MS = 86_400_000;

/** The game's own ids of the players game-data's demo reports name: their sessions are the results' data. */
const DEMO_EXPOSED = ['demo-player-1', 'demo-player-2', 'demo-player-3'] as const;

const VARIANTS: ExperimentVariant[] = [
  { name: 'Control', value: 50, weight: 1 },
  { name: 'Generous', value: 75, weight: 1 },
];

/**
 * The demo's experiment: a week's test of a more generous daily reward, stopped three days ago, its
 * results read from the demo players' sessions. Written once: a store with it keeps it as it is.
 */
export async function seedExperiments(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const experimentID = 'generous-daily-reward';
  const seeded = await db
    .insertInto('experiments')
    .values({
      experiment_id: experimentID,
      name: 'Generous daily reward',
      description: 'Do 75 credits a day keep players playing longer than 50?',
      parameter_key: 'daily_reward_credits',
      segment_id: null,
      variants: JSON.stringify(VARIANTS),
      metric: 'playtimePerPlayer',
      state: 'stopped',
      starts_at: ago(10),
      ends_at: ago(3),
      started_at: ago(10),
      ended_at: ago(3),
      winner: null,
      revision: 3,
      created_at: ago(11),
      created_by: null,
    })
    .onConflict((conflict) => conflict.column('experiment_id').doNothing())
    .executeTakeFirst();
  if (Number(seeded.numInsertedOrUpdatedRows ?? 0n) === 0) return;
  await db
    .insertInto('experiment_exposures')
    .values(
      DEMO_EXPOSED.map((userId, index) => ({
        experiment_id: experimentID,
        user_id: userId,
        variant: VARIANTS[assignVariant(experimentID, VARIANTS, userId)]?.name ?? 'Control',
        exposed_at: ago(10 - index),
      })),
    )
    .onConflict((conflict) => conflict.columns(['experiment_id', 'user_id']).doNothing())
    .execute();
}
