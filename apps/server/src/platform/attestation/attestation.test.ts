import {
  ATTESTATION_PATHS,
  type CaptchaChallenge,
  EXCHANGE_REQUEST_SHAPE_MESSAGE,
  TTL_PATTERN,
} from '@outpost/contracts/attestation';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { registerErrorHandler } from '../http/errors';
import { registerRateLimiting } from '../http/rate-limit';
import { useContractSchemas } from '../http/route-schemas';
import { type Attestation, type AttestationOptions, createAttestation } from './attestation';
import { type CaptchaDifficulty, CHALLENGE_LIFETIME_MS, DEFAULT_CAPTCHA_DIFFICULTY } from './captcha';
import { defaultAttestationMode } from './enforcement';
import { ATTESTATION_MESSAGES } from './messages';
import type { AttestationTables } from './tables';

/** Solves in a few milliseconds, so the suite tests the protocol rather than the CPU. */
const FAST: CaptchaDifficulty = { cost: 10, counterMin: 5, counterMax: 40 };
const SECRET = 'test-secret-of-at-least-thirty-two-characters';
const DEBUG_TOKEN = 'debug-token-for-tests';

interface Harness {
  app: FastifyInstance;
  attestation: Attestation;
  identity: Kysely<AttestationTables>;
  clock: { ms: number };
  logs: string[];
  advance(ms: number): void;
}

const exchange = (h: Harness, body: unknown) =>
  h.app.inject({
    method: 'POST',
    url: ATTESTATION_PATHS.exchange,
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function fetchChallenge(h: Harness): Promise<CaptchaChallenge> {
  const response = await h.app.inject({ method: 'GET', url: ATTESTATION_PATHS.challenge });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** What the browser does: fetch a challenge, solve it, base64 the payload. */
async function solvedCaptchaToken(h: Harness): Promise<string> {
  const challenge = await fetchChallenge(h);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The error an answer carries, less the request id every error answer shows (checked here). */
const errorOf = (response: LightMyRequestResponse) => {
  const { requestId, ...error } = (response.json() as { error: { status: string; message: string; requestId: string } })
    .error;
  expect(requestId).toEqual(expect.any(String));
  return error;
};

describe.each(TEST_DIALECTS)('attestation on %s', (dialect) => {
  /**
   * One set of stores for the file (migrating fresh ones for every test was most of its time),
   * its one table emptied before each test: each starts with no used challenge, as on new stores.
   */
  let stores: TestStores;
  let identity: Kysely<AttestationTables>;
  beforeAll(async () => {
    stores = await openTestStores(dialect);
    // The migrations made the tables; the store's type names them once IdentityDatabase composes them.
    identity = stores.stores.identity as unknown as Kysely<AttestationTables>;
  });
  afterAll(async () => {
    await stores?.cleanup();
  });
  beforeEach(async () => {
    await identity.deleteFrom('attestation_used_challenges').execute();
  });
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  async function harness(options: Partial<AttestationOptions> = {}): Promise<Harness> {
    const clock = { ms: Date.now() };
    const logs: string[] = [];
    const attestation = createAttestation({
      identity,
      secret: SECRET,
      appEnv: 'development',
      mode: 'enforce',
      debugTokens: [DEBUG_TOKEN],
      allowDebugInProduction: false,
      tokenTtlSeconds: 3600,
      rateLimit: { max: 1000, windowMs: 60_000 },
      captchaDifficulty: FAST,
      now: () => new Date(clock.ms),
      ...options,
    });
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } } });
    registerErrorHandler(app);
    useContractSchemas(app);
    await registerRateLimiting(app, { kind: 'instance' });
    attestation.registerRoutes(app);
    app.get('/probe', async (request) => {
      await attestation.check(request);
      return { ok: true };
    });
    await app.ready();
    apps.push(app);
    return { app, attestation, identity, clock, logs, advance: (ms) => (clock.ms += ms) };
  }

  describe('challenge', () => {
    it('answers a signed PBKDF2/SHA-256 challenge that expires in 5 minutes and is not cached', async () => {
      const h = await harness({ captchaDifficulty: DEFAULT_CAPTCHA_DIFFICULTY });
      const response = await h.app.inject({ method: 'GET', url: ATTESTATION_PATHS.challenge });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const challenge: CaptchaChallenge = response.json();
      expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, keyLength: 32 });
      // Deterministic mode: the expected key is signed, so verifying needs no key derivation.
      expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(challenge.parameters.expiresAt).toBe(Math.floor((h.clock.ms + CHALLENGE_LIFETIME_MS) / 1000));
    });

    it('at the default difficulty, is solved and exchanged', async () => {
      const h = await harness({ captchaDifficulty: DEFAULT_CAPTCHA_DIFFICULTY });
      const started = performance.now();
      const captchaToken = await solvedCaptchaToken(h);
      const solveMs = performance.now() - started;
      expect((await exchange(h, { captchaToken })).statusCode).toBe(200);
      // A sanity bound only: node:crypto on one core takes about 0.5-1.3 s here.
      expect(solveMs).toBeLessThan(10_000);
    });

    it('is rate-limited', async () => {
      const h = await harness({ rateLimit: { max: 2, windowMs: 60_000 } });
      await fetchChallenge(h);
      await fetchChallenge(h);
      const limited = await h.app.inject({ method: 'GET', url: ATTESTATION_PATHS.challenge });
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).status).toBe('RESOURCE_EXHAUSTED');
    });
  });

  describe('captcha exchange', () => {
    it('trades a solved challenge for a token that verifies', async () => {
      const h = await harness();
      const response = await exchange(h, { captchaToken: await solvedCaptchaToken(h) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['token', 'ttl']);
      expect(body.ttl).toBe('3600s');
      const verdict = await h.attestation.verifyAttestationToken(body.token);
      if (!verdict.valid) throw new Error(`token refused: ${verdict.reason}`);
      expect(verdict.claims.sub).toBe('captcha');
      expect(verdict.claims.exp - verdict.claims.iat).toBe(3600);
      expect(verdict.claims.iat).toBe(Math.floor(h.clock.ms / 1000));
      expect(verdict.claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers the configured lifetime in the service format', async () => {
      const h = await harness({ tokenTtlSeconds: 90 });
      const body = (await exchange(h, { captchaToken: await solvedCaptchaToken(h) })).json();
      expect(body.ttl).toBe('90s');
      expect(body.ttl).toMatch(TTL_PATTERN);
    });

    it('issues tokens with distinct ids', async () => {
      const h = await harness();
      const tokens = await Promise.all(
        [0, 1].map(async () => (await exchange(h, { captchaToken: await solvedCaptchaToken(h) })).json().token),
      );
      expect(new Set(tokens).size).toBe(2);
    });

    // Captcha failures answer 400: a 403 would throttle the client for 24 hours (docs/product.md §4.7), which is
    // meant for a refused client, not for a stale or wrong solution.
    it('refuses a solution used before', async () => {
      const h = await harness();
      const captchaToken = await solvedCaptchaToken(h);
      expect((await exchange(h, { captchaToken })).statusCode).toBe(200);
      const replay = await exchange(h, { captchaToken });
      expect(replay.statusCode).toBe(400);
      expect(errorOf(replay)).toEqual({ status: 'INVALID_ARGUMENT', message: ATTESTATION_MESSAGES.captchaReplayed });
    });

    it('accepts exactly one of several concurrent exchanges of one solution', async () => {
      const h = await harness();
      const captchaToken = await solvedCaptchaToken(h);
      const responses = await Promise.all(Array.from({ length: 8 }, () => exchange(h, { captchaToken })));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
      for (const refused of responses.filter((response) => response.statusCode === 400)) {
        expect(errorOf(refused).message).toBe(ATTESTATION_MESSAGES.captchaReplayed);
      }
    });

    it('refuses tampered payloads', async () => {
      const h = await harness();
      const challenge = await fetchChallenge(h);
      const solution = await solveChallenge({ challenge, deriveKey });
      if (!solution) throw new Error('not solved');
      const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');
      const tampered = [
        // A cheaper challenge than the one signed.
        { challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution },
        // A later expiry than the one signed.
        {
          challenge: { ...challenge, parameters: { ...challenge.parameters, expiresAt: 4_000_000_000 } },
          solution,
        },
        // A guessed key instead of the derived one.
        { challenge, solution: { ...solution, derivedKey: 'ab'.repeat(32) } },
        // Signed by someone else.
        { challenge: { ...challenge, signature: 'cd'.repeat(32) }, solution },
      ];
      for (const payload of tampered) {
        const response = await exchange(h, { captchaToken: encode(payload) });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response)).toEqual({
          status: 'INVALID_ARGUMENT',
          message: ATTESTATION_MESSAGES.captchaRejected,
        });
      }
      // The genuine solution was never spent by those attempts.
      expect((await exchange(h, { captchaToken: encode({ challenge, solution }) })).statusCode).toBe(200);
    });

    it('refuses a challenge from another server secret', async () => {
      const other = await harness({ secret: 'another-secret-of-at-least-thirty-two-chars' });
      const h = await harness();
      const response = await exchange(h, { captchaToken: await solvedCaptchaToken(other) });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(ATTESTATION_MESSAGES.captchaRejected);
    });

    it('refuses a challenge past its 5 minutes', async () => {
      const h = await harness();
      const captchaToken = await solvedCaptchaToken(h);
      h.advance(CHALLENGE_LIFETIME_MS);
      const response = await exchange(h, { captchaToken });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ status: 'INVALID_ARGUMENT', message: ATTESTATION_MESSAGES.captchaExpired });
    });

    it('accepts a challenge just before it expires', async () => {
      const h = await harness();
      const captchaToken = await solvedCaptchaToken(h);
      h.advance(CHALLENGE_LIFETIME_MS - 2000);
      expect((await exchange(h, { captchaToken })).statusCode).toBe(200);
    });

    it('forgets used challenges once they have expired', async () => {
      const h = await harness();
      const at = (ms: number) => new Date(h.clock.ms + ms).toISOString();
      await h.identity
        .insertInto('attestation_used_challenges')
        .values([
          { nonce: 'long-expired', expires_at: at(-10 * 60_000) },
          // Within the grace period that covers clock differences between instances.
          { nonce: 'just-expired', expires_at: at(-10_000) },
          { nonce: 'still-valid', expires_at: at(60_000) },
        ])
        .execute();
      expect((await exchange(h, { captchaToken: await solvedCaptchaToken(h) })).statusCode).toBe(200);
      const left = await h.identity.selectFrom('attestation_used_challenges').select('nonce').execute();
      const nonces = left.map((row) => row.nonce);
      expect(nonces).not.toContain('long-expired');
      expect(nonces).toEqual(expect.arrayContaining(['just-expired', 'still-valid']));
      expect(nonces).toHaveLength(3);
    });

    it('is rate-limited', async () => {
      const h = await harness({ rateLimit: { max: 1, windowMs: 60_000 } });
      await exchange(h, { debugToken: DEBUG_TOKEN });
      const limited = await exchange(h, { debugToken: DEBUG_TOKEN });
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).status).toBe('RESOURCE_EXHAUSTED');
    });
  });

  describe('bad input', () => {
    it.each([
      ['malformed JSON', '{"captchaToken":', 'The request body is not valid JSON.'],
      ['an empty object', {}, EXCHANGE_REQUEST_SHAPE_MESSAGE],
      ['both tokens', { captchaToken: 'a', debugToken: 'b' }, EXCHANGE_REQUEST_SHAPE_MESSAGE],
      ['a JSON array', [], EXCHANGE_REQUEST_SHAPE_MESSAGE],
      ['an empty captcha token', { captchaToken: '' }, 'captchaToken: must not be empty'],
      ['a numeric debug token', { debugToken: 42 }, EXCHANGE_REQUEST_SHAPE_MESSAGE],
      ['a huge captcha token', { captchaToken: 'a'.repeat(5000) }, 'captchaToken: must be at most 4096 characters'],
      [
        'a captcha token that is no ALTCHA payload',
        { captchaToken: 'bm90IGpzb24=' },
        ATTESTATION_MESSAGES.malformedCaptcha,
      ],
      [
        'an ALTCHA payload without a solution',
        { captchaToken: Buffer.from('{"challenge":{}}').toString('base64') },
        ATTESTATION_MESSAGES.malformedCaptcha,
      ],
    ])('answers 400 invalid-argument for %s', async (_name, body, message) => {
      const h = await harness();
      const response = await exchange(h, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ status: 'INVALID_ARGUMENT', message });
    });

    it('answers 400 for a missing body', async () => {
      const h = await harness();
      const response = await h.app.inject({ method: 'POST', url: ATTESTATION_PATHS.exchange });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ status: 'INVALID_ARGUMENT', message: EXCHANGE_REQUEST_SHAPE_MESSAGE });
    });
  });

  describe('debug tokens', () => {
    it('are exchanged in development', async () => {
      const h = await harness();
      const response = await exchange(h, { debugToken: DEBUG_TOKEN });
      expect(response.statusCode).toBe(200);
      const verdict = await h.attestation.verifyAttestationToken(response.json().token);
      expect(verdict.valid && verdict.claims.sub).toBe('debug');
    });

    it('are refused when unknown', async () => {
      const h = await harness();
      const response = await exchange(h, { debugToken: `${DEBUG_TOKEN}x` });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ status: 'PERMISSION_DENIED', message: ATTESTATION_MESSAGES.debugRejected });
    });

    it('are refused in production', async () => {
      const h = await harness({ appEnv: 'production' });
      const response = await exchange(h, { debugToken: DEBUG_TOKEN });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({
        status: 'PERMISSION_DENIED',
        message: ATTESTATION_MESSAGES.debugInProduction,
      });
    });

    it('are accepted in production when explicitly allowed', async () => {
      const h = await harness({ appEnv: 'production', allowDebugInProduction: true });
      expect((await exchange(h, { debugToken: DEBUG_TOKEN })).statusCode).toBe(200);
      expect((await exchange(h, { debugToken: 'unknown' })).statusCode).toBe(403);
    });

    it('are all refused when none is configured', async () => {
      const h = await harness({ debugTokens: [] });
      expect((await exchange(h, { debugToken: DEBUG_TOKEN })).statusCode).toBe(403);
    });
  });

  describe('tokens', () => {
    it('expire after their lifetime', async () => {
      const h = await harness({ tokenTtlSeconds: 600 });
      const { token } = (await exchange(h, { debugToken: DEBUG_TOKEN })).json();
      h.advance(599_000);
      expect((await h.attestation.verifyAttestationToken(token)).valid).toBe(true);
      h.advance(1_000);
      expect(await h.attestation.verifyAttestationToken(token)).toEqual({ valid: false, reason: 'expired' });
    });

    it('do not verify when altered or signed with another secret', async () => {
      const h = await harness();
      const other = await harness({ secret: 'another-secret-of-at-least-thirty-two-chars' });
      const { token } = (await exchange(h, { debugToken: DEBUG_TOKEN })).json();
      const foreign = (await exchange(other, { debugToken: DEBUG_TOKEN })).json().token;
      const [header, payload, signature] = token.split('.');
      const longer = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp: 4e9 }),
      );
      for (const bad of [foreign, `${header}.${longer.toString('base64url')}.${signature}`, 'not-a-token', '']) {
        expect(await h.attestation.verifyAttestationToken(bad)).toEqual({ valid: false, reason: 'invalid' });
      }
    });
  });

  describe('check()', () => {
    const probe = (h: Harness, headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'GET', url: '/probe', headers });
    const tokenFor = async (h: Harness) => (await exchange(h, { debugToken: DEBUG_TOKEN })).json().token as string;

    it('does nothing when off', async () => {
      const h = await harness({ mode: 'off' });
      expect((await probe(h)).statusCode).toBe(200);
      expect((await probe(h, { 'x-firebase-appcheck': 'garbage' })).statusCode).toBe(200);
      expect(h.logs).toEqual([]);
    });

    it('logs but lets through missing and invalid tokens when monitoring', async () => {
      const h = await harness({ mode: 'monitor' });
      expect((await probe(h)).statusCode).toBe(200);
      expect((await probe(h, { 'x-firebase-appcheck': 'garbage' })).statusCode).toBe(200);
      const warnings = h.logs.map((line) => JSON.parse(line));
      expect(warnings.map((w) => w.attestation)).toEqual(['missing', 'invalid']);
      expect(warnings.every((w) => w.msg === 'request without a valid attestation token')).toBe(true);
      expect((await probe(h, { 'x-firebase-appcheck': await tokenFor(h) })).statusCode).toBe(200);
      expect(h.logs).toHaveLength(2);
    });

    it('refuses missing, invalid and expired tokens when enforcing', async () => {
      const h = await harness({ mode: 'enforce', tokenTtlSeconds: 60 });
      const token = await tokenFor(h);
      expect((await probe(h, { 'X-Firebase-AppCheck': token })).statusCode).toBe(200);
      expect((await probe(h, { 'X-Outpost-Attestation': token })).statusCode).toBe(200);
      const refusals = [
        await probe(h),
        await probe(h, { 'x-firebase-appcheck': '' }),
        await probe(h, { 'x-firebase-appcheck': `${token}x` }),
      ];
      h.advance(60_000);
      refusals.push(await probe(h, { 'x-firebase-appcheck': token }));
      for (const response of refusals) {
        expect(response.statusCode).toBe(401);
        expect(errorOf(response)).toEqual({ status: 'UNAUTHENTICATED', message: ATTESTATION_MESSAGES.tokenRequired });
      }
    });

    it('exposes its mode', async () => {
      expect((await harness({ mode: 'monitor' })).attestation.mode).toBe('monitor');
    });
  });
});

describe('attestation configuration', () => {
  const base = {
    // The options are checked before the store is used.
    identity: {} as Kysely<AttestationTables>,
    secret: SECRET,
    appEnv: 'development',
    mode: 'enforce',
    debugTokens: [],
    allowDebugInProduction: false,
    tokenTtlSeconds: 3600,
    rateLimit: { max: 10, windowMs: 60_000 },
  } satisfies AttestationOptions;

  it('enforces in production and monitors elsewhere by default', () => {
    expect(defaultAttestationMode('production')).toBe('enforce');
    expect(defaultAttestationMode('beta')).toBe('monitor');
    expect(defaultAttestationMode('development')).toBe('monitor');
  });

  it('refuses a short secret, a bad lifetime, an unknown mode and a bad difficulty', () => {
    expect(() => createAttestation({ ...base, secret: 'x'.repeat(31) })).toThrow(/at least 32 characters/);
    expect(() => createAttestation({ ...base, tokenTtlSeconds: 0 })).toThrow(/positive whole number/);
    expect(() => createAttestation({ ...base, tokenTtlSeconds: 1.5 })).toThrow(/positive whole number/);
    expect(() => createAttestation({ ...base, mode: 'strict' as 'off' })).toThrow(/Unknown attestation mode/);
    expect(() =>
      createAttestation({ ...base, captchaDifficulty: { cost: 1000, counterMin: 10, counterMax: 5 } }),
    ).toThrow(/Invalid captcha difficulty/);
  });
});
