import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureLogger, unusedPort } from '../mail/testing';
import { createFcmPushSender, type FcmPushSenderOptions } from './fcm';
import type { RetryPolicy } from './retry';
import { readServiceAccount } from './service-account';
import { startTestFcmServer, type TestFcmServer } from './testing';

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
    // Three pauses in all: token-a's first and second (doubling), token-b's first.
    const [firstPauses, secondPauses] = [sleeps.filter((ms) => ms <= 100), sleeps.filter((ms) => ms > 100)];
    expect(firstPauses).toHaveLength(2);
    expect(secondPauses).toHaveLength(1);
    for (const ms of firstPauses) expect(ms).toBeGreaterThanOrEqual(50);
    expect(secondPauses[0]).toBeLessThanOrEqual(200);
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

  it('keeps at most 16 sends in flight, and the outcomes in the tokens’ order', async () => {
    fcm.sendDelayMs = 15;
    const tokens = Array.from({ length: 50 }, (_, i) => `token-${i}`);
    const outcomes = await sender().send(tokens, MESSAGE);
    expect(outcomes.map((outcome) => outcome.token)).toEqual(tokens);
    expect(outcomes.every((outcome) => outcome.status === 'sent')).toBe(true);
    expect(fcm.maxInFlight).toBe(16);
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

  it('reports every token failed, without throwing, when FCM cannot be reached', async () => {
    const push = sender({ apiUrl: `http://127.0.0.1:${await unusedPort()}` });
    const outcomes = await push.send(['token-a'], MESSAGE);
    expect(outcomes).toEqual([
      { token: 'token-a', status: 'failed', reason: expect.stringMatching(/^FCM unreachable: /) },
    ]);
    expect(sleeps).toHaveLength(2);
  });
});
