import { randomUUID } from 'node:crypto';
import { formatTtl } from '@outpost/contracts/attestation';
import { errors, jwtVerify, SignJWT } from 'jose';

/** How the client proved itself when the token was issued. */
export type AttestationSubject = 'captcha' | 'debug';

export interface AttestationClaims {
  sub: AttestationSubject;
  /** Unix seconds. */
  iat: number;
  exp: number;
  /** Random id, so two tokens issued in the same second differ and one can be traced in logs. */
  jti: string;
}

export type TokenVerdict = { valid: true; claims: AttestationClaims } | { valid: false; reason: 'invalid' | 'expired' };

export interface IssuedToken {
  token: string;
  /** The lifetime in the service's format, e.g. '3600s'. */
  ttl: string;
}

export interface AttestationTokens {
  issue(subject: AttestationSubject): Promise<IssuedToken>;
  verify(token: string): Promise<TokenVerdict>;
}

// Ties tokens to this service; the key is already purpose-bound, this names it in the token.
const ISSUER = 'outpost-attestation';
const ALGORITHM = 'HS256';
const SUBJECTS: readonly string[] = ['captcha', 'debug'] satisfies AttestationSubject[];

/**
 * Tokens verified lately, by token text. The game sends the same token with every call for an
 * hour, and verifying a signature through WebCrypto costs more than the call's own read; a
 * token whose signature checked out stays good until its expiry, which is still checked.
 */
const VERIFIED_CACHE_SIZE = 10_000;

/** Signed (HS256 JWT), expiring attestation tokens. */
export function createAttestationTokens(options: {
  key: Uint8Array;
  ttlSeconds: number;
  now: () => Date;
}): AttestationTokens {
  const { key, ttlSeconds, now } = options;
  const verified = new Map<string, AttestationClaims>();
  const remember = (token: string, claims: AttestationClaims) => {
    // Oldest first: a Map keeps insertion order, so this forgets the longest-held token.
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value ?? '');
    verified.set(token, claims);
  };
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0) {
    throw new Error(`The attestation token lifetime must be a positive whole number of seconds (got ${ttlSeconds}).`);
  }

  return {
    async issue(subject) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(subject)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .setJti(randomUUID())
        .sign(key);
      return { token, ttl: formatTtl(ttlSeconds) };
    },

    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > now().getTime()) return { valid: true, claims: known };
        verified.delete(token);
        return { valid: false, reason: 'expired' };
      }
      try {
        // No clock tolerance: a few seconds of skew between instances matter little against a
        // lifetime of an hour, and tests can then place expiry to the second.
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: now(),
          requiredClaims: ['sub', 'iat', 'exp', 'jti'],
        });
        const { sub, iat, exp, jti } = payload;
        if (!sub || !SUBJECTS.includes(sub) || iat === undefined || exp === undefined || jti === undefined) {
          return { valid: false, reason: 'invalid' };
        }
        const claims = { sub: sub as AttestationSubject, iat, exp, jti };
        remember(token, claims);
        return { valid: true, claims };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { valid: false, reason: 'expired' };
        if (error instanceof errors.JOSEError) return { valid: false, reason: 'invalid' };
        throw error;
      }
    },
  };
}
