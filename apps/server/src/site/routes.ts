import { SITE_CALLABLES, signupEmailSchema } from '@outpost/contracts/site';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Stores } from '../platform/db/stores';
import { registerCallable } from '../platform/http/callable';
import type { RateLimit } from '../platform/http/rate-limit';
import { countEmailSignups, insertEmailSignup } from './queries';

export interface SiteOptions {
  stores: Stores;
  /** The store the public site serves (APP_ENV). */
  environment: keyof Stores['game'];
  signupRateLimit: RateLimit;
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
}
