import { ATTESTATION_PATHS } from '@outpost/contracts/attestation';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { solveCaptchaOverHttp } from './captcha-solver';

const secrets = { hmacSignatureSecret: 'challenge-secret', hmacKeySignatureSecret: 'key-secret' };

describe('the browser captcha solver', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches a challenge and answers a payload the server verifies', async () => {
    const challenge = await createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 25,
      deriveKey,
      expiresAt: new Date(Date.now() + 60_000),
      ...secrets,
    });
    const fetchMock = vi.fn(async () => Response.json(challenge));
    vi.stubGlobal('fetch', fetchMock);

    const payload = JSON.parse(atob(await solveCaptchaOverHttp()));
    expect(fetchMock).toHaveBeenCalledWith(ATTESTATION_PATHS.challenge, { cache: 'no-store' });
    expect(payload.solution.counter).toBe(25);
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      ...secrets,
    });
    expect(result.verified).toBe(true);
  });

  it('fails when the challenge cannot be had', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 429 }));
    await expect(solveCaptchaOverHttp()).rejects.toThrow('The captcha challenge answered HTTP 429.');
    vi.stubGlobal('fetch', async () => Response.json({ parameters: {} }));
    await expect(solveCaptchaOverHttp()).rejects.toThrow();
  });
});
