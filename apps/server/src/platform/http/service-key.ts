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

/** Service keys kept in a store besides the configured ones (the back office makes and revokes them). */
export interface StoredServiceKeys {
  /** Whether the environment has a stored key in force. */
  any(environment: Environment): Promise<boolean>;
  /** Whether `digest` (hex SHA-256 of a sent key) is a stored key in force of the environment; notes its use. */
  use(environment: Environment, digest: string): Promise<boolean>;
}

/**
 * The `service` access check (platform/http/access.ts) over each environment's service keys: the
 * configured one (`INGEST_<ENV>_KEY`) and those kept in a store. The game's servers send
 * `Authorization: Bearer <key>`. An environment with no key at all takes no calls (503); a missing
 * or wrong key is 401. The configured key is compared in constant time; stored keys are looked up by
 * digest.
 */
export function serviceKeyCheck(keys: Readonly<Record<Environment, string | undefined>>, stored?: StoredServiceKeys) {
  const digests = Object.fromEntries(
    Object.entries(keys).map(([environment, key]) => [environment, key === undefined ? undefined : secretDigest(key)]),
  ) as Record<Environment, Buffer | undefined>;
  const refuse = async (environment: Environment, refusal: FunctionError) => {
    if (digests[environment] || (await stored?.any(environment))) throw refusal;
    throw new FunctionError(
      'unavailable',
      `Ingestion is not configured for ${environment}: it has no service key (make one in the back office, or set INGEST_${environment.toUpperCase()}_KEY).`,
    );
  };
  return async (request: FastifyRequest, environment: Environment): Promise<void> => {
    const sent = bearerToken(request);
    if (sent === undefined) {
      return refuse(
        environment,
        new FunctionError(
          'unauthenticated',
          `This call needs a service key of ${environment}: send Authorization: Bearer <key>.`,
        ),
      );
    }
    const sentDigest = secretDigest(sent);
    const expected = digests[environment];
    if (expected && timingSafeEqual(sentDigest, expected)) return;
    if (stored && (await stored.use(environment, sentDigest.toString('hex')))) return;
    return refuse(
      environment,
      new FunctionError('unauthenticated', `That is not a service key of ${environment} in force.`),
    );
  };
}
