import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogger, unusedPort } from '../mail/testing';
import { createFcmPushSender, FCM_DEFAULT_CONCURRENCY, type FcmPushSenderOptions } from './fcm';
import { createProjectGate } from './project-gate';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry';
import type { PushOutcome } from './sender';
import { readServiceAccount } from './service-account';
import { indexedToken, startTestFcmServer, type TestFcmServer, type TestFcmServerOptions } from './testing';
import { virtualTime } from './virtual-time';

const MESSAGE = { title: 'Double credits', body: 'All weekend long', data: { screen: 'shop' } };
const RETRY: Partial<RetryPolicy> = { attempts: 3, baseDelayMs: 100, maxDelayMs: 400, maxRetryAfterMs: 5_000 };

describe('FCM HTTP v1 sender against a local server', () => {
  let fcm: TestFcmServer;
  let dir: string;
  let sleeps: number[];
  beforeEach(async () => {
    fcm = await startTestFcmServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-fcm-'));
    sleeps = [];
  });
  afterEach(async () => {
    vi.useRealTimers();
    await fcm.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The adapter as the app builds it, from a key file; pauses are recorded, not waited. */
  const sender = (options: Partial<FcmPushSenderOptions> = {}) =>
    createFcmPushSender({
      environment: 'development',
      serviceAccount: readServiceAccount(fcm.writeServiceAccount(dir)),
      apiUrl: fcm.apiUrl,
      logger: captureLogger().logger,
      retry: RETRY,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0,
      now: () => 0,
      ...options,
    });

  it('sends each token the notification and data with a bearer token fetched once and reused', async () => {
    const push = sender();
    expect(push.transport).toBe('fcm');

    const first = await push.send(['token-a', 'token-b'], MESSAGE);
    const second = await push.send(['token-c'], { title: 'No data', body: 'Plain' });

    expect(fcm.issued).toHaveLength(1);
    expect(first).toEqual([
      { token: 'token-a', status: 'sent', messageId: expect.stringMatching(/^projects\/outpost-test\/messages\/\d+$/) },
      { token: 'token-b', status: 'sent', messageId: expect.stringMatching(/^projects\/outpost-test\/messages\/\d+$/) },
    ]);
    expect(new Set([...first, ...second].map((outcome) => outcome.status === 'sent' && outcome.messageId)).size).toBe(
      3,
    );
    expect(fcm.received.sort((a, b) => a.token.localeCompare(b.token))).toEqual([
      {
        token: 'token-a',
        title: 'Double credits',
        body: 'All weekend long',
        data: { screen: 'shop' },
        authorization: `Bearer ${fcm.issued[0]}`,
      },
      {
        token: 'token-b',
        title: 'Double credits',
        body: 'All weekend long',
        data: { screen: 'shop' },
        authorization: `Bearer ${fcm.issued[0]}`,
      },
      { token: 'token-c', title: 'No data', body: 'Plain', data: undefined, authorization: `Bearer ${fcm.issued[0]}` },
    ]);
    expect(sleeps).toEqual([]);
  });

  it('fetches a new access token once the old one nears its expiry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T09:00:00.000Z'));
    const push = sender();
    await push.send(['token-a'], MESSAGE);
    vi.setSystemTime(new Date('2026-12-10T09:50:00.000Z'));
    await push.send(['token-b'], MESSAGE);
    expect(fcm.issued).toHaveLength(1);

    // Google's tokens live an hour; the library renews five minutes before the end.
    vi.setSystemTime(new Date('2026-12-10T09:56:00.000Z'));
    await push.send(['token-c'], MESSAGE);
    expect(fcm.issued).toHaveLength(2);
    expect(fcm.received.map((push) => push.authorization)).toEqual([
      `Bearer ${fcm.issued[0]}`,
      `Bearer ${fcm.issued[0]}`,
      `Bearer ${fcm.issued[1]}`,
    ]);
  });

  it('fetches a new access token when FCM refuses the one it has', async () => {
    const push = sender();
    await push.send(['token-a'], MESSAGE);
    fcm.revokeAccessTokens();
    expect(await push.send(['token-b'], MESSAGE)).toEqual([
      { token: 'token-b', status: 'sent', messageId: expect.any(String) },
    ]);
    expect(fcm.issued).toHaveLength(2);
    expect(fcm.received.at(-1)?.authorization).toBe(`Bearer ${fcm.issued[1]}`);
  });

  it('waits out a 429 for as long as Retry-After says before trying that token again', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const push = sender({
      sleep: (ms) => {
        sleeps.push(ms);
        return held;
      },
    });
    fcm.answerNext('token-a', { status: 429, retryAfter: '2' });

    const sending = push.send(['token-a', 'token-b'], MESSAGE);
    await vi.waitFor(() => expect(sleeps).toEqual([2_000]));
    // Only the throttled token waits; the other one is already through.
    expect(fcm.attempts.get('token-a')).toBe(1);
    expect(fcm.received.map((push) => push.token)).toEqual(['token-b']);

    release();
    expect(await sending).toEqual([
      { token: 'token-a', status: 'sent', messageId: expect.any(String) },
      { token: 'token-b', status: 'sent', messageId: expect.any(String) },
    ]);
    expect(fcm.attempts.get('token-a')).toBe(2);
  });

  it('caps a long Retry-After and reads it as an HTTP date too', async () => {
    const push = sender();
    fcm.answerNext('token-a', { status: 429, retryAfter: '86400' });
    fcm.answerNext('token-b', { status: 429, retryAfter: new Date(Date.now() + 60 * 60_000).toUTCString() });
    const outcomes = await push.send(['token-a', 'token-b'], MESSAGE);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['sent', 'sent']);
    expect(sleeps).toEqual([5_000, 5_000]);
  });

  it('retries a 5xx with growing pauses and reports the token failed once the attempts are spent', async () => {
    const { logger, lines } = captureLogger();
    const push = sender({ logger });
    fcm.answerAlways('token-a', { status: 503 });
    fcm.answerNext('token-b', { status: 500 });

    const outcomes = await push.send(['token-a', 'token-b'], MESSAGE);

    expect(outcomes).toEqual([
      { token: 'token-a', status: 'failed', reason: 'FCM 503 UNAVAILABLE: The service is unavailable.' },
      { token: 'token-b', status: 'sent', messageId: expect.any(String) },
    ]);
    expect(fcm.attempts.get('token-a')).toBe(3);
    expect(fcm.attempts.get('token-b')).toBe(2);
    // Three pauses in all: token-a's first and second (doubling), token-b's first; no jitter drawn.
    expect(sleeps.sort((a, b) => a - b)).toEqual([50, 50, 100]);
    expect(lines).toEqual([
      {
        level: 'warn',
        msg: 'Push sends over FCM failed',
        obj: {
          environment: 'development',
          tokens: 2,
          failed: 1,
          firstReason: outcomes[0]?.status === 'failed' && outcomes[0].reason,
        },
      },
    ]);
  });

  it('reports UNREGISTERED and an invalid token as unregistered without retrying, and a bad payload as failed', async () => {
    const push = sender();
    fcm.answerAlways('gone', 'unregistered');
    fcm.answerAlways('garbled', 'invalid-token');
    fcm.answerAlways('payload', 'invalid-data');

    expect(await push.send(['gone', 'garbled', 'payload', 'fine'], MESSAGE)).toEqual([
      { token: 'gone', status: 'unregistered' },
      { token: 'garbled', status: 'unregistered' },
      {
        token: 'payload',
        status: 'failed',
        reason: "FCM 400 INVALID_ARGUMENT: Invalid value at 'message.data[0].value'",
      },
      { token: 'fine', status: 'sent', messageId: expect.any(String) },
    ]);
    expect(Object.fromEntries(fcm.attempts)).toEqual({ gone: 1, garbled: 1, payload: 1, fine: 1 });
    expect(sleeps).toEqual([]);
  });

  it('keeps at most FCM_CONCURRENCY’s default in flight, and the outcomes in the tokens’ order', async () => {
    fcm.sendDelayMs = 15;
    const tokens = Array.from({ length: FCM_DEFAULT_CONCURRENCY + 50 }, (_, i) => `token-${i}`);
    const outcomes = await sender().send(tokens, MESSAGE);
    expect(outcomes.map((outcome) => outcome.token)).toEqual(tokens);
    expect(outcomes.every((outcome) => outcome.status === 'sent')).toBe(true);
    expect(fcm.maxInFlight).toBe(FCM_DEFAULT_CONCURRENCY);
    expect(fcm.issued).toHaveLength(1);
  });

  it('frees a slot while its token waits to retry, and keeps the bound across sends under way at once', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const one = sender({
      concurrency: 1,
      sleep: (ms) => {
        sleeps.push(ms);
        return held;
      },
    });
    fcm.answerNext('token-a', { status: 503 });
    const sending = one.send(['token-a', 'token-b', 'token-c'], MESSAGE);
    // One request at a time, and token-a's pause holds none: the others go through meanwhile.
    await vi.waitFor(() => expect(fcm.received.map((push) => push.token)).toEqual(['token-b', 'token-c']));
    release();
    expect((await sending).map((outcome) => outcome.status)).toEqual(['sent', 'sent', 'sent']);
    expect(fcm.maxInFlight).toBe(1);

    fcm.sendDelayMs = 15;
    const four = sender({ concurrency: 4 });
    const tokens = (prefix: string) => Array.from({ length: 20 }, (_, i) => `${prefix}-${i}`);
    const [first, second] = await Promise.all([four.send(tokens('x'), MESSAGE), four.send(tokens('y'), MESSAGE)]);
    expect([...(first ?? []), ...(second ?? [])].map((outcome) => outcome.token)).toEqual([
      ...tokens('x'),
      ...tokens('y'),
    ]);
    expect(fcm.maxInFlight).toBe(4);
  });

  it('gives up on a request that has no answer within the timeout, one sweeping timer for all', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fcm.sendDelayMs = 5_000;
    let outcomes: PushOutcome[] | undefined;
    void sender({ requestTimeoutMs: 1_000 })
      .send(['token-a', 'token-b'], MESSAGE)
      .then((answered) => {
        outcomes = answered;
      });
    // Only the sweeper's interval moves; the answers are held 5 s of real time, never reached.
    let swept = 0;
    while (outcomes === undefined) {
      await vi.advanceTimersByTimeAsync(100);
      swept += 100;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(outcomes).toEqual(
      ['token-a', 'token-b'].map((token) => ({
        token,
        status: 'failed',
        reason: 'FCM unreachable: no answer within 1000 ms',
      })),
    );
    // Three tries each, each cancelled between 1 and 1.1 timeouts after it left.
    expect(sleeps.sort((a, b) => a - b)).toEqual([50, 50, 100, 100]);
    expect(swept).toBeGreaterThanOrEqual(3_000);
    expect(swept).toBeLessThanOrEqual(3_400);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports every token failed, without throwing, when FCM cannot be reached', async () => {
    const push = sender({ apiUrl: `http://127.0.0.1:${await unusedPort()}` });
    const outcomes = await push.send(['token-a'], MESSAGE);
    expect(outcomes).toEqual([
      { token: 'token-a', status: 'failed', reason: expect.stringMatching(/^FCM unreachable: /) },
    ]);
    expect(sleeps).toHaveLength(2);
  });
});

describe('FCM over HTTP/2 at the push service’s limits', () => {
  const servers: TestFcmServer[] = [];
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-fcm-h2-'));
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const serve = async (options: TestFcmServerOptions) => {
    const server = await startTestFcmServer(options);
    servers.push(server);
    return server;
  };
  const senderTo = (server: TestFcmServer, options: Partial<FcmPushSenderOptions> = {}) =>
    createFcmPushSender({
      environment: 'development',
      serviceAccount: readServiceAccount(server.writeServiceAccount(dir)),
      apiUrl: server.apiUrl,
      logger: captureLogger().logger,
      retry: RETRY,
      random: () => 0,
      ...options,
    });
  const tokens = (count: number, prefix = 'phone') => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  const sentOnce = (server: TestFcmServer, sent: string[]) => {
    expect(server.received.map((push) => push.token).sort()).toEqual([...sent].sort());
    expect([...server.attempts.values()].every((count) => count === 1)).toBe(true);
  };

  it('never opens more streams on a connection than the server advertises, opening more connections instead', async () => {
    const fcm = await serve({ maxConcurrentStreams: 5 });
    fcm.sendDelayMs = 15;
    const sent = tokens(60);
    const outcomes = await senderTo(fcm, { concurrency: 12 }).send(sent, MESSAGE);
    expect(outcomes.every((outcome) => outcome.status === 'sent')).toBe(true);
    expect(fcm.maxStreamsPerConnection).toBe(5);
    expect(fcm.maxInFlight).toBe(12);
    expect(fcm.connections).toBe(3);
    sentOnce(fcm, sent);
  });

  it('loses and duplicates nothing when the server sends GOAWAY mid-send, the refused streams sent again unspent', async () => {
    const fcm = await serve({ goawayAfter: 7 });
    const sleeps: number[] = [];
    const sent = tokens(100);
    const outcomes = await senderTo(fcm, {
      concurrency: 10,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    }).send(sent, MESSAGE);
    expect(outcomes.every((outcome) => outcome.status === 'sent')).toBe(true);
    expect(fcm.goaways).toBeGreaterThanOrEqual(100 / 7 - 1);
    expect(fcm.connections).toBe(fcm.goaways + 1);
    sentOnce(fcm, sent);
    // A refused stream is neither a failure nor a try: no pause was taken.
    expect(sleeps).toEqual([]);
  });

  it('holds the project’s rate so that a server with the same quota never answers 429', async () => {
    const time = virtualTime(1_000_000);
    const fcm = await serve({ quotaPerMinute: 20, now: time.now });
    const gate = createProjectGate({
      quotaPerMinute: 20,
      policy: { ...DEFAULT_RETRY_POLICY, ...RETRY },
      now: time.now,
      sleep: time.sleep,
      random: () => 0,
    });
    const sent = tokens(50);
    const outcomes = await senderTo(fcm, { concurrency: 1, gate, sleep: time.sleep }).send(sent, MESSAGE);
    expect(outcomes.every((outcome) => outcome.status === 'sent')).toBe(true);
    expect(fcm.throttled).toBe(0);
    sentOnce(fcm, sent);
    // One every 3 s after the first: 49 waits.
    expect(time.now() - 1_000_000).toBe(49 * 3_000);
  });

  it('pauses on a quota’s 429 for its Retry-After and sends the refused tokens again, none failed', async () => {
    const time = virtualTime(1_000_000);
    const fcm = await serve({ quotaPerMinute: 20, now: time.now });
    const sent = tokens(50);
    const push = senderTo(fcm, {
      concurrency: 1,
      sleep: time.sleep,
      now: time.now,
      retry: { ...RETRY, maxRetryAfterMs: 120_000 },
    });
    const outcomes = await push.send(sent, MESSAGE);
    expect(outcomes.every((outcome) => outcome.status === 'sent')).toBe(true);
    expect(fcm.throttled).toBe(2);
    expect(time.sleeps).toEqual([60_000, 60_000]);
    expect(fcm.received.map((push) => push.token).sort()).toEqual([...sent].sort());
    expect(fcm.totalAttempts).toBe(52);
  });

  it('pauses the other sends of the same project while one waits out a 429', async () => {
    const fcm = await serve({});
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sleeps: number[] = [];
    const sleep = (ms: number) => {
      sleeps.push(ms);
      return held;
    };
    const gate = createProjectGate({
      quotaPerMinute: 600_000,
      policy: { ...DEFAULT_RETRY_POLICY, ...RETRY },
      now: () => 0,
      sleep,
      random: () => 0,
    });
    const beta = senderTo(fcm, { environment: 'beta', gate, sleep });
    const production = senderTo(fcm, { environment: 'production', gate, sleep });
    fcm.answerNext('beta-phone', { status: 429, retryAfter: '3' });

    const first = beta.send(['beta-phone'], MESSAGE);
    await vi.waitFor(() => expect(sleeps).toEqual([3_000]));
    const second = production.send(['live-phone'], MESSAGE);
    await vi.waitFor(() => expect(sleeps).toEqual([3_000, 3_000]));
    expect(fcm.received).toEqual([]);
    expect(fcm.totalAttempts).toBe(1);

    release();
    expect((await first)[0]?.status).toBe('sent');
    expect((await second)[0]?.status).toBe('sent');
    sentOnce({ ...fcm, attempts: new Map([['live-phone', 1]]) }, ['beta-phone', 'live-phone']);
  });

  it('counts a large send by token index without keeping each push (count-only mode)', async () => {
    const fcm = await serve({ countOnly: { capacity: 1_000 } });
    const sent = Array.from({ length: 300 }, (_, i) => indexedToken('run1', i * 3));
    const outcomes = await senderTo(fcm).send([...sent, indexedToken('run1', 0), 'not-indexed'], MESSAGE);
    expect(outcomes.every((outcome) => outcome.status === 'sent')).toBe(true);
    expect(fcm.received).toEqual([]);
    expect([fcm.counted.distinct, fcm.counted.duplicates, fcm.counted.foreign]).toEqual([300, 1, 1]);
    expect([
      fcm.counted.has(0),
      fcm.counted.has(3),
      fcm.counted.has(897),
      fcm.counted.has(1),
      fcm.counted.has(898),
    ]).toEqual([true, true, true, false, false]);
    expect([...fcm.counted.contents]).toEqual([[JSON.stringify([MESSAGE.title, MESSAGE.body, MESSAGE.data]), 302]]);
  });
});
