import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { errorAnswer } from '../../testing/error-answer';
import { buildTestApp, buildUnreadyTestApp, openTestStores, type TestApp } from '../../testing/test-stores';

/*
 * Rate limits shared by instances (docs/decisions/0111-rate-limits-shared-by-instances.md): n instances must not allow
 * n times a limit. Instances on PostgreSQL share them in the database, any instances in Redis when
 * REDIS_URL is set. Each "instance" is an app of its own on the same stores.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';
const LIMIT = 3;
const rateLimits = { checkEmail: { max: LIMIT, windowMs: 60_000 } };

/** A client address of its own per test and run: Redis keeps windows across test runs. */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** check-email from one client, alternating between the instances; the status of each answer. */
async function checkEmailAcross(apps: FastifyInstance[], calls: number, remoteAddress: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let call = 0; call < calls; call += 1) {
    const app = apps[call % apps.length] as FastifyInstance;
    const answer = await app.inject({ url: '/api/fn/check-email?email=probe@example.com', remoteAddress });
    statuses.push(answer.statusCode);
  }
  return statuses;
}

const LIMITED = [200, 200, 200, 429, 429, 429];

describe.skipIf(!process.env.TEST_DATABASE_URL)('rate limits of instances on PostgreSQL', () => {
  it('are one budget across instances, kept in the database', async () => {
    const stores = await openTestStores('postgres');
    const apps = [await buildUnreadyTestApp(stores, { rateLimits }), await buildUnreadyTestApp(stores, { rateLimits })];
    try {
      await Promise.all(apps.map((app) => app.ready()));
      expect(await checkEmailAcross(apps, 6, clientAddress())).toEqual(LIMITED);
      // Another client has a budget of its own.
      expect(await checkEmailAcross(apps, 1, clientAddress())).toEqual([200]);
      const windows = await stores.stores.identity.selectFrom('rate_limit_windows').select('key').execute();
      expect(windows).toHaveLength(2);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await stores.cleanup();
    }
  });
});

describe('rate limits in Redis (REDIS_URL)', () => {
  const opened: TestApp[] = [];
  const open = async (redisUrl: string) => {
    const t = await buildTestApp('sqlite', { rateLimits, config: { redisUrl } });
    opened.push(t);
    return t.app;
  };
  afterAll(async () => {
    for (const t of opened) await t.cleanup();
  });

  it('are one budget across instances, kept in Redis under our namespace', async () => {
    const apps = [await open(REDIS_URL), await open(REDIS_URL)];
    const address = clientAddress();
    expect(await checkEmailAcross(apps, 6, address)).toEqual(LIMITED);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`outpost-rate-limit:*${address}`);
      expect(keys).toEqual([`outpost-rate-limit:GET/api/fn/check-email-${address}`]);
      expect(Number(await redis.get(keys[0] as string))).toBe(6);
    } finally {
      redis.disconnect();
    }
  });

  it('answers 503 in words when Redis is away, and the rest of the site works', async () => {
    const app = await open('redis://127.0.0.1:1');
    const answer = await app.inject({ url: '/api/fn/check-email?email=probe@example.com' });
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.json()).toEqual(
      errorAnswer('unavailable', 'The service is briefly unavailable. Please try again in 5 seconds.'),
    );
    expect(answer.headers['retry-after']).toBe('5');
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
