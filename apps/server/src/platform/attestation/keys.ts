import { createHmac } from 'node:crypto';

/** The smallest secret accepted: 32 characters of a random string carry at least 128 bits. */
export const MIN_SECRET_LENGTH = 32;

/** One key per purpose, so a value signed for one purpose never verifies as another. */
export interface AttestationKeys {
  /** Signs a captcha challenge's parameters (ALTCHA `hmacSignatureSecret`). */
  challengeSignature: string;
  /** Signs the expected derived key in deterministic mode (ALTCHA `hmacKeySignatureSecret`). */
  derivedKeySignature: string;
  /** Signs attestation tokens (HS256). */
  token: Uint8Array;
}

const derive = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`outpost-attestation:${purpose}`).digest();

/** Derives the purpose keys from the one configured secret. */
export function deriveAttestationKeys(secret: string): AttestationKeys {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The attestation secret must be at least ${MIN_SECRET_LENGTH} characters long.`);
  }
  return {
    challengeSignature: derive(secret, 'challenge').toString('hex'),
    derivedKeySignature: derive(secret, 'derived-key').toString('hex'),
    token: new Uint8Array(derive(secret, 'token')),
  };
}
