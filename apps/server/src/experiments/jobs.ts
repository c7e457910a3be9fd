import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, IdentityDatabase } from '../database';
import { enqueueRun, type JobDefinition } from '../platform/jobs/runner';
import { advanceExperiments } from './queries';
import type { Experiments } from './service';

export const EXPERIMENTS_ADVANCE_JOB = 'experiments.advance';
export const EXPERIMENTS_SWEEP_JOB = 'experiments.sweep';

/** How often every environment's experiments are started and stopped on time, whatever run was lost or moved. */
export const EXPERIMENTS_SWEEP_EVERY_MS = 15_000;

const payloadSchema = z.object({ environment: z.enum(ENVIRONMENTS) });

/**
 * Queues a run at `at` (a scheduled start, a planned end) that starts and stops what is due in the
 * environment; one per moment and environment, whichever instance takes it. The periodic sweep
 * covers a run lost between the commit and this, and a start moved from the calendar.
 */
export function enqueueExperimentsAdvance(
  identity: Kysely<IdentityDatabase>,
  environment: Environment,
  at: string,
): Promise<boolean> {
  return enqueueRun(
    identity,
    { name: EXPERIMENTS_ADVANCE_JOB },
    { environment },
    {
      runAt: new Date(at),
      key: `${environment}:${new Date(at).toISOString()}`,
    },
  );
}

/** Starts scheduled experiments at their start and stops running ones at their end. */
export function experimentsJobs(options: { game: AppStores['game']; experiments: Experiments }): JobDefinition[] {
  const advance = async (environment: Environment) => {
    if ((await advanceExperiments(options.game[environment], new Date())) > 0) options.experiments.changed(environment);
  };
  return [
    {
      name: EXPERIMENTS_ADVANCE_JOB,
      run: async (payload) => advance(z.parse(payloadSchema, payload).environment),
    },
    {
      name: EXPERIMENTS_SWEEP_JOB,
      everyMs: EXPERIMENTS_SWEEP_EVERY_MS,
      run: async () => {
        for (const environment of ENVIRONMENTS) await advance(environment);
      },
    },
  ];
}
