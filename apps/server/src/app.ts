import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './platform/config';
import type { Stores } from './platform/db/stores';
import { registerErrorHandler } from './platform/http/errors';
import { registerHealth } from './platform/http/health';
import { type RateLimit, registerRateLimiting } from './platform/http/rate-limit';
import { registerSpa } from './platform/http/spa';
import { registerSiteRoutes } from './site/routes';

export interface RateLimits {
  emailSignup: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  emailSignup: { max: 10, windowMs: 60_000 },
};

export interface AppOptions {
  config: Pick<Config, 'appEnv' | 'logLevel' | 'trustProxy' | 'webDist'>;
  stores: Stores;
  rateLimits?: Partial<RateLimits>;
}

/**
 * Builds the whole HTTP app without listening, so tests drive it with `inject` and main.ts
 * only binds a port. Plugins load in a fixed order: infrastructure, then domains, then the SPA.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, stores } = options;
  const rateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    return503OnClosing: true,
  });

  registerErrorHandler(app);
  await registerRateLimiting(app);
  registerHealth(app, stores);

  registerSiteRoutes(app, { stores, environment: config.appEnv, signupRateLimit: rateLimits.emailSignup });

  await registerSpa(app, config.webDist);
  return app;
}
