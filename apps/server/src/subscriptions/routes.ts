import { premiumSchema, SUBSCRIPTION_CALLABLES } from '@outpost/contracts/subscriptions/schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { registerCallable } from '../platform/http/callable';
import { readPremium } from './premium';

/** The signed-in player's premium: GET /api/account/premium for the account page, getPremium for the game. */
export function registerSubscriptionRoutes(app: FastifyInstance, options: { game: Kysely<GameDatabase> }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/account/premium', { schema: { response: { 200: premiumSchema } } }, async (request) =>
      readPremium(options.game, (await signedInViewer(request)).userId),
    );

  registerCallable(app, {
    name: SUBSCRIPTION_CALLABLES.getPremium,
    input: z.optional(z.null()),
    output: premiumSchema,
    handler: async (_data, request) => readPremium(options.game, (await signedInViewer(request)).userId),
  });
}
