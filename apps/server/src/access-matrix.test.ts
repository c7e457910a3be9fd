import { type Access, API_POLICIES, changesState } from '@outpost/contracts/api';
import { can, PROFILE_KEYS } from '@outpost/contracts/permissions';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { setProfileKeys } from './identity/queries';
import { type SignedIn, signUpWithProfile } from './identity/testing';
import { buildTestApp, buildUnreadyTestApp, openTestStores, TEST_DIALECTS, type TestApp } from './testing/test-stores';

const ROLES = {
  anonymous: null,
  user: [],
  partner: ['partner'],
  moderator: ['moderator'],
  staff: ['staff'],
  admin: ['admin'],
} as const satisfies Record<string, readonly string[] | null>;
type Role = keyof typeof ROLES;

/** A concrete URL for each route pattern of the table. */
function sampleUrl(method: string, pattern: string): string {
  // Sign-out would end the caller's session for the cases after it.
  if (pattern === '/api/auth/*') return method === 'GET' ? '/api/auth/get-session' : '/api/auth/sign-in/email';
  return pattern.replace(':env', 'development');
}

/** The game's servers' key for each environment: `service` routes take it and nothing else. */
const SERVICE_KEYS = { development: 'd'.repeat(40), beta: 'b'.repeat(40), production: 'p'.repeat(40) };

function expectedFor(access: Access, keys: readonly string[] | null): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  // No account, whatever its role, is the service key.
  if (keys === null || access === 'service') return 401;
  if (access === 'signedIn') return 'allowed';
  return can(keys, access) ? 'allowed' : 403;
}

describe.each(TEST_DIALECTS)('every route × every role on %s', (dialect) => {
  let t: TestApp;
  const callers = {} as Record<Role, SignedIn | null>;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { config: { ingestKeys: SERVICE_KEYS } });
    for (const [role, keys] of Object.entries(ROLES) as [Role, readonly string[] | null][]) {
      callers[role] =
        keys === null
          ? null
          : await signUpWithProfile(t.app, (id, k) => setProfileKeys(t.stores.identity, id, k), {
              email: `${role}@example.com`,
              displayName: `${role}-one`,
              keys: [...keys],
            });
    }
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('has a role for every profile key', () => {
    expect(
      Object.values(ROLES)
        .flatMap((keys) => keys ?? [])
        .sort(),
    ).toEqual([...PROFILE_KEYS].sort());
  });

  it('registers exactly the routes of the permission table', () => {
    for (const key of Object.keys(API_POLICIES)) {
      const [method, url] = key.split(' ') as [HTTPMethods, string];
      expect(t.app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  const cases = Object.entries(API_POLICIES).flatMap(([key, policy]) =>
    (Object.keys(ROLES) as Role[]).map((role) => [key, role, policy.access] as const),
  );

  it.each(cases)('%s as %s', async (key, role, access) => {
    const [method, pattern] = key.split(' ') as [HTTPMethods, string];
    const caller = callers[role];
    const response = await t.app.inject({
      method,
      url: sampleUrl(method, pattern),
      headers: caller ? { authorization: caller.bearer } : {},
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    const expected = expectedFor(access, ROLES[role]);
    if (expected === 'allowed') {
      expect([401, 403], `${response.statusCode} ${response.body}`).not.toContain(response.statusCode);
      expect(response.statusCode, response.body).toBeLessThan(500);
    } else {
      expect(response.statusCode, response.body).toBe(expected);
    }
  });

  // Every route that changes state (POST, PUT, DELETE, and the GETs marked `writes`) refuses a
  // cookie session sent from another site, whoever holds it, and takes a bearer token from anywhere.
  const stateChanging = Object.entries(API_POLICIES)
    .filter(([key, policy]) => {
      const [method, pattern] = key.split(' ') as [string, string];
      return changesState(method, policy) && policy.access !== 'service' && pattern !== '/api/auth/*';
    })
    .map(([key]) => key);

  it.each(stateChanging)('%s refuses a cookie session from another site', async (key) => {
    const [method, pattern] = key.split(' ') as [HTTPMethods, string];
    const admin = callers.admin as SignedIn;
    const crossSite = { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' };
    const call = (headers: Record<string, string>) =>
      t.app.inject({
        method,
        url: sampleUrl(method, pattern),
        headers: { ...crossSite, ...headers },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
    const forged = await call({ cookie: admin.cookie });
    expect(forged.statusCode, forged.body).toBe(403);
    expect(forged.json().error.details).toEqual({ code: 'cross-site' });
    const bearer = await call({ authorization: admin.bearer });
    expect(bearer.json().error?.details?.code, bearer.body).not.toBe('cross-site');
  });

  const serviceRoutes = Object.entries(API_POLICIES)
    .filter(([, policy]) => policy.access === 'service')
    .map(([key]) => key);

  it.each(serviceRoutes)('%s lets in the environment’s service key, and only it', async (key) => {
    const [method, pattern] = key.split(' ') as [HTTPMethods, string];
    const call = (authorization: string) =>
      t.app.inject({ method, url: sampleUrl(method, pattern), headers: { authorization }, payload: {} });
    const withKey = await call(`Bearer ${SERVICE_KEYS.development}`);
    expect([401, 403], `${withKey.statusCode} ${withKey.body}`).not.toContain(withKey.statusCode);
    expect(withKey.statusCode, withKey.body).toBeLessThan(500);
    // Another environment's key opens nothing here.
    expect((await call(`Bearer ${SERVICE_KEYS.production}`)).statusCode).toBe(401);
  });
});

describe('the permission mechanism', () => {
  it('refuses to start with an /api route that is not in the permission table', async () => {
    const stores = await openTestStores('sqlite');
    const app = await buildUnreadyTestApp(stores);
    try {
      const schema = { response: { 200: z.string() } };
      expect(() => app.get('/api/fn/unlisted', { schema }, async () => 'hi')).toThrow(
        'GET /api/fn/unlisted has no entry in API_POLICIES',
      );
    } finally {
      await app.close();
      await stores.cleanup();
    }
  });

  it('refuses to start with an /api route that declares no response schema', async () => {
    const stores = await openTestStores('sqlite');
    const app = await buildUnreadyTestApp(stores);
    try {
      // The schema check runs when the route is added, before the policy check.
      expect(() => app.get('/api/fn/no-schema', async () => ({}))).toThrow(
        'GET /api/fn/no-schema declares no success response schema',
      );
    } finally {
      await app.close();
      await stores.cleanup();
    }
  });
});
