import { adminEnvironmentParamsSchema, ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import {
  createdIngestKeySchema,
  createIngestKeyInputSchema,
  type GameEventType,
  ingestBatchInputSchema,
  ingestBatchResultSchema,
  ingestKeyListSchema,
  ingestKeyParamsSchema,
  ingestKeySchema,
  liveSeriesQuerySchema,
  liveSeriesSchema,
  liveStatsSchema,
} from '@outpost/contracts/game-data';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { adminChangeOf } from '../backoffice/index';
import type { GameDatabase, IdentityDatabase } from '../database';
import type { AnyGameEventKind } from '../domain';
import { answering, FunctionError } from '../platform/http/errors';
import type { Metrics } from '../platform/metrics/metrics';
import { ingestBatch } from './ingest';
import { createIngestKey, IngestKeyNotFoundError, listIngestKeys, revokeIngestKey } from './keys';
import { readLiveStats } from './live-stats';
import { readLiveSeries, type SeriesByName } from './series';

export interface GameDataRoutesOptions {
  /** Every environment's store: the game's servers and the back office name theirs in the path. */
  game: Record<Environment, Kysely<GameDatabase>>;
  identity: Kysely<IdentityDatabase>;
  /** Every kind of event a batch may carry, the game data's own and the other domains'. */
  kinds: readonly AnyGameEventKind[];
  /** Every domain's series of the live stats' charts. */
  series: SeriesByName;
  metrics: Metrics;
}

/**
 * A batch may carry map data (up to 64 KB each): its body may be larger than the API's usual
 * megabyte, up to this. A batch larger still is refused whole (413) and is sent in smaller ones.
 */
const BATCH_BODY_LIMIT = 8 * 1_048_576;

const answerKeys = answering((error) =>
  error instanceof IngestKeyNotFoundError ? new FunctionError('not-found', 'There is no such service key.') : error,
);

/**
 * The game's servers report in (POST /api/ingest/:env/events, the route's `service` policy checks
 * the environment's service key); admins make and revoke those keys; staff and admins read the live
 * stats.
 */
export function registerGameDataRoutes(app: FastifyInstance, options: GameDataRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const kinds = new Map<GameEventType, AnyGameEventKind>(options.kinds.map((kind) => [kind.type, kind]));
  const ingested = options.metrics.counter({
    name: 'outpost_ingested_events_total',
    help: 'Game events reported by the game servers, by environment and outcome: stored, duplicated (an id stored before), refused.',
    labelNames: ['env', 'outcome'],
  });
  for (const env of ENVIRONMENTS) {
    for (const outcome of ['stored', 'duplicated', 'refused']) ingested.inc({ env, outcome }, 0);
  }

  api.post(
    '/api/ingest/:env/events',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        params: adminEnvironmentParamsSchema,
        body: ingestBatchInputSchema,
        response: { 200: ingestBatchResultSchema },
      },
    },
    async (request) => {
      const env = request.params.env;
      const result = await ingestBatch(request.body.events, {
        game: options.game[env],
        identity: options.identity,
        kinds,
      });
      ingested.inc({ env, outcome: 'stored' }, result.stored);
      ingested.inc({ env, outcome: 'duplicated' }, result.duplicated);
      ingested.inc({ env, outcome: 'refused' }, result.refused.length);
      return result;
    },
  );

  api.get(
    '/api/admin/:env/ingest-keys',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: ingestKeyListSchema } } },
    async (request) => ({ keys: await listIngestKeys(options.game[request.params.env]) }),
  );

  api.post(
    '/api/admin/:env/ingest-keys',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createIngestKeyInputSchema,
        response: { 200: createdIngestKeySchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      return createIngestKey(options.game[env], request.body.name, await adminChangeOf(request, env));
    },
  );

  api.post(
    '/api/admin/:env/ingest-keys/:keyID/revoke',
    { schema: { params: ingestKeyParamsSchema, response: { 200: ingestKeySchema } } },
    async (request) => {
      const { env, keyID } = request.params;
      const change = await adminChangeOf(request, env);
      return answerKeys(() => revokeIngestKey(options.game[env], keyID, change));
    },
  );

  api.get(
    '/api/admin/:env/live-stats',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: liveStatsSchema } } },
    (request) => readLiveStats({ game: options.game[request.params.env], identity: options.identity }, request.log),
  );

  api.get(
    '/api/admin/:env/live-stats/series',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: liveSeriesQuerySchema,
        response: { 200: liveSeriesSchema },
      },
    },
    (request) =>
      readLiveSeries(
        { game: options.game[request.params.env], identity: options.identity },
        options.series,
        request.query.range,
      ),
  );
}
