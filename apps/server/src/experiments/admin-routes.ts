import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  createExperimentInputSchema,
  EXPERIMENT_MESSAGES,
  type Experiment,
  experimentListSchema,
  experimentParamsSchema,
  experimentResultsSchema,
  experimentSchema,
  rollOutExperimentInputSchema,
  startExperimentInputSchema,
  stopExperimentInputSchema,
  updateExperimentInputSchema,
} from '@outpost/contracts/experiments/schemas';
import { personIn } from '@outpost/contracts/people';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores, IdentityDatabase } from '../database';
import type { ExperimentMetricSource } from '../domain';
import { peopleOf } from '../identity/index';
import { FunctionError } from '../platform/http/errors';
import { enqueueExperimentWindow } from './jobs';
import {
  createExperiment,
  deleteExperiment,
  findExperiment,
  listExperiments,
  rollOutExperiment,
  type StoredExperiment,
  startExperiment,
  stopExperiment,
  updateExperiment,
} from './queries';
import { experimentResults } from './results';
import { createResultsCache } from './results-cache';
import { segmentNames } from './segment-names';
import type { Experiments } from './service';

export interface ExperimentsAdminRoutesOptions {
  game: AppStores['game'];
  identity: Kysely<IdentityDatabase>;
  experiments: Pick<Experiments, 'changed'>;
  metrics: readonly ExperimentMetricSource[];
}

const deletedSchema = z.object({ experimentID: z.string() });

/**
 * Experiments in the back office: read and their results by everyone in the admin area, drafted,
 * edited, deleted, started, stopped and rolled out by those the route table's policies let through
 * (contracts' experiments/contract.ts). Every route names its environment; every change tells the
 * fetch's cache of this instance at once (the others hear the change feed).
 */
export function registerExperimentsAdminRoutes(app: FastifyInstance, options: ExperimentsAdminRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];
  const results = createResultsCache({
    now: Date.now,
    onRefreshError: (error) => app.log.error({ err: error }, 'experiment results: computing them again failed'),
  });

  async function named(environment: Environment, rows: readonly StoredExperiment[]): Promise<Experiment[]> {
    const [people, segments] = await Promise.all([
      peopleOf(
        options.identity,
        rows.flatMap((row) => row.created_by ?? []),
      ),
      segmentNames(storeOf(environment), rows),
    ]);
    return rows.map((row) => ({
      experimentID: row.experiment_id,
      name: row.name,
      description: row.description,
      parameterKey: row.parameter_key,
      segmentID: row.segment_id,
      segmentName: row.segment_id === null ? null : (segments.get(row.segment_id) ?? null),
      variants: row.variants,
      metric: row.metric,
      state: row.state,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      startedAt: row.started_at,
      endedAt: row.ended_at,
      winner: row.winner,
      revision: row.revision,
      createdAt: row.created_at,
      createdBy: row.created_by === null ? null : personIn(people, row.created_by),
    }));
  }
  const one = async (environment: Environment, row: StoredExperiment) => {
    const [experiment] = await named(environment, [row]);
    if (!experiment) throw new FunctionError('not-found', EXPERIMENT_MESSAGES.notFound);
    return experiment;
  };
  async function stored(environment: Environment, experimentID: string): Promise<StoredExperiment> {
    const row = await findExperiment(storeOf(environment), experimentID);
    if (!row) throw new FunctionError('not-found', EXPERIMENT_MESSAGES.notFound);
    return row;
  }
  /** After a change: this instance's fetch reads the running experiments again; a window's moments are queued. */
  async function settled(environment: Environment, row: StoredExperiment): Promise<Experiment> {
    options.experiments.changed(environment);
    await enqueueExperimentWindow(options.identity, environment, row);
    return one(environment, row);
  }

  api.get(
    '/api/admin/:env/experiments',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: experimentListSchema } } },
    async (request) => ({
      experiments: await named(request.params.env, await listExperiments(storeOf(request.params.env))),
    }),
  );

  api.get(
    '/api/admin/:env/experiments/:experimentID',
    { schema: { params: experimentParamsSchema, response: { 200: experimentSchema } } },
    async (request) => one(request.params.env, await stored(request.params.env, request.params.experimentID)),
  );

  api.get(
    '/api/admin/:env/experiments/:experimentID/results',
    { schema: { params: experimentParamsSchema, response: { 200: experimentResultsSchema } } },
    async (request) => {
      const { env, experimentID } = request.params;
      const experiment = await stored(env, experimentID);
      // Computed over every exposure: kept per experiment (results-cache.ts), not computed per request,
      // while the row and the players exposed stay as they were (a count over the exposures' key): a
      // newly exposed player shows at the console's next read, as the exposures' live topic promises.
      const exposed = await storeOf(env)
        .selectFrom('experiment_exposures')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('experiment_id', '=', experimentID)
        .executeTakeFirstOrThrow();
      const signature = `${JSON.stringify(experiment)}\n${Number(exposed.count)}`;
      return results.read(`${env}/${experimentID}`, signature, () =>
        experimentResults({ game: storeOf(env), identity: options.identity }, experiment, options.metrics, new Date()),
      );
    },
  );

  api.post(
    '/api/admin/:env/experiments',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createExperimentInputSchema,
        response: { 200: experimentSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const change = await adminChangeOf(request, env);
      return one(env, await createExperiment(storeOf(env), request.body, change));
    },
  );

  api.put(
    '/api/admin/:env/experiments/:experimentID',
    {
      schema: {
        params: experimentParamsSchema,
        body: updateExperimentInputSchema,
        response: { 200: experimentSchema },
      },
    },
    async (request) => {
      const { env, experimentID } = request.params;
      const change = await adminChangeOf(request, env);
      return settled(env, await updateExperiment(storeOf(env), experimentID, request.body, change));
    },
  );

  api.delete(
    '/api/admin/:env/experiments/:experimentID',
    { schema: { params: experimentParamsSchema, response: { 200: deletedSchema } } },
    async (request) => {
      const { env, experimentID } = request.params;
      const change = await adminChangeOf(request, env);
      await deleteExperiment(storeOf(env), experimentID, change);
      options.experiments.changed(env);
      return { experimentID };
    },
  );

  api.post(
    '/api/admin/:env/experiments/:experimentID/start',
    {
      schema: { params: experimentParamsSchema, body: startExperimentInputSchema, response: { 200: experimentSchema } },
    },
    async (request) => {
      const { env, experimentID } = request.params;
      const change = await adminChangeOf(request, env);
      return settled(env, await startExperiment(storeOf(env), experimentID, request.body, change));
    },
  );

  api.post(
    '/api/admin/:env/experiments/:experimentID/stop',
    {
      schema: { params: experimentParamsSchema, body: stopExperimentInputSchema, response: { 200: experimentSchema } },
    },
    async (request) => {
      const { env, experimentID } = request.params;
      const change = await adminChangeOf(request, env);
      return settled(env, await stopExperiment(storeOf(env), experimentID, request.body, change));
    },
  );

  api.post(
    '/api/admin/:env/experiments/:experimentID/roll-out',
    {
      schema: {
        params: experimentParamsSchema,
        body: rollOutExperimentInputSchema,
        response: { 200: experimentSchema },
      },
    },
    async (request) => {
      const { env, experimentID } = request.params;
      const change = await adminChangeOf(request, env);
      return settled(env, await rollOutExperiment(storeOf(env), experimentID, request.body, change));
    },
  );
}
