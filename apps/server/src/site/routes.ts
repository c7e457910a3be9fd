import { emailSegmentInputSchema, emailSegmentResultSchema, GUEST_USER_ID } from '@outpost/contracts/identity';
import { SITE_CALLABLES, signupCountSchema, signupEmailSchema, signupResultSchema } from '@outpost/contracts/site';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../database';
import { registerCallable } from '../platform/http/callable';
import { FunctionError } from '../platform/http/errors';
import { limitTo, type RateLimit } from '../platform/http/rate-limit';
import { countEmailSignups, insertEmailSignup, insertSegmentRegistration } from './queries';

export interface SiteOptions {
  /** The store the public site serves (APP_ENV's). */
  game: Kysely<GameDatabase>;
  signupRateLimit: RateLimit;
  /** Also bounds register-for-email-segment, which anyone may call. */
  segmentRateLimit: RateLimit;
}

export function registerSiteRoutes(app: FastifyInstance, options: SiteOptions): void {
  const db = options.game;

  registerCallable(app, {
    name: SITE_CALLABLES.signupForEmails,
    input: signupEmailSchema,
    output: signupResultSchema,
    rateLimit: options.signupRateLimit,
    handler: async (email) => {
      const created = await insertEmailSignup(db, { email, source: 'landing', createdAt: new Date().toISOString() });
      return { email, created };
    },
  });

  registerCallable(app, {
    name: SITE_CALLABLES.signupCount,
    input: z.optional(z.null()),
    output: signupCountSchema,
    handler: async () => ({ count: await countEmailSignups(db) }),
  });

  // register-for-email-segment; a signed-out visitor registers as the guest placeholder (docs/product.md §7.1).
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/fn/register-for-email-segment',
    {
      schema: { body: emailSegmentInputSchema, response: { 200: emailSegmentResultSchema } },
      config: { rateLimit: limitTo(options.segmentRateLimit) },
    },
    async (request) => {
      const input = request.body;
      const viewer = await request.viewer();
      if (input.userID !== GUEST_USER_ID && input.userID !== viewer?.userId) {
        throw new FunctionError(
          'permission-denied',
          `userID must be your own account's id, or "${GUEST_USER_ID}" when signed out.`,
        );
      }
      const created = await insertSegmentRegistration(db, {
        segmentId: input.segmentID,
        email: input.email,
        userId: input.userID,
        createdAt: new Date().toISOString(),
      });
      return { segmentID: input.segmentID, email: input.email, created };
    },
  );
}
