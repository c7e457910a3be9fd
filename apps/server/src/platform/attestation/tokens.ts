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

/** Signed (HS256 JWT), expiring attestation tokens. */
export function createAttestationTokens(options: {
  key: Uint8Array;
  ttlSeconds: number;
  now: () => Date;
}): AttestationTokens {
  const { key, ttlSeconds, now } = options;
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
        return { valid: true, claims: { sub: sub as AttestationSubject, iat, exp, jti } };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { valid: false, reason: 'expired' };
        if (error instanceof errors.JOSEError) return { valid: false, reason: 'invalid' };
        throw error;
      }
    },
  };
}
