import {
  FAVOURITE_EPISODE_TEXT,
  favouriteEpisodeQuerySchema,
  favouriteEpisodesSchema,
  THEATER_MESSAGES,
  theaterEntrySchema,
  theaterLibrarySchema,
  theaterParamsSchema,
  unknownEpisodeMessage,
} from '@outpost/contracts/theater';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { answering, FunctionError } from '../platform/http/errors';
import type { FileStore } from '../platform/storage/file-store';
import { setFavouriteEpisode, UnknownEpisodeError } from './favourites';
import { readFavouriteEpisodes, readTheaterEntry, readTheaterLibrary } from './library';

export interface TheaterRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  files: Pick<FileStore, 'url'>;
}

const answer = answering((error) =>
  error instanceof UnknownEpisodeError
    ? new FunctionError('not-found', unknownEpisodeMessage(error.episodeID), { episodeID: error.episodeID })
    : error,
);

/** The players' side of the story theater: the library, the viewer and favourites. */
export function registerTheaterRoutes(app: FastifyInstance, options: TheaterRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { game: db, files } = options;

  api.get('/api/theater', { schema: { response: { 200: theaterLibrarySchema } } }, () => readTheaterLibrary(db, files));

  api.get(
    '/api/theater/:theaterID',
    { schema: { params: theaterParamsSchema, response: { 200: theaterEntrySchema } } },
    async (request) => {
      const entry = await readTheaterEntry(db, files, request.params.theaterID);
      if (!entry) throw new FunctionError('not-found', THEATER_MESSAGES.notFound);
      return entry;
    },
  );

  api.get(
    '/api/account/favourite-episodes',
    { schema: { response: { 200: favouriteEpisodesSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return { episodeIDs: await readFavouriteEpisodes(db, viewer.userId) };
    },
  );

  // favourite-episode, bearer auth, query videoID and optional remove=true; answers text (docs/product.md §7.1).
  api.get(
    '/api/fn/favourite-episode',
    { schema: { querystring: favouriteEpisodeQuerySchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const viewer = await signedInViewer(request);
      const { videoID, remove } = request.query;
      await answer(() =>
        setFavouriteEpisode(db, { episodeID: videoID, userId: viewer.userId, remove, at: new Date() }),
      );
      const text = remove ? FAVOURITE_EPISODE_TEXT.removed : FAVOURITE_EPISODE_TEXT.added;
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );
}
