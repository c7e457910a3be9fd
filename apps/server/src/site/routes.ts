import { emailSegmentInputSchema, GUEST_USER_ID } from '@outpost/contracts/identity';
import { SITE_CALLABLES, signupEmailSchema } from '@outpost/contracts/site';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Stores } from '../platform/db/stores';
import { registerCallable } from '../platform/http/callable';
import { FunctionError } from '../platform/http/errors';
import { limitTo, type RateLimit } from '../platform/http/rate-limit';
import { countEmailSignups, insertEmailSignup, insertSegmentRegistration } from './queries';

export interface SiteOptions {
  stores: Stores;
  /** The store the public site serves (APP_ENV). */
  environment: keyof Stores['game'];
  signupRateLimit: RateLimit;
  /** Also bounds register-for-email-segment, which anyone may call. */
  segmentRateLimit: RateLimit;
}

export function registerSiteRoutes(app: FastifyInstance, options: SiteOptions): void {
  const db = options.stores.game[options.environment];

  registerCallable(app, {
    name: SITE_CALLABLES.signupForEmails,
    input: signupEmailSchema,
    rateLimit: options.signupRateLimit,
    handler: async (email) => {
      const created = await insertEmailSignup(db, { email, source: 'landing', createdAt: new Date().toISOString() });
      return { email, created };
    },
  });

  registerCallable(app, {
    name: SITE_CALLABLES.signupCount,
    input: z.optional(z.null()),
    handler: async () => ({ count: await countEmailSignups(db) }),
  });

  // Spec §7: register-for-email-segment; a signed-out visitor registers as the guest placeholder.
  app.post(
    '/api/fn/register-for-email-segment',
    { config: { rateLimit: limitTo(options.segmentRateLimit) } },
    async (request) => {
      const input = z.parse(emailSegmentInputSchema, request.body);
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
