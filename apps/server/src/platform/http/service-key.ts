import { createHash, timingSafeEqual } from 'node:crypto';
import type { Environment } from '@outpost/contracts/environments';
import type { FastifyRequest } from 'fastify';
import { FunctionError } from './errors';

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** Digests have one length whatever the keys', so comparing them neither fails early nor leaks a length. */
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * The `service` access check (platform/http/access.ts) over each environment's service key
 * (config `INGEST_<ENV>_KEY`): the game's servers send `Authorization: Bearer <key>`. An
 * environment without a key takes no calls at all (503); a missing or wrong key is 401. Keys
 * are compared in constant time.
 */
export function serviceKeyCheck(keys: Readonly<Record<Environment, string | undefined>>) {
  const digests = Object.fromEntries(
    Object.entries(keys).map(([environment, key]) => [environment, key === undefined ? undefined : digest(key)]),
  ) as Record<Environment, Buffer | undefined>;
  return (request: FastifyRequest, environment: Environment): void => {
    const expected = digests[environment];
    if (!expected) {
      throw new FunctionError(
        'unavailable',
        `Ingestion is not configured for ${environment}: the server has no INGEST_${environment.toUpperCase()}_KEY.`,
      );
    }
    const sent = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (sent === undefined) {
      throw new FunctionError(
        'unauthenticated',
        `This call needs the service key of ${environment}: send Authorization: Bearer <key>.`,
      );
    }
    if (!timingSafeEqual(digest(sent), expected)) {
      throw new FunctionError('unauthenticated', `That is not the service key of ${environment}.`);
    }
  };
}
