import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { JobDefinition } from '../jobs/runner';
import { databaseRateLimitStore, pruneRateLimitWindows } from '../rate-limits/database-store';
import { type RateLimitTables, rateLimitTablesOf } from '../rate-limits/tables';
import { FunctionError } from './errors';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/**
 * Where the counts live: in this instance's memory (one instance: SQLite), in the shared
 * database (instances on PostgreSQL), or in Redis (REDIS_URL, the library's own store).
 */
export type RateLimitBackend =
  | { kind: 'instance' }
  | { kind: 'database'; db: Kysely<RateLimitTables>; secret: string }
  | { kind: 'redis'; url: string };

/** Counts in the database `db` (the identity store of instances on PostgreSQL), keyed under their shared `secret`. */
export function sharedDatabase<Database extends RateLimitTables>(
  db: Kysely<Database>,
  secret: string,
): RateLimitBackend {
  return { kind: 'database', db: rateLimitTablesOf(db), secret };
}

/** Redis's keys of the limits start with this, so one Redis can serve other programs too. */
const REDIS_NAMESPACE = 'outpost-rate-limit:';

function storeOptions(app: FastifyInstance, backend: RateLimitBackend): Partial<RateLimitPluginOptions> {
  switch (backend.kind) {
    case 'instance':
      return {};
    case 'database':
      return { store: databaseRateLimitStore(backend.db, { secret: backend.secret }) };
    case 'redis': {
      // A command waits through one reconnection at most: with Redis away, a limited call
      // answers 503 within a second instead of hanging (storeTrouble knows the client's words).
      const redis = new Redis(backend.url, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
      let reported = false;
      redis.on('error', (error: Error) => {
        if (!reported) app.log.warn({ err: error }, "The rate limits' Redis is not answering.");
        reported = true;
      });
      redis.on('ready', () => {
        reported = false;
      });
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      return { redis, nameSpace: REDIS_NAMESPACE };
    }
  }
}

/** The periodic work a backend needs: the database's ended windows are deleted hourly. */
export function rateLimitJobs(backend: RateLimitBackend): JobDefinition[] {
  if (backend.kind !== 'database') return [];
  return [
    {
      name: 'rate-limits.prune',
      everyMs: 60 * 60_000,
      run: async () => {
        await pruneRateLimitWindows(backend.db, new Date());
      },
    },
  ];
}

/** Registers the limiter; routes opt in with `config: { rateLimit: limitTo(...) }`. */
export async function registerRateLimiting(app: FastifyInstance, backend: RateLimitBackend): Promise<void> {
  await app.register(rateLimit, {
    ...storeOptions(app, backend),
    global: false,
    // After the access, attestation and CSRF checks (onRequest), before the body is read: a
    // refused request does not spend the client's budget for the calls it may make.
    hook: 'preParsing',
    // Retry-After and the limits go on the refusal; a header trio on every allowed answer
    // costs each call more than the count itself and tells a well-behaved client nothing.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) =>
      new FunctionError(
        'resource-exhausted',
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
}

export function limitTo(limit: RateLimit) {
  return { max: limit.max, timeWindow: limit.windowMs };
}

/**
 * A rate limit's key for routes of signed-in players: the player's id, so players behind one
 * carrier or campus address keep budgets of their own; the client address for anyone else.
 */
export async function perViewer(request: FastifyRequest): Promise<string> {
  return (await request.viewer())?.userId ?? request.ip;
}
