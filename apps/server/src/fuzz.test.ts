import { API_POLICIES, changesState, type RoutePolicy } from '@outpost/contracts/api';
import { functionErrorBodySchema } from '@outpost/contracts/callable';
import { CLAIM_CODE_MESSAGES } from '@outpost/contracts/claim-codes';
import { MERCH_MESSAGES } from '@outpost/contracts/merch';
import { SHOP_MESSAGES } from '@outpost/contracts/shop';
import { STORE_PURCHASE_MESSAGES } from '@outpost/contracts/store-purchases/schemas';
import { PREMIUM_MESSAGES } from '@outpost/contracts/subscriptions/schemas';
import { THEATER_MESSAGES } from '@outpost/contracts/theater';
import fc from 'fast-check';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { DEFAULT_RATE_LIMITS } from './app';
import type { RateLimits } from './app-config';
import { OPEN_PATHS } from './identity/auth-routes';
import { createAuth, DEFAULT_AUTH_RATE_LIMITS } from './identity/index';
import { setProfileKeys } from './identity/queries';
import { ORIGIN, type SignedIn, signUpWithProfile } from './identity/testing';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './platform/http/request-input';
import { type ApiRouteContract, type ContractSchema, listApiRouteContracts } from './platform/http/route-schemas';
import { createMailer } from './platform/mail/mailer';
import { seedDemoData } from './seed';
import { type JsonSchema, jsonSchemaArbitrary } from './testing/json-schema-arbitrary';
import {
  asBody,
  asQuery,
  type FuzzBody,
  type FuzzQuery,
  mutatedBodies,
  mutatedQueries,
  POLLUTION_MARK,
  readQuery,
} from './testing/request-mutations';
import { changedCounts, type RowCounts, rowCounter } from './testing/row-counts';
import { buildTestApp, TEST_DIALECTS, type TestApp } from './testing/test-stores';

/*
 * Every JSON route and callable, fuzzed with requests generated from its own contract (its zod schemas, as
 * JSON Schema) and mutated beyond it. Whatever arrives, the answer is never a 5xx and a refusal has the API's
 * error shape; a request the contract refuses is refused (400, 413 or 415) and stores nothing. The runs are
 * seeded: FUZZ_SEED replays a failure, FUZZ_RUNS runs more of them (docs/decisions/0023-fuzzing.md).
 */

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 250_425);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
/**
 * How long one route's property may take, shrinking a failure included: a run cut short fails
 * rather than passing on fewer requests. The test's own timeout is a little longer.
 */
const PROPERTY_MS = 15_000 + RUNS * 500;
const TEST_MS = PROPERTY_MS + 5_000;

const SERVICE_KEYS = { development: 'd'.repeat(40), beta: 'b'.repeat(40), production: 'p'.repeat(40) };

/** Limits no fuzz run reaches: a 429 would stop requests before the code under test. */
const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };
const NO_RATE_LIMITS: Partial<RateLimits> = {
  ...Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, UNLIMITED])),
  auth: {
    signIn: { windowSeconds: 60, max: UNLIMITED.max },
    signUp: { windowSeconds: 60, max: UNLIMITED.max },
    passwordReset: { windowSeconds: 60, max: UNLIMITED.max },
  },
};

/** GET /api/live answers a stream that stays open: only requests its contract refuses are sent. */
const STREAMS = new Set(['GET /api/live']);

/**
 * What the contract refuses is answered as a refusal of the request itself; the auth library's
 * endpoints may refuse it otherwise first (an untrusted callbackURL 403, no session 401), as any 4xx.
 */
const REFUSAL_STATUSES = [400, 413, 415];
const isRefusal = (target: { auth?: true }, status: number) =>
  target.auth ? status >= 400 && status < 500 : REFUSAL_STATUSES.includes(status);

/**
 * The only 5xx a route may answer here: 503 for a payment provider or game store this test app has not set up,
 * the route's own words for it (a store out of reach would be the other 503; none is, here).
 */
const NOT_SET_UP = new Set<string>([
  SHOP_MESSAGES.paypalOff,
  MERCH_MESSAGES.paypalOff,
  MERCH_MESSAGES.stripeOff,
  PREMIUM_MESSAGES.channelOff('stripe'),
  PREMIUM_MESSAGES.channelOff('paypal'),
  STORE_PURCHASE_MESSAGES.notConfigured('app-store'),
  STORE_PURCHASE_MESSAGES.notConfigured('google-play'),
]);

/** The largest body the app reads (Fastify's bodyLimit in app.ts), unless a route sets its own. */
const BODY_LIMIT = 1_048_576;

type Part = 'body' | 'querystring';

interface FuzzTarget {
  /** What the run is called: the route, or the auth library's endpoint under /api/auth/*. */
  name: string;
  /** "METHOD /path", as API_POLICIES names it. */
  route: string;
  method: HTTPMethods;
  url: string;
  part: Part;
  schema: ContractSchema;
  /** The other part's contract, when a route reads both: sent valid-looking. */
  other?: { part: Part; schema: ContractSchema };
  bodyLimit: number;
  policy: RoutePolicy;
  /** An endpoint of the auth library: called as a page of ours would, with a session of its own. */
  auth?: true;
}

function toJsonSchema(schema: ContractSchema): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const policyOf = (route: string) => (API_POLICIES as Record<string, RoutePolicy>)[route];

/** Every API route that reads a body or a query string, from the app's own registrations. */
function routeTargets(t: TestApp): FuzzTarget[] {
  return listApiRouteContracts(t.app).flatMap((contract: ApiRouteContract) => {
    const route = `${contract.method} ${contract.url}`;
    const policy = policyOf(route);
    if (!policy) return [];
    const parts = (['body', 'querystring'] as const).filter((part) => contract[part] !== undefined);
    return parts.map((part): FuzzTarget => {
      const otherPart = parts.find((other) => other !== part);
      const otherSchema = otherPart && contract[otherPart];
      return {
        name: `${route} (${part})`,
        route,
        method: contract.method as HTTPMethods,
        url: contract.url,
        part,
        schema: contract[part] as ContractSchema,
        ...(otherPart && otherSchema ? { other: { part: otherPart, schema: otherSchema } } : {}),
        bodyLimit: contract.bodyLimit ?? BODY_LIMIT,
        policy,
      };
    });
  });
}

interface AuthEndpoint {
  path?: string;
  options: { body?: ContractSchema };
}

/**
 * POST /api/auth/* is one route to Fastify and several endpoints to the auth library, each with
 * its own body schema: the endpoints the app opens (OPEN_PATHS), from the library's definitions.
 */
function authTargets(t: TestApp): FuzzTarget[] {
  const auth = createAuth({
    identity: t.stores.identity,
    dialect: t.stores.dialect,
    secret: 'fuzz-secret-that-is-at-least-32-characters',
    publicUrl: ORIGIN,
    production: false,
    mailer: createMailer({ identity: t.stores.identity, from: 'fuzz@outpost.test', logger: t.app.log }),
    logger: t.app.log,
    rateLimits: DEFAULT_AUTH_RATE_LIMITS,
  });
  const policy = policyOf('POST /api/auth/*');
  return Object.values(auth.api).flatMap((endpoint) => {
    const { path, options } = endpoint as AuthEndpoint;
    const url = `/api/auth${path}`;
    if (!policy || !path || !options.body || !OPEN_PATHS.has(`POST ${url}`)) return [];
    return [
      {
        name: `POST ${url} (body)`,
        route: 'POST /api/auth/*',
        method: 'POST',
        url,
        part: 'body',
        schema: options.body,
        bodyLimit: BODY_LIMIT,
        policy,
        auth: true,
      },
    ];
  });
}

async function fuzzTargets(): Promise<FuzzTarget[]> {
  const t = await buildTestApp('sqlite');
  try {
    return [...routeTargets(t), ...authTargets(t)];
  } finally {
    await t.cleanup();
  }
}

const TARGETS = await fuzzTargets();

/** A seed per route and property, so one route's run replays alone (`-t`) as it ran in the file. */
function seedFor(target: FuzzTarget, property: string): number {
  let hash = BASE_SEED | 0;
  for (const char of `${property} ${target.name}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/** Where the server's JSON parser and the contract's validator stand on a body, computed as they do. */
function contractRefusesBody(body: FuzzBody, target: FuzzTarget): boolean {
  const { schema } = target;
  const text = typeof body.payload === 'string' ? body.payload : body.payload.toString('utf8');
  if (Buffer.byteLength(body.payload) > target.bodyLimit) return true;
  const mediaType = body.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  let read: unknown;
  if (mediaType === 'application/json') {
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return true;
    try {
      // Fastify's parser (secure-json-parse) drops a leading byte order mark.
      read = JSON.parse(text.replace(/^\ufeff/, ''));
    } catch {
      return true;
    }
  } else if (mediaType === 'text/plain') read = text;
  else return true;
  return !z.safeParse(schema, read).success;
}

const CANDIDATES = 8;

/** Of a few generated values, the first the contract accepts (or the first, when it accepts none). */
function acceptedFirst(part: Part, schema: ContractSchema) {
  const accepts = (value: unknown) =>
    z.safeParse(schema, part === 'querystring' ? readQuery(asQuery(value).search) : value).success;
  return (values: fc.Arbitrary<unknown>) =>
    fc
      .array(values, { minLength: CANDIDATES, maxLength: CANDIDATES })
      .map((candidates) => candidates.find(accepts) ?? candidates[0]);
}

function contractRefusesQuery(query: FuzzQuery, schema: ContractSchema): boolean | undefined {
  // A malformed escape may be read differently by Fastify's parser: no claim either way.
  if (!query.wellFormed) return undefined;
  return !z.safeParse(schema, readQuery(query.search)).success;
}

/** What the fuzz found answered with a 5xx, kept as examples: each is now a 400 with words for people. */
const REGRESSIONS: readonly { found: string; method: HTTPMethods; url: string; payload?: object; message: string }[] = [
  {
    found: 'a season past PostgreSQL integer (500: value out of range for type integer)',
    method: 'GET',
    url: '/api/admin/development/theater/episodes?season=3000000000',
    message: THEATER_MESSAGES.numberTooLarge,
  },
  {
    found: 'a lone surrogate in a code to redeem (500: URIError from encodeURIComponent)',
    method: 'POST',
    url: '/api/account/redeem-code',
    payload: { code: '\ud800' },
    message: CLAIM_CODE_MESSAGES.codeBroken,
  },
  {
    found: 'a lone surrogate in a custom code name (500: URIError from encodeURIComponent)',
    method: 'POST',
    url: '/api/admin/development/claim-codes',
    payload: { batchName: 'B', type: 'promo', uses: 1, batchQuantity: 1, credits: 5, customCodeName: 'x\udc00' },
    message: CLAIM_CODE_MESSAGES.customNameBroken,
  },
];

/**
 * Tables a refused request may write to: the rate limits count every attempt, refused or not, as
 * a limit on guessing must: the auth library's in auth_rate_limits, the routes' own (shared by
 * instances on PostgreSQL) in rate_limit_windows.
 */
const UNFINGERPRINTED = new Set(['auth_rate_limits', 'rate_limit_windows']);

describe.each(TEST_DIALECTS)('every JSON route fuzzed on %s', (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let player: SignedIn;
  /** The auth library's endpoints' caller: a session of its own, which a fuzzed sign-out may end. */
  let authCaller: SignedIn;
  /** A real id for each path parameter the demo data has one for: requests reach rows, not only 404s. */
  const knownIds = new Map<string, string>();
  let rowCounts: () => Promise<RowCounts>;
  const loggedErrors: string[] = [];
  const statistics = new Map<string, Map<number, number>>();

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      config: { ingestKeys: SERVICE_KEYS, logLevel: 'error' },
      rateLimits: NO_RATE_LIMITS,
      logStream: { write: (line: string) => void loggedErrors.push(line) },
      jobPollMs: 3_600_000,
    });
    await seedDemoData(t.stores, 'development');
    const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'fuzz-admin@example.com',
      displayName: 'Fuzz',
      keys: ['admin'],
    });
    player = await signUpWithProfile(t.app, setKeys, { email: 'fuzz-player@example.com', displayName: 'Fuzzed' });
    authCaller = await signUpWithProfile(t.app, setKeys, { email: 'fuzz-auth@example.com', displayName: 'FuzzAuth' });
    await collectKnownIds();
    const stores = { identity: t.stores.identity, ...t.stores.game } as unknown as Record<string, Kysely<unknown>>;
    rowCounts = await rowCounter(stores, UNFINGERPRINTED);
  });
  afterAll(async () => {
    if (VERBOSE) {
      for (const [name, counts] of statistics) console.log(name, Object.fromEntries(counts));
    }
    await t?.cleanup();
  });

  /** Reads the back office's lists and the public pages once, keeping the first id of each kind. */
  async function collectKnownIds(): Promise<void> {
    // The player's id, never the admin's: a fuzzed key change or suspension must not lock the caller out.
    knownIds.set('userID', player.userId);
    const lists = Object.entries(API_POLICIES).filter(
      ([key, policy]) =>
        key.startsWith('GET ') && !changesState('GET', policy) && !/:(?!env)/.test(key) && !key.includes('*'),
    );
    for (const [key] of lists) {
      const url = key.slice(4).replace(':env', 'development');
      if (STREAMS.has(key)) continue;
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: admin.bearer } });
      if (response.statusCode === 200 && String(response.headers['content-type']).includes('json'))
        noteIds(response.json());
    }
  }

  function noteIds(value: unknown): void {
    if (Array.isArray(value)) for (const member of value) noteIds(member);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, member] of Object.entries(value)) {
        if (/ID$/.test(key) && typeof member === 'string' && !knownIds.has(key)) knownIds.set(key, member);
        noteIds(member);
      }
    }
  }

  function pathOf(target: FuzzTarget): string {
    return target.url.replace(/:(\w+)/g, (_match, name: string) =>
      encodeURIComponent(name === 'env' ? 'development' : (knownIds.get(name) ?? `fuzz-${name.toLowerCase()}`)),
    );
  }

  /** Who passes the route's access check, so its input is read: the game's service key, or an admin. */
  function callerHeaders(target: FuzzTarget): Record<string, string> {
    if (target.auth) return { authorization: authCaller.bearer, origin: ORIGIN };
    return { authorization: target.policy.access === 'service' ? `Bearer ${SERVICE_KEYS.development}` : admin.bearer };
  }

  function send(target: FuzzTarget, request: FuzzBody | FuzzQuery, other: unknown): Promise<LightMyRequestResponse> {
    const body = 'payload' in request ? request : target.other?.part === 'body' ? asBody(other) : undefined;
    const query = 'search' in request ? request : target.other?.part === 'querystring' ? asQuery(other) : undefined;
    return t.app.inject({
      method: target.method,
      url: `${pathOf(target)}${query?.search ? `?${query.search}` : ''}`,
      headers: { ...callerHeaders(target), ...(body?.contentType ? { 'content-type': body.contentType } : {}) },
      ...(body ? { payload: body.payload } : {}),
    });
  }

  function record(target: FuzzTarget, status: number): void {
    const counts = statistics.get(target.name) ?? new Map<number, number>();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    statistics.set(target.name, counts);
  }

  /** No 5xx, a refusal in the API's shape, no key added to every object's prototype. */
  function expectSound(target: FuzzTarget, response: LightMyRequestResponse): void {
    record(target, response.statusCode);
    if (response.statusCode === 503 && NOT_SET_UP.has(String(errorMessage(response.body)))) return;
    if (response.statusCode >= 500) {
      throw new Error(`${target.name} answered ${response.statusCode} ${response.body}\n${loggedErrors.at(-1) ?? ''}`);
    }
    if (response.statusCode >= 400) {
      const parsed = functionErrorBodySchema.safeParse(safeJson(response.body));
      if (!parsed.success)
        throw new Error(`${target.name} refused with ${response.statusCode} but not the error shape: ${response.body}`);
    }
    if (Object.hasOwn(Object.prototype, POLLUTION_MARK) || Object.hasOwn(Object.prototype, 'isAdmin')) {
      throw new Error(`${target.name} let a body write to Object.prototype`);
    }
  }

  function errorMessage(text: string): string | undefined {
    const parsed = functionErrorBodySchema.safeParse(safeJson(text));
    return parsed.success ? parsed.data.error.message : undefined;
  }

  function safeJson(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  async function assertProperty<Values extends unknown[]>(
    target: FuzzTarget,
    name: string,
    property: fc.IAsyncPropertyWithHooks<Values>,
  ) {
    const seed = seedFor(target, name);
    try {
      // Shrinking sends requests too: a failure is reported with what shrinking found in the time given.
      await fc.assert(property, {
        seed,
        numRuns: RUNS,
        interruptAfterTimeLimit: PROPERTY_MS,
        markInterruptAsFailure: true,
      });
    } catch (error) {
      (error as Error).message +=
        `\nReplay: FUZZ_SEED=${BASE_SEED} npx vitest run apps/server/src/fuzz.test.ts -t '${target.name.replace(/[()*]/g, '.')}'`;
      throw error;
    }
    // Still up and answering: nothing the run sent left the app broken.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }

  /**
   * The requests of one route: valid-looking ones (of a few generated values, the first its
   * contract accepts: refinements have no JSON Schema), mutations of them, and whether the
   * contract refuses a request.
   */
  function arbitrariesOf(target: FuzzTarget) {
    const accepted = acceptedFirst(target.part, target.schema);
    const valid = accepted(jsonSchemaArbitrary(toJsonSchema(target.schema)));
    const mutated: fc.Arbitrary<FuzzBody | FuzzQuery> =
      target.part === 'body' ? mutatedBodies(valid) : mutatedQueries(valid);
    const refuses = (request: FuzzBody | FuzzQuery) =>
      'payload' in request ? contractRefusesBody(request, target) : contractRefusesQuery(request, target.schema);
    return {
      validLooking: valid.map((value) => (target.part === 'body' ? asBody(value) : asQuery(value))),
      mutated,
      refuses,
      other: target.other
        ? acceptedFirst(target.other.part, target.other.schema)(jsonSchemaArbitrary(toJsonSchema(target.other.schema)))
        : fc.constant(undefined),
    };
  }

  const label = (target: FuzzTarget) => [target.name, target] as const;

  // The examples first: the fuzz runs after them change the demo data and suspend the player.
  it.each(REGRESSIONS.map((example) => [example.found, example] as const))('refuses %s', async (_found, example) => {
    const { method, url, payload, message } = example;
    const response = await t.app.inject({
      method,
      url,
      headers: { authorization: admin.bearer },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: expect.stringContaining(message),
    });
  });

  it('saves and reads back an order profile whose address zod takes but Ajv’s email format does not (was a 500)', async () => {
    const profile = {
      email: 'fuzz@a-.aa',
      phone: '00))-0',
      countryCode: '+1',
      firstName: '!',
      lastName: '¡',
      shippingAddress: { line1: '!', city: '!', country: 'AD' },
    };
    const headers = { authorization: player.bearer };
    const saved = await t.app.inject({ method: 'POST', url: '/api/fn/set-order-profile', headers, payload: profile });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.email).toBe('fuzz@a-.aa');
    // The stored profile is answered on every read, not only by the save.
    const read = await t.app.inject({ method: 'GET', url: '/api/account/order-profile', headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().profile).toMatchObject({ email: 'fuzz@a-.aa', shippingAddress: { country: 'AD' } });
  });

  it.each(TARGETS.map(label))(
    '%s refuses what its contract refuses, and stores nothing from it',
    async (_name, target) => {
      const { mutated, refuses, other } = arbitrariesOf(target);
      const before = await rowCounts();
      await assertProperty(
        target,
        'refused',
        fc.asyncProperty(mutated, other, async (request, otherValue) => {
          // Only what the contract refuses: a skip, not a filter, so a route refusing little cannot loop.
          fc.pre(refuses(request) === true);
          const response = await send(target, request, otherValue);
          expectSound(target, response);
          if (!isRefusal(target, response.statusCode)) {
            throw new Error(
              `the contract refuses this request, but ${target.name} answered ${response.statusCode} ${response.body.slice(0, 300)}`,
            );
          }
        }),
      );
      // Row counts of every table (change-feed rows included, so an update shows too).
      expect(
        changedCounts(before, await rowCounts()),
        `${target.name} stored something from a refused request`,
      ).toEqual([]);
    },
    TEST_MS,
  );

  it.each(TARGETS.filter((target) => !STREAMS.has(target.route)).map(label))(
    '%s answers valid-looking and mutated requests without a 5xx',
    async (_name, target) => {
      const { validLooking, mutated, other } = arbitrariesOf(target);
      const requests = fc.oneof({ weight: 3, arbitrary: validLooking }, { weight: 1, arbitrary: mutated });
      await assertProperty(
        target,
        'valid-looking',
        fc.asyncProperty(requests, other, async (request, otherValue) => {
          expectSound(target, await send(target, request, otherValue));
        }),
      );
    },
    TEST_MS,
  );

  it('fuzzes every route that reads a body or a query string: callables, service routes and the auth endpoints among them', () => {
    const fuzzed = new Set(TARGETS.map((target) => target.route));
    const notFuzzed = (routes: string[]) => routes.filter((route) => !fuzzed.has(route));
    const reading = listApiRouteContracts(t.app)
      .filter((contract) => contract.body || contract.querystring)
      .map((contract) => `${contract.method} ${contract.url}`);
    expect(reading.length).toBeGreaterThan(100);
    expect(notFuzzed(reading)).toEqual([]);
    const policies = Object.entries(API_POLICIES);
    expect(
      notFuzzed(policies.filter(([route]) => route.startsWith('POST /api/callable/')).map(([route]) => route)),
    ).toEqual([]);
    expect(notFuzzed(policies.filter(([, policy]) => policy.access === 'service').map(([route]) => route))).toEqual([]);
    const openPosts = [...OPEN_PATHS].filter((route) => route.startsWith('POST ')).map((route) => route.slice(5));
    expect(
      TARGETS.filter((target) => target.auth)
        .map((target) => target.url)
        .sort(),
    ).toEqual(openPosts.sort());
  });
});
