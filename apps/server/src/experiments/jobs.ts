import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { AppStores, IdentityDatabase } from '../database';
import { enqueueRun, type JobDefinition } from '../platform/jobs/runner';
import { advanceExperiments, type StoredExperiment } from './queries';
import type { Experiments } from './service';

export const EXPERIMENTS_ADVANCE_JOB = 'experiments.advance';
export const EXPERIMENTS_SWEEP_JOB = 'experiments.sweep';

/** How often every environment's experiments are started and stopped on time, whatever run was lost or moved. */
export const EXPERIMENTS_SWEEP_EVERY_MS = 15_000;

const payloadSchema = z.object({ environment: z.enum(ENVIRONMENTS) });

/**
 * Queues a run at `at` (a scheduled start, a planned end) that starts and stops what is due in the
 * environment; one per moment and environment, whichever instance takes it. The periodic sweep
 * covers a run lost between the commit and this.
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

/**
 * After a change, saved: a run at each moment still ahead of the experiment's window, its start
 * while scheduled and its end while scheduled or running. The screen's routes and the calendar's
 * move both queue through it, so a moved start is taken at its new time.
 */
export async function enqueueExperimentWindow(
  identity: Kysely<IdentityDatabase>,
  environment: Environment,
  experiment: StoredExperiment,
): Promise<void> {
  if (experiment.state !== 'scheduled' && experiment.state !== 'running') return;
  for (const at of [experiment.state === 'scheduled' ? experiment.starts_at : null, experiment.ends_at]) {
    if (at !== null) await enqueueExperimentsAdvance(identity, environment, at);
  }
}

/** Starts scheduled experiments at their start and stops running ones at their end. */
export function experimentsJobs(options: { game: AppStores['game']; experiments: Experiments }): JobDefinition[] {
  const advance = async (environment: Environment) => {
    if ((await advanceExperiments(options.game[environment], environment, new Date())) > 0)
      options.experiments.changed(environment);
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
