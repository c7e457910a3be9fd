import { ATTESTATION_PATHS, captchaChallengeSchema } from '@outpost/contracts/attestation';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { z } from 'zod/mini';

/** Longer than any honest solve (about a second, a few on a slow phone); the challenge lives 5 min. */
const SOLVE_TIMEOUT_MS = 60_000;

/**
 * Fetches an ALTCHA challenge and solves it with WebCrypto PBKDF2 on the main thread (the solver
 * yields to the event loop every 200 ms). Resolves to the captchaToken the exchange expects.
 */
export async function solveCaptchaOverHttp(): Promise<string> {
  const response = await fetch(ATTESTATION_PATHS.challenge, { cache: 'no-store' });
  if (!response.ok) throw new Error(`The captcha challenge answered HTTP ${response.status}.`);
  const challenge = z.parse(captchaChallengeSchema, await response.json());
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new Error(`The captcha was not solved within ${SOLVE_TIMEOUT_MS / 1000} s.`);
  return btoa(JSON.stringify({ challenge, solution }));
}
