import {
  deletedLightingPresetSchema,
  GUEST_OWNER,
  LIGHTING_MESSAGES,
  lightingPresetInputSchema,
  lightingPresetListSchema,
  lightingPresetParamsSchema,
  lightingPresetSchema,
  presetLimitMessage,
} from '@outpost/contracts/lighting';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { answering, FunctionError } from '../platform/http/errors';
import { limitTo, perViewer, type RateLimit } from '../platform/http/rate-limit';
import {
  createLightingPreset,
  deleteLightingPreset,
  listLightingPresets,
  PresetLimitError,
  PresetNotFoundError,
  PresetNotYoursError,
  updateLightingPreset,
} from './queries';

export interface LightingRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /**
   * Creates, saves and deletes per player, or per address for visitors, each: visitors share the
   * guests' presets, so one of them cannot churn through them unchecked.
   */
  writeRateLimit: RateLimit;
}

const answer = answering((error) => {
  if (error instanceof PresetNotFoundError) {
    return new FunctionError('not-found', LIGHTING_MESSAGES.notFound, { code: 'preset-not-found' });
  }
  if (error instanceof PresetNotYoursError) {
    return new FunctionError('permission-denied', LIGHTING_MESSAGES.notYours, { code: 'preset-not-yours' });
  }
  if (error instanceof PresetLimitError) {
    return new FunctionError('resource-exhausted', presetLimitMessage(error.owner), { code: 'preset-limit' });
  }
  return error;
});

/** Whose presets a request acts on: the signed-in player's, or a visitor's under 'guest' (docs/product.md §6.3). */
async function ownerOf(request: FastifyRequest): Promise<string> {
  return (await request.viewer())?.userId ?? GUEST_OWNER;
}

/**
 * Lighting presets. The routes are public: who may read or change a preset is decided here, by the owner the
 * request acts as.
 */
export function registerLightingRoutes(app: FastifyInstance, options: LightingRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { game: db } = options;
  const limited = { rateLimit: { ...limitTo(options.writeRateLimit), keyGenerator: perViewer } };

  api.get('/api/lighting-presets', { schema: { response: { 200: lightingPresetListSchema } } }, async (request) =>
    listLightingPresets(db, await ownerOf(request)),
  );

  api.post(
    '/api/lighting-presets',
    { schema: { body: lightingPresetInputSchema, response: { 200: lightingPresetSchema } }, config: limited },
    async (request) => {
      const owner = await ownerOf(request);
      return answer(() => createLightingPreset(db, { owner, input: request.body, now: new Date() }));
    },
  );

  api.put(
    '/api/lighting-presets/:presetID',
    {
      schema: {
        params: lightingPresetParamsSchema,
        body: lightingPresetInputSchema,
        response: { 200: lightingPresetSchema },
      },
      config: limited,
    },
    async (request) => {
      const owner = await ownerOf(request);
      const { presetID } = request.params;
      return answer(() => updateLightingPreset(db, { owner, presetID, input: request.body, now: new Date() }));
    },
  );

  api.delete(
    '/api/lighting-presets/:presetID',
    {
      schema: { params: lightingPresetParamsSchema, response: { 200: deletedLightingPresetSchema } },
      config: limited,
    },
    async (request) => {
      const owner = await ownerOf(request);
      const { presetID } = request.params;
      await answer(() => deleteLightingPreset(db, { owner, presetID }));
      return { presetID, deleted: true as const };
    },
  );
}
