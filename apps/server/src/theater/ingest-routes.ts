import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  ingestEpisodeStatsInputSchema,
  ingestEpisodeStatsResultSchema,
  unknownEpisodesMessage,
} from '@outpost/contracts/theater';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { answering, FunctionError } from '../platform/http/errors';
import { replaceEpisodeStats, UnknownEpisodesError } from './stats';

export interface IngestRoutesOptions {
  /** Every environment's store: the game's servers report to the one the path names. */
  game: Record<Environment, Kysely<GameDatabase>>;
}

const answer = answering((error) =>
  error instanceof UnknownEpisodesError
    ? new FunctionError('not-found', unknownEpisodesMessage(error.episodeIDs), { episodeIDs: error.episodeIDs })
    : error,
);

/**
 * What the game's servers report, authenticated with the environment's service key by the route's `service`
 * policy: each named episode's in-game stats, replaced as a whole.
 */
export function registerIngestRoutes(app: FastifyInstance, options: IngestRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/api/ingest/:env/episode-stats',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: ingestEpisodeStatsInputSchema,
        response: { 200: ingestEpisodeStatsResultSchema },
      },
    },
    async (request) => {
      const db = options.game[request.params.env];
      const updated = await answer(() => replaceEpisodeStats(db, request.body.episodes, new Date()));
      return { updated };
    },
  );
}
