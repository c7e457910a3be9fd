import { randomUUID } from 'node:crypto';
import { SESSION_END_MESSAGES } from '@outpost/contracts/identity';
import { LIVE_CONTROL_EVENTS } from '@outpost/contracts/live-topics';
import type { Product } from '@outpost/contracts/products';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../../apps/server/src/identity/queries';
import { type LocalS3, startLocalS3 } from '../../apps/server/src/platform/storage/local-s3';
import { multipartSave, newProductInput, pngBytes, saveInput } from '../../apps/server/src/products/testing';
import { EVERYONE_REWARD_JOB } from '../../apps/server/src/rewards/everyone-job';
import { seedDemoData } from '../../apps/server/src/seed';
import {
  freePort,
  killServerProcesses,
  type LogEntry,
  startServerProcess,
  storeProcessEnv,
} from '../../apps/server/src/testing/server-process';
import { openSse, type SseEvent, type SseStream } from '../../apps/server/src/testing/sse-client';
import { openTestStores, type TestStores } from '../../apps/server/src/testing/test-stores';
import { type ReverseProxy, startProxy } from './nginx';

/*
 * The scale test (docs/decisions/0112-the-scale-test.md): two server processes on one PostgreSQL behind Debian's nginx
 * with the repository's configuration, files in an S3-compatible bucket. What one instance does, the other
 * knows: sessions, their ends, live events, jobs run once, rate limits counted once.
 */

const BUCKET = 'outpost-scale';
const PASSWORD = 'correct horse battery';
/** check-email's limit per client and minute (DEFAULT_RATE_LIMITS). */
const CHECK_EMAIL_LIMIT = 30;

interface Instance {
  url: URL;
  entries: LogEntry[];
}

interface Cluster {
  proxy: ReverseProxy;
  instances: Instance[];
  stop(): Promise<void>;
}

if (!process.env.TEST_DATABASE_URL) {
  throw new Error('npm run test:scale needs PostgreSQL: set TEST_DATABASE_URL (postgres://…).');
}

/** Two instances and the proxy in front of them; `env` is added to both instances' variables. */
async function startCluster(stores: TestStores, s3: LocalS3, env: Record<string, string> = {}): Promise<Cluster> {
  const proxyPort = await freePort();
  const instanceEnv = {
    ...storeProcessEnv(stores),
    AUTH_SECRET: 'scale-test-secret-that-is-at-least-32-characters',
    PUBLIC_URL: `https://localhost:${proxyPort}`,
    TRUST_PROXY: '1',
    ATTESTATION_MODE: 'off',
    SEED_DEMO_DATA: 'false',
    FILE_STORE: 's3',
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    S3_PUBLIC_URL: `${s3.endpoint}/${BUCKET}/`,
    ...env,
  };
  const started = await Promise.all([startServerProcess(instanceEnv), startServerProcess(instanceEnv)]);
  const instances = started.map(({ url, entries }) => ({ url, entries }));
  const proxy = await startProxy(
    instances.map((instance) => instance.url),
    proxyPort,
  );
  return {
    proxy,
    instances,
    async stop() {
      await proxy.stop();
      killServerProcesses();
    },
  };
}

/** How many requests to `path` each instance answered (from its access log). */
const servedBy = (instances: Instance[], path: string) =>
  instances.map((instance) => instance.entries.filter((entry) => entry.req?.url?.startsWith(path)).length);

describe('two instances behind nginx on one PostgreSQL', () => {
  let stores: TestStores;
  let s3: LocalS3;
  let cluster: Cluster;
  let origin: string;
  const streams: SseStream[] = [];

  /** A call through the proxy, or straight to one instance with `at`. */
  const call = async (
    path: string,
    options: { method?: string; bearer?: string; body?: unknown; at?: Instance; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(new URL(path, options.at?.url ?? origin), {
      method: options.method ?? 'GET',
      headers: {
        origin,
        ...(options.bearer ? { authorization: options.bearer } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as unknown };
  };

  /** A player signed up and registered through the proxy: their bearer token and id. */
  const signUp = async (name: string) => {
    const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
    const created = await call('/api/auth/sign-up/email', {
      method: 'POST',
      body: { email, password: PASSWORD, name },
    });
    expect(created.status, created.text).toBe(200);
    const bearer = `Bearer ${created.headers.get('set-auth-token')}`;
    const registered = await call('/api/fn/register', { method: 'POST', bearer, body: { email, displayName: name } });
    expect(registered.status, registered.text).toBe(200);
    return { bearer, userId: (created.json() as { user: { id: string } }).user.id };
  };

  const follow = async (base: string, topics: string, bearer: string) => {
    const stream = await openSse(`${base}/api/live?topics=${topics}`, { authorization: bearer });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((event) => event.event === 'ready');
    return stream;
  };

  beforeAll(async () => {
    s3 = await startLocalS3(BUCKET);
    stores = await openTestStores('postgres');
    await seedDemoData(stores.stores, 'development');
    cluster = await startCluster(stores, s3);
    origin = cluster.proxy.origin;
  }, 120_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await cluster?.stop();
    await stores?.cleanup();
    await s3?.close();
  });

  it('serves the site through the proxy from both instances, and keeps /metrics off it', async () => {
    for (let request = 0; request < 6; request += 1) expect((await call('/healthz')).status).toBe(200);
    expect(servedBy(cluster.instances, '/healthz').every((count) => count > 0)).toBe(true);
    expect((await call('/metrics')).status).toBe(404);
  });

  it('keeps a session valid on every instance, and ends it on every instance', async () => {
    const player = await signUp('wanderer');
    for (const at of cluster.instances)
      expect((await call('/api/account/credits', { bearer: player.bearer, at })).status).toBe(200);

    const [first, second] = cluster.instances as [Instance, Instance];
    const signedOut = await call('/api/auth/sign-out', { method: 'POST', bearer: player.bearer, at: first, body: {} });
    expect(signedOut.status, signedOut.text).toBe(200);
    // The second instance had the session in its cache: the end reaches it through PostgreSQL.
    await expect
      .poll(async () => (await call('/api/account/credits', { bearer: player.bearer, at: second })).status, {
        timeout: 3_000,
        interval: 25,
      })
      .toBe(401);
    expect((await call('/api/account/credits', { bearer: player.bearer, at: first })).status).toBe(401);
  });

  it('brings a change made on one instance to streams on the other and through the proxy', async () => {
    const player = await signUp('lookout');
    const [first, second] = cluster.instances as [Instance, Instance];
    const onSecond = await follow(second.url.origin, 'profile', player.bearer);
    const throughProxy = await follow(origin, 'profile', player.bearer);
    const renamed = await call('/api/account/profile', {
      method: 'PUT',
      bearer: player.bearer,
      at: first,
      body: { displayName: 'Lookout_Two' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    // The registration's own change may still be on its way to the other instance when the
    // streams open: the rename is the event to wait for.
    const renaming = (candidate: SseEvent) =>
      candidate.event === 'profile' &&
      (candidate.data as { record?: { displayName?: string } }).record?.displayName === 'Lookout_Two';
    for (const stream of [onSecond, throughProxy]) {
      expect((await stream.next(renaming, 10_000)).data).toMatchObject({ key: player.userId });
    }
  });

  it('ends a stream on one instance with its last event, within a second, when its session ends on the other', async () => {
    const player = await signUp('sentry');
    const [first, second] = cluster.instances as [Instance, Instance];
    const onFirst = await follow(first.url.origin, 'machines,profile', player.bearer);
    const startedAt = Date.now();
    const signedOut = await call('/api/auth/sign-out', { method: 'POST', bearer: player.bearer, at: second, body: {} });
    expect(signedOut.status, signedOut.text).toBe(200);
    const last = await onFirst.next((event) => event.event === LIVE_CONTROL_EVENTS.ended, 1_000);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(last.data).toEqual({ cause: 'signed-out', message: SESSION_END_MESSAGES['signed-out'] });
    await expect.poll(() => onFirst.ended, { timeout: 1_000, interval: 10 }).toBe(true);
    expect(onFirst.events.at(-1)).toBe(last);
  });

  it('runs a job once, whichever instance takes it, and never a periodic job twice at a time', async () => {
    const admin = await signUp('quartermaster');
    await setProfileKeys(stores.stores.identity, admin.userId, ['admin']);
    const players = [await signUp('scout'), await signUp('ranger')];
    const requestID = `scale-${randomUUID()}`;
    const sent = await call('/api/callable/development-admin-distributereward', {
      method: 'POST',
      bearer: admin.bearer,
      body: { data: { requestID, audience: 'everyone', credits: 25, reason: 'Two instances, one reward' } },
    });
    expect(sent.status, sent.text).toBe(200);
    const runs = () =>
      stores.stores.identity
        .selectFrom('jobs')
        .selectAll()
        .where('name', '=', EVERYONE_REWARD_JOB)
        .where('key', '=', `development:${requestID}`)
        .execute();
    await expect
      .poll(async () => (await runs()).map((run) => run.status), { timeout: 15_000, interval: 50 })
      .toEqual(['done']);
    expect((await runs())[0]?.attempts).toBe(1);
    for (const player of players) {
      const credits = await stores.stores.game.development
        .selectFrom('credit_ledger')
        .select('amount')
        .where('user_id', '=', player.userId)
        .where('reference', 'like', `reward:${requestID}:%`)
        .execute();
      expect(credits).toEqual([{ amount: 25 }]);
    }

    // Both instances ran their periodic jobs from the start: one run of each at a time.
    const periodic = await stores.stores.identity
      .selectFrom('jobs')
      .select(['name', 'started_at', 'finished_at'])
      .where('key', '=', 'periodic')
      .where('started_at', 'is not', null)
      .orderBy('started_at')
      .execute();
    expect(periodic.length).toBeGreaterThan(0);
    const byName = new Map<string, typeof periodic>();
    for (const run of periodic) byName.set(run.name, [...(byName.get(run.name) ?? []), run]);
    for (const [name, named] of byName) {
      for (let index = 1; index < named.length; index += 1) {
        const before = named[index - 1]?.finished_at ?? '';
        expect(before, `${name} ran twice at a time`).not.toBe('');
        expect((named[index]?.started_at ?? '') >= before, `${name} ran twice at a time`).toBe(true);
      }
    }
  });

  it('stores an upload in the bucket, and every instance shows it', async () => {
    const staff = await signUp('curator');
    await setProfileKeys(stores.stores.identity, staff.userId, ['staff']);
    const [first, second] = cluster.instances as [Instance, Instance];
    const created = await call('/api/admin/development/products', {
      method: 'POST',
      bearer: staff.bearer,
      at: first,
      body: newProductInput(),
    });
    expect(created.status, created.text).toBe(200);
    const product = created.json() as Product;
    const upload = await multipartSave(saveInput(product), [{ name: 'lantern.png', bytes: await pngBytes() }]);
    const saved = await fetch(new URL(`/api/admin/development/products/${product.productID}`, first.url), {
      method: 'PUT',
      headers: { origin, authorization: staff.bearer, ...upload.headers },
      body: new Uint8Array(upload.payload),
    });
    expect(saved.status).toBe(200);
    const shown = await call(`/api/admin/development/products/${product.productID}`, {
      bearer: staff.bearer,
      at: second,
    });
    expect(shown.status, shown.text).toBe(200);
    const [image] = (shown.json() as Product).images;
    expect(image?.url.startsWith(`${s3.endpoint}/${BUCKET}/`)).toBe(true);
    const served = await fetch(image?.url ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('counts a rate limit once across instances, in PostgreSQL', async () => {
    const statuses: number[] = [];
    for (let request = 0; request <= CHECK_EMAIL_LIMIT; request += 1) {
      statuses.push((await call('/api/fn/check-email?email=someone@example.com')).status);
    }
    expect(statuses).toEqual([...Array(CHECK_EMAIL_LIMIT).fill(200), 429]);
    expect(servedBy(cluster.instances, '/api/fn/check-email').every((count) => count > 0)).toBe(true);
  });
});

describe('two instances behind nginx with REDIS_URL', () => {
  // A database of Redis's own for this test, emptied first: a window outlives a test run.
  const REDIS_URL = 'redis://127.0.0.1:6379/7';
  let stores: TestStores;
  let s3: LocalS3;
  let cluster: Cluster;

  beforeAll(async () => {
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    redis.disconnect();
    s3 = await startLocalS3(BUCKET);
    stores = await openTestStores('postgres');
    cluster = await startCluster(stores, s3, { REDIS_URL });
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await stores?.cleanup();
    await s3?.close();
  });

  it('counts a rate limit once across instances, in Redis', async () => {
    const statuses: number[] = [];
    for (let request = 0; request <= CHECK_EMAIL_LIMIT; request += 1) {
      const response = await fetch(new URL('/api/fn/check-email?email=someone@example.com', cluster.proxy.origin));
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(CHECK_EMAIL_LIMIT).fill(200), 429]);
    expect(servedBy(cluster.instances, '/api/fn/check-email').every((count) => count > 0)).toBe(true);
    const redis = new Redis(REDIS_URL);
    try {
      expect(await redis.keys('outpost-rate-limit:*')).toEqual(['outpost-rate-limit:GET/api/fn/check-email-127.0.0.1']);
      // The database kept no window of its own.
      expect(await stores.stores.identity.selectFrom('rate_limit_windows').selectAll().execute()).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});
