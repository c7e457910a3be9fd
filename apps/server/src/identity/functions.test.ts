import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { findProfile } from './queries';
import { ORIGIN, type SignedIn, signUp } from './testing';

describe.each(TEST_DIALECTS)('identity functions on %s', (dialect) => {
  let t: TestApp;
  let ash: SignedIn;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
    ash = await signUp(t.app, { email: 'ash@example.com' });
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const register = (payload: unknown, headers: Record<string, string> = { authorization: ash.bearer }) =>
    t.app.inject({ method: 'POST', url: '/api/fn/register', headers, payload: payload as object });

  it('register creates the profile of the bearer of the token', async () => {
    const response = await register({ email: 'ash@example.com', displayName: 'Ash_01' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ displayName: 'Ash_01', keys: [] });
    expect(await findProfile(t.stores.identity, ash.userId)).toMatchObject({ displayName: 'Ash_01', keys: [] });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: ash.bearer } });
    expect(me.json().profile.displayName).toBe('Ash_01');
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(21)],
    ['spaces', 'ash ketchum'],
    ['punctuation', 'ash!'],
  ])('register refuses a display name with %s', async (_label, displayName) => {
    const response = await register({ email: 'ash@example.com', displayName });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('Display names are 3 to 20 letters, digits, _ or -.');
    expect(await findProfile(t.stores.identity, ash.userId)).toBeNull();
  });

  it('keeps display names unique regardless of case, also when two accounts race for one', async () => {
    const brook = await signUp(t.app, { email: 'brook@example.com' });
    const misty = await signUp(t.app, { email: 'misty@example.com' });
    const [a, b] = await Promise.all([
      register({ email: 'brook@example.com', displayName: 'Rival' }, { authorization: brook.bearer }),
      register({ email: 'misty@example.com', displayName: 'RIVAL' }, { authorization: misty.bearer }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error).toEqual({
      status: 'ABORTED',
      message: 'That display name is taken. Please pick another.',
      requestId: expect.any(String),
    });
  });

  it('register refuses a second profile, another account’s email, and a visitor', async () => {
    expect((await register({ email: 'ash@example.com', displayName: 'Ash' })).statusCode).toBe(200);
    const twice = await register({ email: 'ash@example.com', displayName: 'Ash2' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This account already has a profile.');
    const other = await signUp(t.app, { email: 'other@example.com' });
    const mismatch = await register(
      { email: 'ash@example.com', displayName: 'Thief' },
      { authorization: other.bearer },
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('The email does not match the signed-in account.');
    const visitor = await register({ email: 'ash@example.com', displayName: 'Ghost' }, {});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toEqual({
      status: 'UNAUTHENTICATED',
      message: 'Please sign in first.',
      requestId: expect.any(String),
    });
  });

  it('check-email tells whether an account uses the address', async () => {
    const exists = await t.app.inject({ url: '/api/fn/check-email?email=ASH@example.com' });
    expect(exists.json()).toEqual({ exists: true });
    expect((await t.app.inject({ url: '/api/fn/check-email?email=nobody@example.com' })).json()).toEqual({
      exists: false,
    });
    const bad = await t.app.inject({ url: '/api/fn/check-email?email=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'email: Invalid Email',
      requestId: expect.any(String),
    });
  });

  it('register-for-email-segment stores a guest or the signed-in account once per segment', async () => {
    const call = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/fn/register-for-email-segment', headers, payload });
    const guest = await call({ segmentID: 'drop-07', email: 'Fan@Example.com', userID: 'guest' });
    expect(guest.json()).toEqual({ segmentID: 'drop-07', email: 'fan@example.com', created: true });
    expect((await call({ segmentID: 'drop-07', email: 'fan@example.com', userID: 'guest' })).json().created).toBe(
      false,
    );
    const own = await call(
      { segmentID: 'drop-07', email: 'ash@example.com', userID: ash.userId },
      { authorization: ash.bearer },
    );
    expect(own.json().created).toBe(true);
    const impostor = await call({ segmentID: 'drop-07', email: 'x@example.com', userID: ash.userId });
    expect(impostor.statusCode).toBe(403);
    const rows = await t.stores.game.development.selectFrom('email_segment_registrations').selectAll().execute();
    expect(rows.map((row) => [row.email, row.user_id]).sort()).toEqual([
      ['ash@example.com', ash.userId],
      ['fan@example.com', 'guest'],
    ]);
    const bad = await call({ segmentID: 'bad segment!', email: 'x@example.com', userID: 'guest' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('segmentID: segmentID must be 1 to 64 letters, digits, _ or -.');
  });

  it('refuses a cookie-session call from another site, and accepts it from our pages', async () => {
    const payload = { email: 'ash@example.com', displayName: 'AshCookie' };
    const forged = await register(payload, { cookie: ash.cookie, origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.message).toBe('This request did not come from an Outpost page.');
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/%61pi/fn/register',
      headers: { cookie: ash.cookie, origin: 'https://evil.example' },
      payload,
    });
    expect(encoded.statusCode).toBe(403);
    const noOrigin = await register(payload, { cookie: ash.cookie });
    expect(noOrigin.statusCode).toBe(403);
    expect((await register(payload, { cookie: ash.cookie, origin: ORIGIN })).statusCode).toBe(200);
  });
});

describe('check-email rate limit', () => {
  it('answers 429 resource-exhausted past the per-client limit', async () => {
    const t = await buildTestApp('sqlite', { rateLimits: { checkEmail: { max: 2, windowMs: 60_000 } } });
    try {
      const check = () => t.app.inject({ url: '/api/fn/check-email?email=probe@example.com' });
      expect((await check()).statusCode).toBe(200);
      expect((await check()).statusCode).toBe(200);
      const limited = await check();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.status).toBe('RESOURCE_EXHAUSTED');
    } finally {
      await t.cleanup();
    }
  });

  it('spends no budget on calls refused for their attestation, and has no HEAD twin', async () => {
    const t = await buildTestApp('sqlite', {
      rateLimits: { checkEmail: { max: 1, windowMs: 60_000 } },
      config: { attestationMode: 'enforce', attestationDebugTokens: ['debug-token-for-this-test'] },
    });
    try {
      const url = '/api/fn/check-email?email=probe@example.com';
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await t.app.inject({ url })).statusCode).toBe(401);
      const exchange = await t.app.inject({
        method: 'POST',
        url: '/api/attestation/exchange',
        payload: { debugToken: 'debug-token-for-this-test' },
      });
      const headers = { 'x-firebase-appcheck': exchange.json().token };
      expect((await t.app.inject({ url, headers })).statusCode).toBe(200);
      expect((await t.app.inject({ url, headers })).statusCode).toBe(429);
      // A HEAD twin would have a budget of its own and leak the answer in Content-Length.
      expect((await t.app.inject({ method: 'HEAD', url, headers })).statusCode).toBe(404);
    } finally {
      await t.cleanup();
    }
  });
});
