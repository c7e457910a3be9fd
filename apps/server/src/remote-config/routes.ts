import { REMOTE_CONFIG_CALLABLE } from '@outpost/contracts/remote-config/contract';
import {
  type RemoteConfigFetchQuery,
  type RemoteConfigValues,
  remoteConfigFetchQuerySchema,
  remoteConfigValuesSchema,
} from '@outpost/contracts/remote-config/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fresh from 'fresh';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../database';
import { registerCallable } from '../platform/http/callable';
import { evaluateRemoteConfig } from './evaluate';
import { liveRemoteConfig } from './queries';

export interface RemoteConfigRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
}

const NOTHING_PUBLISHED = { version: 0, values: {}, etag: '"rc-0"' };

/** The caller's values: the signed-in player's id, else the device's, is the percentage's unit. */
async function valuesFor(
  game: Kysely<GameDatabase>,
  request: FastifyRequest,
  query: RemoteConfigFetchQuery,
): Promise<RemoteConfigValues & { etag: string }> {
  const live = await liveRemoteConfig(game);
  if (!live) return NOTHING_PUBLISHED;
  const viewer = await request.viewer();
  return evaluateRemoteConfig(live, {
    platform: query.platform,
    appVersion: query.appVersion,
    unit: viewer?.userId ?? query.deviceId,
  });
}

/**
 * The game's one read of its configuration: GET /api/remote-config (with `ETag`; `If-None-Match`
 * answers 304 while the caller's values are the same), and the same as a callable for Firebase's
 * clients. Both evaluate the published version for the caller.
 */
export function registerRemoteConfigRoutes(app: FastifyInstance, options: RemoteConfigRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/remote-config',
    {
      schema: {
        querystring: remoteConfigFetchQuerySchema,
        // 304: the values the caller's tag names are still theirs; no body.
        response: { 200: remoteConfigValuesSchema, 304: z.null() },
      },
    },
    async (request, reply) => {
      const { etag, ...values } = await valuesFor(options.game, request, request.query);
      // Personal (the player's conditions): never kept by a shared cache, always revalidated.
      void reply.header('etag', etag).header('cache-control', 'private, no-cache');
      // `fresh` reads If-None-Match as HTTP says: a list of tags, weak ones, `*`.
      if (fresh(request.headers, { etag })) return reply.code(304).send(null);
      return values;
    },
  );

  registerCallable(app, {
    name: REMOTE_CONFIG_CALLABLE,
    input: remoteConfigFetchQuerySchema,
    output: remoteConfigValuesSchema,
    handler: async (data, request) => {
      const { etag: _etag, ...values } = await valuesFor(options.game, request, data);
      return values;
    },
  });
}
