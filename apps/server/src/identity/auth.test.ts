import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../platform/mail/queries';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { cookieHeader, ORIGIN, signUp } from './testing';

describe.each(TEST_DIALECTS)('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, ...headers },
      payload: { email, password },
    });
  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers }).then((r) => r.json());

  it('signs up with an httpOnly session cookie and a bearer token, both naming the account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { email: 'Ash@Example.com', password: 'correct horse battery', name: 'ash' },
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.headers['set-auth-token']).toBeTruthy();

    const byCookie = await me({ cookie: cookieHeader(response) });
    expect(byCookie.user.email).toBe('ash@example.com');
    expect(byCookie.profile).toBeNull();
    const byBearer = await me({ authorization: `Bearer ${response.headers['set-auth-token']}` });
    expect(byBearer.user.id).toBe(byCookie.user.id);
    expect(await me({})).toEqual({ user: null, profile: null });
  });

  it('answers the codes and messages of docs/product.md §8.1 for the sign-up and sign-in failures', async () => {
    await signUp(t.app, { email: 'taken@example.com' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { email: 'taken@example.com', password: 'another password', name: 'x' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      status: 'ABORTED',
      message: 'Email is already in use.',
      details: { code: 'email-already-in-use' },
    });

    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { email: 'not-an-email', password: 'another password', name: 'x' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Invalid Email',
      details: { code: 'invalid-email' },
    });

    const wrong = await signIn('taken@example.com', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatchObject({
      status: 'UNAUTHENTICATED',
      message: 'Invalid email or password.',
      details: { code: 'wrong-password' },
    });
    const unknown = await signIn('nobody@example.com', 'whatever it is');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toMatchObject({
      message: 'User does not exist. Did you mean to sign up?',
      details: { code: 'user-not-found' },
    });
  });

  it('renews the cookie of a session that is still in use a day or more later', async () => {
    const user = await signUp(t.app, { email: 'regular@example.com' });
    const fresh = await t.app.inject({ url: '/api/auth/me', headers: { cookie: user.cookie } });
    expect(fresh.headers['set-cookie']).toBeUndefined();
    // Two of its seven days have passed.
    const fiveDaysAhead = new Date(Date.now() + 5 * 86_400_000);
    await t.stores.identity
      .updateTable('auth_sessions')
      .set({ expires_at: dialect === 'postgres' ? fiveDaysAhead : fiveDaysAhead.toISOString() })
      .execute();
    // And more than the seconds a verified session is taken on its cookie's word.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    const later = await t.app
      .inject({ url: '/api/auth/me', headers: { cookie: user.cookie } })
      .finally(() => vi.useRealTimers());
    expect(later.json().user.email).toBe('regular@example.com');
    const renewed = later.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(renewed?.maxAge).toBe(7 * 86_400);
  });

  it('takes a session from its cache only for exactly what was verified, not for a decoy cookie sent with it', async () => {
    const victim = await signUp(t.app, { email: 'victim@example.com' });
    // A cookie named like the session's, planted to sort first (another subdomain's, say).
    const decoy = 'decoy.session_token=planted';
    expect((await me({ cookie: `${decoy}; ${victim.cookie}` })).user?.email).toBe('victim@example.com');
    expect((await me({ cookie: decoy })).user).toBeNull();
    // Signing out with the decoy in front still ends the real session.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: `${decoy}; ${victim.cookie}`, origin: ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me({ cookie: victim.cookie })).user).toBeNull();
  });

  it('signs out: the session no longer works, by cookie or by bearer token', async () => {
    const user = await signUp(t.app, { email: 'leaver@example.com' });
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me({ cookie: user.cookie })).user).toBeNull();
    expect((await me({ authorization: user.bearer })).user).toBeNull();
  });

  it('signs out a session the bearer token was just using: the token stops working at once', async () => {
    const user = await signUp(t.app, { email: 'quick-leaver@example.com' });
    expect((await me({ authorization: user.bearer })).user?.email).toBe('quick-leaver@example.com');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me({ authorization: user.bearer })).user).toBeNull();
  });

  it('issues a fresh session on sign-in whatever session cookie the browser already carries', async () => {
    await signUp(t.app, { email: 'fixed@example.com' });
    const planted = 'outpost.session_token=attacker-chosen-value';
    const response = await signIn('fixed@example.com', 'correct horse battery', { cookie: planted });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(session?.value).toBeTruthy();
    expect(session?.value).not.toContain('attacker-chosen-value');
  });

  it('resets a password through a link sent to the outbox; the old password and sessions stop working', async () => {
    const user = await signUp(t.app, { email: 'forgetful@example.com' });
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: 'forgetful@example.com' },
    });
    expect(request.statusCode).toBe(200);
    const [mail] = await listOutbox(t.stores.identity, { to: 'forgetful@example.com', limit: 5 });
    expect(mail?.subject).toBe('Reset your Outpost password');
    const token = mail?.text_body.match(/token=([^\s&]+)/)?.[1];
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token: decodeURIComponent(token ?? ''), newPassword: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn('forgetful@example.com', 'correct horse battery')).statusCode).toBe(401);
    expect((await signIn('forgetful@example.com', 'a brand new passphrase')).statusCode).toBe(200);
    expect((await me({ authorization: user.bearer })).user).toBeNull();

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token: decodeURIComponent(token ?? ''), newPassword: 'yet another passphrase' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.details.code).toBe('invalid-action-code');
  });

  it('keeps the parts of the auth library the product does not use closed', async () => {
    const user = await signUp(t.app, { email: 'curious@example.com' });
    for (const [method, url] of [
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/delete-user'],
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/no-such-thing'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { authorization: user.bearer, origin: ORIGIN },
        ...(method === 'POST' ? { payload: { name: 'x'.repeat(5000) } } : {}),
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toMatchObject({ status: 'NOT_FOUND', details: { code: 'not-found' } });
    }
  });

  it('refuses a cross-site sign-in', async () => {
    await signUp(t.app, { email: 'csrf@example.com' });
    const response = await signIn('csrf@example.com', 'correct horse battery', {
      origin: 'https://evil.example',
      cookie: 'outpost.session_token=x',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 too-many-requests past the per-client limit', async () => {
    const t = await buildTestApp('sqlite', {
      rateLimits: {
        auth: {
          signIn: { windowSeconds: 60, max: 3 },
          signUp: { windowSeconds: 60, max: 10 },
          passwordReset: { windowSeconds: 60, max: 3 },
        },
      },
    });
    try {
      const attempt = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress,
          headers: { origin: ORIGIN },
          payload: { email: 'someone@example.com', password: 'guessing-away' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
      const limited = await attempt('10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatchObject({
        status: 'RESOURCE_EXHAUSTED',
        details: { code: 'too-many-requests' },
      });
      expect((await attempt('10.0.0.2')).statusCode).toBe(401);
    } finally {
      await t.cleanup();
    }
  });
});

describe('sign-up and password-reset rate limits', () => {
  it('answer 429 too-many-requests past their own per-client limits', async () => {
    const t = await buildTestApp('sqlite', {
      rateLimits: {
        auth: {
          signIn: { windowSeconds: 60, max: 10 },
          signUp: { windowSeconds: 3600, max: 2 },
          passwordReset: { windowSeconds: 3600, max: 2 },
        },
      },
    });
    try {
      const post = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, remoteAddress: '10.0.0.7', headers: { origin: ORIGIN }, payload });
      const signUpAs = (n: number) =>
        post('/api/auth/sign-up/email', {
          email: `n${n}@example.com`,
          password: 'correct horse battery',
          name: `n${n}`,
        });
      expect((await signUpAs(1)).statusCode).toBe(200);
      expect((await signUpAs(2)).statusCode).toBe(200);
      expect((await signUpAs(3)).json().error.details.code).toBe('too-many-requests');
      const reset = () => post('/api/auth/request-password-reset', { email: 'n1@example.com' });
      expect((await reset()).statusCode).toBe(200);
      expect((await reset()).statusCode).toBe(200);
      const limited = await reset();
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.status).toBe('RESOURCE_EXHAUSTED');
    } finally {
      await t.cleanup();
    }
  });
});
