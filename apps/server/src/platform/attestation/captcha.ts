import { randomInt } from 'node:crypto';
import { CAPTCHA_ALGORITHM, type CaptchaChallenge, captchaPayloadSchema } from '@outpost/contracts/attestation';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod/mini';
import type { AttestationKeys } from './keys';

/**
 * How hard a challenge is. In deterministic mode the solver tries counters 0, 1, 2, ... until it
 * reaches the secret `counter`, so a solve costs `counter` PBKDF2 runs of `cost` iterations.
 */
export interface CaptchaDifficulty {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The secret counter is drawn uniformly from [counterMin, counterMax]. */
  counterMin: number;
  counterMax: number;
}

/**
 * At cost 1000 altcha-lib's WebCrypto solver takes 0.23–0.38 ms per attempt on one thread (headless
 * Chromium and Node 20, 2-core machine): counters 2000–5000 solve in about 0.75–1.6 s. A slow phone
 * may take a few times that, still well inside the challenge's 5 minutes.
 */
export const DEFAULT_CAPTCHA_DIFFICULTY: CaptchaDifficulty = { cost: 1000, counterMin: 2000, counterMax: 5000 };

/** A challenge must be solved and exchanged within this time. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export type CaptchaVerdict =
  | { ok: true; nonce: string; expiresAt: Date }
  | { ok: false; reason: 'malformed' | 'expired' | 'rejected' };

export interface Captcha {
  createChallenge(): Promise<CaptchaChallenge>;
  /** Checks a base64 ALTCHA payload; stateless, so the caller guards against replay. */
  verify(captchaToken: string): Promise<CaptchaVerdict>;
}

function decodePayload(captchaToken: string) {
  try {
    const json: unknown = JSON.parse(Buffer.from(captchaToken, 'base64').toString('utf8'));
    const parsed = z.safeParse(captchaPayloadSchema, json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createCaptcha(options: {
  keys: AttestationKeys;
  difficulty: CaptchaDifficulty;
  now: () => Date;
}): Captcha {
  const { keys, difficulty, now } = options;
  const { cost, counterMin, counterMax } = difficulty;
  if (
    ![cost, counterMin, counterMax].every(Number.isSafeInteger) ||
    cost < 1 ||
    counterMin < 0 ||
    counterMin > counterMax
  ) {
    throw new Error(`Invalid captcha difficulty ${JSON.stringify(difficulty)}.`);
  }
  const secrets = {
    hmacSignatureSecret: keys.challengeSignature,
    hmacKeySignatureSecret: keys.derivedKeySignature,
  };

  return {
    async createChallenge() {
      const { parameters, signature } = await createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost,
        counter: randomInt(counterMin, counterMax + 1),
        deriveKey,
        expiresAt: new Date(now().getTime() + CHALLENGE_LIFETIME_MS),
        ...secrets,
      });
      // Signed because a signature secret is always given; a spread keeps every parameter it covers.
      if (signature === undefined) throw new Error('altcha-lib returned an unsigned challenge.');
      return { parameters: { ...parameters }, signature };
    },

    async verify(captchaToken) {
      const payload = decodePayload(captchaToken);
      if (!payload) return { ok: false, reason: 'malformed' };
      const { expiresAt, nonce } = payload.challenge.parameters;
      // Every challenge we sign has an expiry; one without it was not made here.
      if (expiresAt === undefined) return { ok: false, reason: 'rejected' };
      // Checked against our clock before the signature: altcha-lib checks the wall clock only.
      if (expiresAt * 1000 <= now().getTime()) return { ok: false, reason: 'expired' };
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        ...secrets,
      });
      if (result.expired) return { ok: false, reason: 'expired' };
      if (!result.verified) return { ok: false, reason: 'rejected' };
      return { ok: true, nonce, expiresAt: new Date(expiresAt * 1000) };
    },
  };
}
