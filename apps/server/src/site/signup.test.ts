import { SIGNUP_MESSAGES } from '@outpost/contracts/site';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { countEmailSignups, findEmailSignup } from './queries';

const signup = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/callable/signupForEmails',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe.each(TEST_DIALECTS)('signupForEmails on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(async () => {
    await t.cleanup();
  });
  const db = () => t.stores.game.development;

  it('stores the normalised address in the APP_ENV store and answers {data}', async () => {
    const response = await signup(t, { data: '  Rider.One@Example.COM ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { email: 'rider.one@example.com', created: true } });
    const row = await findEmailSignup(db(), 'rider.one@example.com');
    expect(row?.source).toBe('landing');
    expect(Number.isNaN(Date.parse(row?.created_at ?? ''))).toBe(false);
    expect(await countEmailSignups(t.stores.game.beta)).toBe(0);
  });

  it('treats a second signup of the same address as a success and keeps one row', async () => {
    expect((await signup(t, { data: 'dup@example.com' })).json()).toEqual({
      data: { email: 'dup@example.com', created: true },
    });
    const again = await signup(t, { data: 'DUP@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { email: 'dup@example.com', created: false } });
    expect(await countEmailSignups(db())).toBe(1);
  });

  it('keeps one row when the same address arrives on many connections at once', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${base}/api/callable/signupForEmails`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ data: 'race@example.com' }),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { data: { created: boolean } },
        })),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(results.filter((r) => r.body.data.created === true)).toHaveLength(1);
    expect(await countEmailSignups(db())).toBe(1);
  });

  it.each([
    ['empty', ''],
    ['five characters', 'a@b.c'],
    ['no @', 'someone.example.com'],
    ['only spaces', '       '],
    ['not a string', 42],
    ['too long', `${'x'.repeat(250)}@example.com`],
  ])('refuses %s with 400 and the message of docs/product.md §5.1', async (_label, value) => {
    const response = await signup(t, { data: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: SIGNUP_MESSAGES.invalidEmail, requestId: expect.any(String) },
    });
    expect(await countEmailSignups(db())).toBe(0);
  });

  it.each([
    ['malformed JSON', '{"data": "a@b.com"', 'The request body is not valid JSON.'],
    [
      'a top-level field besides data',
      { data: 'ok@example.com', extra: 1 },
      'The request body must hold only a data field.',
    ],
    ['no data field', { email: 'ok@example.com' }, 'The request body must have a data field.'],
    ['an array body', ['ok@example.com'], 'The request body must be a JSON object with a data field.'],
  ])('answers %s with a clear 400', async (_label, payload, message) => {
    const response = await signup(t, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message, requestId: expect.any(String) } });
  });

  it('answers a body that is not JSON with a clear 400', async () => {
    const response = await signup(t, 'email=a@b.com', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.status).toBe('INVALID_ARGUMENT');
    expect(response.json().error.message).toBe('Send the request body as application/json.');
  });

  it('counts the list for the landing page', async () => {
    await signup(t, { data: 'one@example.com' });
    await signup(t, { data: 'two@example.com' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/callable/signupCount',
      payload: { data: null },
    });
    expect(response.json()).toEqual({ data: { count: 2 } });
  });
});

describe('signupForEmails rate limit', () => {
  it('answers 429 resource-exhausted past the per-client limit and stores nothing more', async () => {
    const t = await buildTestApp('sqlite', { rateLimits: { emailSignup: { max: 3, windowMs: 60_000 } } });
    try {
      for (let i = 0; i < 3; i += 1) expect((await signup(t, { data: `n${i}@example.com` })).statusCode).toBe(200);
      const limited = await signup(t, { data: 'n4@example.com' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.status).toBe('RESOURCE_EXHAUSTED');
      expect(limited.json().error.message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
      expect(await countEmailSignups(t.stores.game.development)).toBe(3);
      // The limit is per client: another address still gets through.
      const fromElsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/callable/signupForEmails',
        remoteAddress: '10.1.2.3',
        payload: { data: 'n6@example.com' },
      });
      expect(fromElsewhere.statusCode).toBe(200);
    } finally {
      await t.cleanup();
    }
  });
});

describe('rate limits behind a reverse proxy', () => {
  it('key on the client the trusted proxy names, whatever the client wrote before it', async () => {
    const t = await buildTestApp('sqlite', {
      config: { trustProxy: 1 },
      rateLimits: { emailSignup: { max: 2, windowMs: 60_000 } },
    });
    try {
      const viaProxy = (spoofed: string, client: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/callable/signupForEmails',
          remoteAddress: '10.9.9.9',
          headers: { 'x-forwarded-for': `${spoofed}, ${client}` },
          payload: { data: `${spoofed}@example.com` },
        });
      expect((await viaProxy('1.1.1.1', '203.0.113.7')).statusCode).toBe(200);
      expect((await viaProxy('2.2.2.2', '203.0.113.7')).statusCode).toBe(200);
      expect((await viaProxy('3.3.3.3', '203.0.113.7')).statusCode).toBe(429);
      expect((await viaProxy('4.4.4.4', '198.51.100.1')).statusCode).toBe(200);
    } finally {
      await t.cleanup();
    }
  });
});
