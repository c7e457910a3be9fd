import {
  IDEMPOTENCY_CODES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@outpost/contracts/idempotency';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import type { Viewer } from '../http/access';
import { FunctionError, registerErrorHandler } from '../http/errors';
import { IdempotencyKeys } from './keys';
import { registerIdempotency } from './register';

/*
 * The mechanism on its own: a bare Fastify app with the hooks and one route the contracts mark
 * idempotent (spin-machine), whose handler the test scripts. The whole app's spending routes are
 * held by idempotency.test.ts beside app.ts.
 */

const PLAYERS = ['player-a', 'player-b'] as const;
const HOUR = 3_600_000;

describe.each(TEST_DIALECTS)('request keys on %s', (dialect) => {
  let stores: TestStores;
  let app: FastifyInstance;
  let clock = new Date('2026-12-02T10:00:00.000Z');
  /** What the route does on each call; `calls` counts the calls that reached it. */
  let script: (request: FastifyRequest) => Promise<unknown>;
  let calls = 0;

  beforeAll(async () => {
    stores = await openTestStores(dialect);
    const at = new Date().toISOString();
    await stores.stores.identity
      .insertInto('auth_users')
      .values(
        PLAYERS.map((id) => ({
          id,
          name: id,
          email: `${id}@example.com`,
          email_verified: 0,
          image: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    app = Fastify();
    registerErrorHandler(app);
    app.decorateRequest('viewer', function (this: FastifyRequest): Promise<Viewer | null> {
      const userId = this.headers['x-player'];
      return Promise.resolve(typeof userId === 'string' ? { userId, email: '', profile: null } : null);
    });
    registerIdempotency(app, { db: stores.stores.identity, now: () => clock, lockMs: 60_000, waitMs: 300 });
    app.setValidatorCompiler(() => (value) => ({ value }));
    app.get(
      '/api/fn/spin-machine',
      { schema: { querystring: z.object({ machineID: z.string(), idempotencyKey: z.optional(z.string()) }) } },
      async (request) => {
        calls += 1;
        return script(request);
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await stores?.cleanup();
  });
  beforeEach(() => {
    calls = 0;
    clock = new Date(clock.getTime() + 48 * HOUR);
    script = async (request) => ({ spun: (request.query as { machineID: string }).machineID, call: calls });
  });

  const spin = (key: string | undefined, options: { machineID?: string; player?: string; field?: string } = {}) =>
    app.inject({
      method: 'GET',
      url: '/api/fn/spin-machine',
      query: { machineID: options.machineID ?? 'cabinet', ...(options.field ? { idempotencyKey: options.field } : {}) },
      headers: { 'x-player': options.player ?? 'player-a', ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) },
    });

  it('carries out the first request of a key and answers each repeat with its answer', async () => {
    const first = await spin('key-1');
    const again = await spin('key-1');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(calls).toBe(1);
  });

  it('carries out a request without a key every time, as the original clients send none', async () => {
    await spin(undefined);
    await spin(undefined);
    expect(calls).toBe(2);
  });

  it('takes the key as the query field too, the same key as the header', async () => {
    const byField = await spin(undefined, { field: 'field-key' });
    const byHeader = await spin('field-key');
    expect(byHeader.body).toBe(byField.body);
    expect(calls).toBe(1);
  });

  it('refuses a header and a field that differ, and a key that is not one, carrying out nothing', async () => {
    const two = await spin('one-key', { field: 'other-key' });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ error: { message: IDEMPOTENCY_MESSAGES.twoKeys } });
    for (const bad of ['has space', 'x'.repeat(256), 'caf\u00e9']) {
      const response = await spin(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ error: { message: IDEMPOTENCY_MESSAGES.invalid } });
    }
    expect(calls).toBe(0);
  });

  it('refuses the same key for a different request with 409, and carries out nothing', async () => {
    await spin('reused', { machineID: 'cabinet' });
    const other = await spin('reused', { machineID: 'arcade' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      error: { status: 'ABORTED', message: IDEMPOTENCY_MESSAGES.reused, details: { code: IDEMPOTENCY_CODES.reused } },
    });
    expect(calls).toBe(1);
  });

  it('keeps each player’s keys apart', async () => {
    await spin('shared', { player: 'player-a' });
    const other = await spin('shared', { player: 'player-b' });
    expect(other.statusCode).toBe(200);
    expect(calls).toBe(2);
  });

  it('repeats a refusal as it was: the same intent was refused', async () => {
    script = async () => {
      throw new FunctionError('aborted', 'Not enough credits.');
    };
    const first = await spin('refused');
    const again = await spin('refused');
    expect(first.statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(first.body);
    expect(calls).toBe(1);
  });

  it('gives the key back when the request fails on our side, so a retry carries it out', async () => {
    script = async () => {
      throw new Error('the store fell over');
    };
    expect((await spin('faulty')).statusCode).toBe(500);
    script = async () => ({ spun: 'at last' });
    const retry = await spin('faulty');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ spun: 'at last' });
    expect(calls).toBe(2);
  });

  it('carries out concurrent repeats once, each answered with the first answer', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    script = async () => {
      await held;
      return { spun: 'once', call: calls };
    };
    const answers = Array.from({ length: 6 }, () => spin('together'));
    setTimeout(release, 50);
    const responses = await Promise.all(answers);
    expect(calls).toBe(1);
    expect(new Set(responses.map((response) => response.body))).toEqual(
      new Set([JSON.stringify({ spun: 'once', call: 1 })]),
    );
    expect(responses.filter((response) => response.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true')).toHaveLength(5);
  });

  it('tells a repeat to ask again when the first request is still under way after the wait', async () => {
    let release = () => {};
    script = () =>
      new Promise((resolve) => {
        release = () => resolve({ spun: 'slowly' });
      });
    const first = spin('slow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const repeat = await spin('slow');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.headers['retry-after']).toBe('1');
    expect(repeat.json()).toMatchObject({
      error: { message: IDEMPOTENCY_MESSAGES.inProgress, details: { code: IDEMPOTENCY_CODES.inProgress } },
    });
    release();
    expect((await first).statusCode).toBe(200);
    expect((await spin('slow')).json()).toEqual({ spun: 'slowly' });
    expect(calls).toBe(1);
  });

  it('says a request cut off before it answered may have gone through, and carries out nothing', async () => {
    const keys = IdempotencyKeys.of(stores.stores.identity);
    const fingerprint = await (async () => {
      // The fingerprint a spin of the cabinet has: take it by a first request, then cut the answer off.
      await spin('cut');
      const row = await stores.stores.identity
        .selectFrom('idempotency_keys')
        .select('fingerprint')
        .where('key', '=', 'cut')
        .executeTakeFirstOrThrow();
      return row.fingerprint;
    })();
    const claim = { owner: 'player-a', key: 'cut', route: 'GET /api/fn/spin-machine', fingerprint };
    // As an instance that stopped mid-request leaves it: taken, never answered, its lock run out.
    await stores.stores.identity.deleteFrom('idempotency_keys').where('key', '=', 'cut').execute();
    expect(await keys.take(claim, new Date(clock.getTime() - 120_000), new Date(clock.getTime() - 60_000))).toBe(true);
    const repeat = await spin('cut');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toMatchObject({
      error: { message: IDEMPOTENCY_MESSAGES.cutOff, details: { code: IDEMPOTENCY_CODES.cutOff } },
    });
    expect(calls).toBe(1);
  });

  it('remembers a key 24 hours, then forgets it: the prune job removes it and the key is new again', async () => {
    await spin('day-old');
    clock = new Date(clock.getTime() + 24 * HOUR - 1_000);
    expect((await spin('day-old')).headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(calls).toBe(1);
    clock = new Date(clock.getTime() + 2_000);
    expect(await IdempotencyKeys.of(stores.stores.identity).prune(clock)).toBeGreaterThan(0);
    const after = await spin('day-old');
    expect(after.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(calls).toBe(2);
  });

  it('takes over a key past its life that the prune job has not reached yet', async () => {
    await spin('stale');
    clock = new Date(clock.getTime() + 25 * HOUR);
    expect((await spin('stale')).headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(calls).toBe(2);
  });

  it('erases a player’s keys with their account', async () => {
    await spin('mine', { player: 'player-b' });
    await stores.stores.identity.deleteFrom('auth_users').where('id', '=', 'player-b').execute();
    const left = await stores.stores.identity
      .selectFrom('idempotency_keys')
      .select('key')
      .where('owner', '=', 'player-b')
      .execute();
    expect(left).toEqual([]);
  });
});
