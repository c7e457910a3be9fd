import { API_POLICIES, changesState } from '@outpost/contracts/api';
import { OWN_PAGE_HEADER } from '@outpost/contracts/callable';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from './identity/queries';
import { ORIGIN, type SignedIn, signUpWithProfile } from './identity/testing';
import { credit, getBalance } from './ledger/ledger';
import { CROSS_SITE_MESSAGE } from './platform/http/origin-check';
import { INPUT_MESSAGES, MAX_JSON_DEPTH } from './platform/http/request-input';
import { pngBytes } from './products/testing';
import { seedDemoData } from './seed';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';

/*
 * The security review made with the account lifecycle, replayed: every request it found answered wrongly gets
 * its 4xx and changes nothing, and the classes of input behind them (cross-site GETs that write, deep JSON,
 * NUL characters, broken multipart bodies) are tried on every route of the table, so no route added later can
 * bring them back.
 */

/** A cross-site top-level navigation as Chromium sends it: SameSite=Lax cookies travel with it. */
const CROSS_SITE = { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' };
/** A request of one of our own pages (which send no Referer). */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

/** Objects nested `depth` deep: 20,000 levels is about 120 KB. */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const SERVICE_KEYS = { development: 'd'.repeat(40), beta: 'b'.repeat(40), production: 'p'.repeat(40) };

function sampleUrl(pattern: string): string {
  return pattern
    .replace(':env', 'development')
    .replace(/:(\w+)/g, (_match, name: string) => `sample-${name.toLowerCase()}`)
    .replace('/*', '/sign-in/email');
}

describe.each(TEST_DIALECTS)('the security review, replayed on %s', (dialect) => {
  let t: TestApp;
  let player: SignedIn;
  let admin: SignedIn;
  const game = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { config: { ingestKeys: SERVICE_KEYS } });
    await seedDemoData(t.stores, 'development');
    const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);
    player = await signUpWithProfile(t.app, setKeys, { email: 'mara@example.com', displayName: 'Mara' });
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'boss@example.com',
      displayName: 'Boss',
      keys: ['admin'],
    });
    await credit(game(), { userId: player.userId, amount: 1000, reason: 'reward', reference: 'review-grant' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  describe('state changes through a cross-site GET', () => {
    const favourites = () =>
      game().selectFrom('episode_favourites').selectAll().where('user_id', '=', player.userId).execute();

    it('spin-machine spends nothing when a cookie session is sent from another site', async () => {
      const url = '/api/fn/spin-machine?machineID=scrapyard';
      const forged = await get(url, { cookie: player.cookie, ...CROSS_SITE });
      expect(forged.statusCode, forged.body).toBe(403);
      expect(forged.json().error).toEqual({
        status: 'PERMISSION_DENIED',
        message: CROSS_SITE_MESSAGE,
        details: { code: 'cross-site' },
        requestId: expect.any(String),
      });
      // A browser too old for Sec-Fetch-Site, from a page that sends no Referer: nothing proves it is ours.
      expect((await get(url, { cookie: player.cookie })).statusCode).toBe(403);
      expect((await get(url, { cookie: player.cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
      expect(await getBalance(game(), player.userId)).toBe(1000);
      expect(await game().selectFrom('spins').selectAll().where('user_id', '=', player.userId).execute()).toEqual([]);

      // Our own pages (by the browser's word, or by our pages' header where the browser says
      // nothing) and the game's bearer token still spin.
      const oldBrowser = await get(url, { cookie: player.cookie, [OWN_PAGE_HEADER]: '1' });
      expect(oldBrowser.statusCode, oldBrowser.body).toBe(200);
      const own = await get(url, { cookie: player.cookie, ...SAME_ORIGIN });
      expect(own.statusCode, own.body).toBe(200);
      const game_ = await get(url, { authorization: player.bearer, ...CROSS_SITE });
      expect(game_.statusCode, game_.body).toBe(200);
      expect(await getBalance(game(), player.userId)).toBe(700);
    });

    it('favourite-episode changes no favourite from another site', async () => {
      const forged = await get('/api/fn/favourite-episode?videoID=s1e1', { cookie: player.cookie, ...CROSS_SITE });
      expect(forged.statusCode).toBe(403);
      expect(await favourites()).toEqual([]);
      const referer = await get('/api/fn/favourite-episode?videoID=s1e1', {
        cookie: player.cookie,
        referer: 'https://evil.example/',
      });
      expect(referer.statusCode).toBe(403);
      expect(await favourites()).toEqual([]);
      const own = await get('/api/fn/favourite-episode?videoID=s1e1', { cookie: player.cookie, ...SAME_ORIGIN });
      expect(own.statusCode, own.body).toBe(200);
      expect(await favourites()).toHaveLength(1);
    });

    it('claim-avatar and subscribe-to-drop never reach their handlers from another site', async () => {
      const claim = await get(`/api/fn/claim-avatar?avatarID=neon-medic&userID=${player.userId}`, {
        cookie: player.cookie,
        ...CROSS_SITE,
      });
      expect(claim.statusCode).toBe(403);
      const subscribe = await get('/api/fn/subscribe-to-drop?drop=radio-season&email=mara%40example.com', {
        cookie: player.cookie,
        ...CROSS_SITE,
      });
      expect(subscribe.statusCode).toBe(403);
      expect(
        await game().selectFrom('avatar_claims').selectAll().where('user_id', '=', player.userId).execute(),
      ).toEqual([]);
      expect(await game().selectFrom('merch_drop_subscriptions').selectAll().execute()).toEqual([]);
    });

    const writingGets = Object.entries(API_POLICIES)
      .filter(([key, policy]) => key.startsWith('GET ') && changesState('GET', policy))
      .map(([key]) => key);

    it('marks every GET that writes', () => {
      expect(writingGets.sort()).toEqual([
        'GET /api/account/referral-link',
        ...[
          'claim-avatar',
          'favourite-episode',
          'process-direct-transaction',
          'process-paypal-order',
          'request-spin',
          'spin-machine',
          'subscribe-to-drop',
        ].map((name) => `GET /api/fn/${name}`),
      ]);
    });
  });

  describe('500s from input', () => {
    it.each(['/api/auth/reset-password', '/api/auth/change-password', '/api/auth/sign-out'])(
      'refuses an object nested 20,000 deep on %s',
      async (url) => {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', cookie: player.cookie, origin: ORIGIN },
          payload: nested(20_000),
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error).toEqual({
          status: 'INVALID_ARGUMENT',
          message: INPUT_MESSAGES.tooDeep,
          requestId: expect.any(String),
        });
      },
    );

    it('still takes a body nested as deep as the limit', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/callable/signupCount',
        headers: { 'content-type': 'application/json' },
        payload: `{"data":${nested(MAX_JSON_DEPTH - 1).replace('1', 'null')}}`,
      });
      // The body is read: what comes back is the callable's own refusal of its data, not the depth's.
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).not.toBe(INPUT_MESSAGES.tooDeep);
    });

    it('refuses a NUL character in the user search query', async () => {
      for (const query of ['mar\u0000a', '\u0000\u0000\u0000']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/admin/development/user-search',
          headers: { authorization: admin.bearer },
          payload: { query },
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.message).toBe(INPUT_MESSAGES.nulInBody);
      }
      // The text "\u0000", a backslash and five characters, is searchable like any other.
      const literal = await t.app.inject({
        method: 'POST',
        url: '/api/admin/development/user-search',
        headers: { authorization: admin.bearer },
        payload: { query: 'mara\\u0000' },
      });
      expect(literal.statusCode, literal.body).toBe(200);
    });

    it('refuses a NUL character in an address', async () => {
      const response = await get('/api/fn/check-email?email=a%00b%40example.com', {});
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(INPUT_MESSAGES.nulInUrl);
    });

    const uploads = [
      ['a product save', 'PUT', '/api/admin/development/products/radio-tee'],
      ['an episode banner', 'PUT', '/api/admin/development/theater/episodes/s1e1/banner'],
      ['a video thumbnail', 'PUT', '/api/admin/development/theater/videos/launch-trailer/thumbnail'],
    ] as const;

    async function wellFormedBody(): Promise<{ contentType: string; body: Buffer }> {
      const form = new FormData();
      form.append('images', new Blob([await pngBytes()], { type: 'image/png' }), 'a.png');
      const encoded = new Response(form);
      return { contentType: encoded.headers.get('content-type') ?? '', body: Buffer.from(await encoded.arrayBuffer()) };
    }

    it.each(uploads)('refuses a malformed multipart body on %s', async (_what, method, url) => {
      const { contentType, body } = await wellFormedBody();
      const before = await t.app.inject({
        method: 'GET',
        url: url.replace(/\/(banner|thumbnail)$/, ''),
        headers: { authorization: admin.bearer },
      });
      const malformed = [
        ['no boundary', 'multipart/form-data', body],
        ['a wrong boundary', 'multipart/form-data; boundary=not-the-one-used', body],
        ['a body cut short', contentType, body.subarray(0, Math.floor(body.length / 2))],
        ['an empty body', contentType, Buffer.alloc(0)],
      ] as const;
      for (const [name, type, payload] of malformed) {
        const response = await t.app.inject({
          method,
          url,
          headers: { authorization: admin.bearer, 'content-type': type },
          payload,
        });
        expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
        expect(response.json().error.status, name).toBe('INVALID_ARGUMENT');
        expect(response.json().error.message, name).toMatch(/multipart|upload|image/i);
      }
      const after = await t.app.inject({
        method: 'GET',
        url: url.replace(/\/(banner|thumbnail)$/, ''),
        headers: { authorization: admin.bearer },
      });
      expect(after.json()).toEqual(before.json());
    });
  });

  describe('the Host header', () => {
    it('never makes a redirect leave PUBLIC_URL', async () => {
      const response = await get('/api/auth/reset-password/x?callbackURL=http://evil.example/x', {
        host: 'evil.example',
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.headers.location ?? '').not.toContain('evil.example');
    });

    it('still redirects within PUBLIC_URL', async () => {
      const response = await get('/api/auth/reset-password/x?callbackURL=/login', { host: 'localhost:3000' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('http://localhost:3000/login?error=INVALID_TOKEN');
    });
  });

  describe('caching', () => {
    it.each(['/api/account/credits', '/api/account/orders', '/api/auth/me', '/api/account/order-profile'])(
      'keeps %s out of every cache',
      async (url) => {
        const response = await get(url, { authorization: player.bearer });
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.headers['cache-control']).toBe('no-store');
      },
    );
  });

  describe('every route of the table', () => {
    const routes = Object.entries(API_POLICIES).map(([key, policy]) => {
      const [method, pattern] = key.split(' ') as [HTTPMethods, string];
      return [method, pattern, policy.access === 'service'] as const;
    });
    /** Who gets past each route's access check, so its body is read: an admin, or the game's service key. */
    const caller = (service: boolean) => (service ? `Bearer ${SERVICE_KEYS.development}` : admin.bearer);
    const withBody = routes.filter(([method]) => method !== 'GET');

    it.each(withBody)('%s %s refuses a deeply nested body with 400', async (method, pattern, service) => {
      const response = await t.app.inject({
        method,
        url: sampleUrl(pattern),
        headers: { authorization: caller(service), 'content-type': 'application/json' },
        payload: nested(2_000),
      });
      expect(response.statusCode, response.body).toBe(400);
    });

    it.each(withBody)('%s %s refuses a NUL character in its body with 400', async (method, pattern, service) => {
      const response = await t.app.inject({
        method,
        url: sampleUrl(pattern),
        headers: { authorization: caller(service), 'content-type': 'application/json' },
        payload: '{"data":"\\u0000","query":"\\u0000","email":"\\u0000@x.y","name":"\\u0000"}',
      });
      expect(response.statusCode, response.body).toBe(400);
    });

    it.each(withBody)('%s %s answers a broken multipart body with a 4xx', async (method, pattern, service) => {
      const response = await t.app.inject({
        method,
        url: sampleUrl(pattern),
        headers: { authorization: caller(service), 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nhalf',
      });
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
    });

    it.each(routes)('%s %s refuses a NUL character in its address with 400', async (method, pattern, service) => {
      const response = await t.app.inject({
        method,
        url: `${sampleUrl(pattern)}?q=%00`,
        headers: { authorization: caller(service) },
      });
      expect(response.statusCode, response.body).toBe(400);
    });
  });
});
