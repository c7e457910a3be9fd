import { createHash, timingSafeEqual } from 'node:crypto';
import type { Environment } from '@outpost/contracts/environments';
import type { FastifyRequest } from 'fastify';
import { FunctionError } from './errors';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The token of an `Authorization: Bearer <token>` header; undefined without one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/** Digests have one length whatever the keys', so comparing them neither fails early nor leaks a length. */
export const secretDigest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** What a sent key is among an environment's stored keys: one in force (its use noted), one revoked and when, or none. */
export type StoredKeyUse = { status: 'in-force' } | { status: 'revoked'; revokedAt: string } | { status: 'unknown' };

/** Service keys kept in a store besides the configured ones (the back office makes and revokes them). */
export interface StoredServiceKeys {
  /** Whether the environment has a stored key in force. */
  any(environment: Environment): Promise<boolean>;
  /** What `digest` (hex SHA-256 of a sent key) is among the environment's stored keys; notes the use of one in force. */
  use(environment: Environment, digest: string): Promise<StoredKeyUse>;
}

const refusal = (message: string) => new FunctionError('unauthenticated', message);

/**
 * The `service` access check (platform/http/access.ts) over each environment's service keys: the
 * configured one (`INGEST_<ENV>_KEY`) and those kept in a store. The game's servers send
 * `Authorization: Bearer <key>`. A missing, unknown or revoked key is 401 with the reason, whatever
 * keys the environment has: a game server retries a 503 for ever, and a key that stopped working is
 * not the server being down. The configured key is compared in constant time; stored keys are
 * looked up by digest.
 */
export function serviceKeyCheck(keys: Readonly<Record<Environment, string | undefined>>, stored?: StoredServiceKeys) {
  const digests = Object.fromEntries(
    Object.entries(keys).map(([environment, key]) => [environment, key === undefined ? undefined : secretDigest(key)]),
  ) as Record<Environment, Buffer | undefined>;
  /** What a refusal adds when the environment has no key in force at all: how to give it one. */
  const noKeyYet = async (environment: Environment) =>
    digests[environment] || (await stored?.any(environment))
      ? ''
      : ` ${environment} has no service key in force: make one in the back office, or set INGEST_${environment.toUpperCase()}_KEY.`;
  return async (request: FastifyRequest, environment: Environment): Promise<void> => {
    const sent = bearerToken(request);
    if (sent === undefined) {
      throw refusal(
        `This call needs a service key of ${environment}: send Authorization: Bearer <key>.${await noKeyYet(environment)}`,
      );
    }
    const sentDigest = secretDigest(sent);
    const expected = digests[environment];
    if (expected && timingSafeEqual(sentDigest, expected)) return;
    const found = stored ? await stored.use(environment, sentDigest.toString('hex')) : { status: 'unknown' as const };
    if (found.status === 'in-force') return;
    if (found.status === 'revoked') {
      throw refusal(
        `This service key of ${environment} was revoked at ${found.revokedAt}: send a key in force.${await noKeyYet(environment)}`,
      );
    }
    throw refusal(`That is not a service key of ${environment}.${await noKeyYet(environment)}`);
  };
}
