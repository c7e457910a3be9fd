import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FunctionError } from './errors';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Registers the limiter; routes opt in with `config: { rateLimit: limitTo(...) }`. */
export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
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
