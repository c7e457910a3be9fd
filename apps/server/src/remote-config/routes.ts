import type { Environment } from '@outpost/contracts/environments';
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
import type { Experiments } from '../experiments/index';
import { registerCallable } from '../platform/http/callable';
import type { Segments } from '../segments/index';
import { remoteConfigTag, remoteConfigValues } from './evaluate';
import { liveRemoteConfig } from './queries';

export interface RemoteConfigRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /** APP_ENV: where the segments the conditions name are. */
  environment: Environment;
  segments: Pick<Segments, 'holding'>;
  /** The running experiments: a signed-in player in one gets its variant's value (docs/decisions/0140-experiments.md). */
  experiments: Pick<Experiments, 'testing'>;
}

/** Before any publish: no parameter, and no tag to revalidate. */
const NOTHING_PUBLISHED: RemoteConfigValues = { version: 0, values: {} };

/**
 * The live version and the caller as its conditions read them: the signed-in player's id, else the
 * device's, is the percentage's unit; a segment holds only a signed-in player. A signed-in player
 * is also put in the experiments running on the version's parameters (their segments asked with the
 * conditions', in one question), and exposed to them: `assignments`, which the values and the tag
 * take in.
 */
async function callerOf(options: RemoteConfigRoutesOptions, request: FastifyRequest, query: RemoteConfigFetchQuery) {
  const live = await liveRemoteConfig(options.game);
  const viewer = live ? await request.viewer() : null;
  // From memory (experiments/service.ts): no read of the store for a fetch.
  const testing =
    live && viewer
      ? await options.experiments.testing(options.environment, new Set(live.parameters.map(({ key }) => key)))
      : null;
  const segmentIDs = [...new Set([...(live?.segmentIDs ?? []), ...(testing?.segmentIDs ?? [])])];
  const segments =
    live && viewer && segmentIDs.length > 0
      ? await options.segments.holding(options.environment, segmentIDs, viewer.userId)
      : undefined;
  return {
    live,
    assignments: testing && viewer ? testing.expose(viewer.userId, segments ?? new Set()) : [],
    caller: {
      platform: query.platform,
      appVersion: query.appVersion,
      unit: viewer?.userId ?? query.deviceId,
      ...(segments ? { segments } : {}),
    },
  };
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
      const { live, caller, assignments } = await callerOf(options, request, request.query);
      if (!live) return NOTHING_PUBLISHED;
      const { holds, etag } = remoteConfigTag(live, caller, assignments);
      // Personal (the player's conditions): never kept by a shared cache, always revalidated.
      void reply.header('etag', etag).header('cache-control', 'private, no-cache');
      // `fresh` reads If-None-Match as HTTP says: a list of tags, weak ones, `*`.
      if (fresh(request.headers, { etag })) return reply.code(304).send(null);
      return remoteConfigValues(live, holds, assignments);
    },
  );

  registerCallable(app, {
    name: REMOTE_CONFIG_CALLABLE,
    input: remoteConfigFetchQuerySchema,
    output: remoteConfigValuesSchema,
    handler: async (data, request) => {
      const { live, caller, assignments } = await callerOf(options, request, data);
      return live ? remoteConfigValues(live, remoteConfigTag(live, caller).holds, assignments) : NOTHING_PUBLISHED;
    },
  });
}
