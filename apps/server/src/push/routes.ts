import {
  registeredPushDeviceSchema,
  registerPushDeviceSchema,
  unregisteredPushDeviceSchema,
  unregisterPushDeviceSchema,
} from '@outpost/contracts/push';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { limitTo, perViewer, type RateLimit } from '../platform/http/rate-limit';
import { registerDevice, unregisterDevice } from './devices';

export interface PushDeviceRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /** Registrations and removals per player: a device registers on start and on a new token, rarely more. */
  rateLimit: RateLimit;
}

/** The explicit registration, for clients that do not send the messaging header through a Firebase SDK. */
export function registerPushDeviceRoutes(app: FastifyInstance, { game, rateLimit }: PushDeviceRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: { ...limitTo(rateLimit), keyGenerator: perViewer } };

  api.post(
    '/api/push/devices',
    { schema: { body: registerPushDeviceSchema, response: { 200: registeredPushDeviceSchema } }, config },
    async (request) => {
      const { userId } = await signedInViewer(request);
      return registerDevice(game, { ...request.body, userId, now: new Date() });
    },
  );

  api.delete(
    '/api/push/devices',
    { schema: { body: unregisterPushDeviceSchema, response: { 200: unregisteredPushDeviceSchema } }, config },
    async (request) => {
      const { userId } = await signedInViewer(request);
      return { removed: await unregisterDevice(game, { token: request.body.token, userId }) };
    },
  );
}
