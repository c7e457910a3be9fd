import { ATTESTATION_HEADER, ATTESTATION_HEADER_ALIAS } from '@outpost/contracts/attestation';
import type { Environment } from '@outpost/contracts/environments';
import type { FastifyRequest } from 'fastify';
import { FunctionError } from '../http/errors';
import { ATTESTATION_MESSAGES } from './messages';
import type { TokenVerdict } from './tokens';

/**
 * How strictly a route's attestation is checked:
 * - off: not looked at;
 * - monitor: verified, and a missing or invalid token is logged, never refused (rolling out);
 * - enforce: a missing, invalid or expired token is refused with 401 unauthenticated.
 */
export const ATTESTATION_MODES = ['off', 'monitor', 'enforce'] as const;
export type AttestationMode = (typeof ATTESTATION_MODES)[number];

/** Production refuses calls without a valid token; other environments only log them. */
export function defaultAttestationMode(appEnv: Environment): AttestationMode {
  return appEnv === 'production' ? 'enforce' : 'monitor';
}

/** Fastify keys headers in lower case. */
const HEADER_NAMES = [ATTESTATION_HEADER.toLowerCase(), ATTESTATION_HEADER_ALIAS.toLowerCase()];

/** The token a request carries, from the mobile client's header or our own; undefined if none. */
export function readAttestationToken(request: FastifyRequest): string | undefined {
  for (const name of HEADER_NAMES) {
    const value = request.headers[name];
    // A repeated header arrives comma-joined and then fails verification, as it should.
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

export type VerifyAttestationToken = (token: string) => Promise<TokenVerdict>;

/** Applies `mode` to the request's attestation token; throws only in enforce mode. */
export async function checkAttestation(
  request: FastifyRequest,
  mode: AttestationMode,
  verify: VerifyAttestationToken,
): Promise<void> {
  if (mode === 'off') return;
  const token = readAttestationToken(request);
  const reason = token === undefined ? 'missing' : await verify(token).then((v) => (v.valid ? undefined : v.reason));
  if (reason === undefined) return;
  if (mode === 'enforce') throw new FunctionError('unauthenticated', ATTESTATION_MESSAGES.tokenRequired);
  request.log.warn(
    { attestation: reason, route: request.routeOptions.url },
    'request without a valid attestation token',
  );
}
