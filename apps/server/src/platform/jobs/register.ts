import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Metrics } from '../metrics/metrics';
import { jobMetrics } from './metrics';
import { registerJobRoutes } from './routes';
import { type JobDefinition, JobRunner } from './runner';
import type { JobTables } from './tables';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The app's job runner: every domain's jobs, plus the pruning of the runner's own history, run
 * while the app is up (started when it is ready, stopped with it, waiting for the run under way);
 * its history is an admin list, its queue and failures are metrics.
 */
export function registerJobRunner<Database extends JobTables>(
  app: FastifyInstance,
  options: { db: Kysely<Database>; definitions: readonly JobDefinition[]; metrics: Metrics; pollMs?: number },
): JobRunner<Database> {
  const prune: JobDefinition = {
    name: 'jobs.prune-history',
    everyMs: DAY_MS,
    run: async () => {
      await runner.pruneHistory();
    },
  };
  const definitions = [...options.definitions, prune];
  const events = jobMetrics(
    options.metrics,
    options.db as unknown as Kysely<JobTables>,
    definitions.map((definition) => definition.name),
    app.log,
  );
  const runner: JobRunner<Database> = new JobRunner({
    db: options.db,
    definitions,
    log: app.log,
    events,
    // An app given its own pace (tests that run the jobs themselves make it rare) keeps to it: nothing wakes it sooner.
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs, wakes: false }),
  });
  registerJobRoutes(app, options.db);
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());
  return runner;
}
