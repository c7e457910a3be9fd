import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { captureLogger } from '../mail/testing';
import type { FcmConfigs } from './fcm-senders';
import { FCM_THREAD_HEAP_MB, type FcmThread, startFcmThread } from './fcm-thread';
import { InvalidPushError, PUSH_CHUNK_LIMIT } from './sender';
import { startTestFcmServer, type TestFcmServer } from './testing';

/** The tests' idle time before the thread ends (the app's is FCM_THREAD_IDLE_MS). */
const IDLE_MS = 300;
const MESSAGE = { title: 'Hello', body: 'World', data: { messageID: 'thread-test' } };

describe('the FCM senders’ thread', () => {
  let fcm: TestFcmServer;
  let dir: string;
  let thread: FcmThread;
  let log: ReturnType<typeof captureLogger>;
  beforeAll(async () => {
    fcm = await startTestFcmServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-fcm-thread-'));
  });
  afterAll(async () => {
    await fcm.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  let configured: FcmConfigs;
  beforeEach(() => {
    const file = fcm.writeServiceAccount(dir);
    ({ fcm: configured } = loadConfig(
      {
        FCM_BETA_SERVICE_ACCOUNT: file,
        FCM_BETA_API_URL: fcm.apiUrl,
        FCM_PRODUCTION_SERVICE_ACCOUNT: file,
        FCM_PRODUCTION_API_URL: fcm.apiUrl,
      },
      dir,
    ));
    log = captureLogger();
    thread = startFcmThread(configured, log.logger, { idleMs: IDLE_MS });
    fcm.received.length = 0;
    fcm.sendDelayMs = 0;
  });
  afterEach(() => thread.close());

  it('sends from a thread of its own, each outcome in its token’s order, every environment on its configuration', async () => {
    fcm.answerAlways('gone-phone', 'unregistered');
    fcm.answerAlways('bad-payload', 'invalid-data');
    // The main thread's node:http2 is not the one that connects: the thread has a module of its own.
    const connect = vi.spyOn(http2, 'connect');
    const beta = await thread.sender('beta').send(['phone-1', 'gone-phone', 'bad-payload', 'phone-2'], MESSAGE);
    expect(connect).not.toHaveBeenCalled();
    connect.mockRestore();
    expect(beta).toEqual([
      { token: 'phone-1', status: 'sent', messageId: expect.any(String) },
      { token: 'gone-phone', status: 'unregistered' },
      {
        token: 'bad-payload',
        status: 'failed',
        reason: "FCM 400 INVALID_ARGUMENT: Invalid value at 'message.data[0].value'",
      },
      { token: 'phone-2', status: 'sent', messageId: expect.any(String) },
    ]);
    expect(await thread.sender('production').send(['live-phone'], MESSAGE)).toEqual([
      { token: 'live-phone', status: 'sent', messageId: expect.any(String) },
    ]);
    expect(fcm.received.map((push) => [push.token, push.title, push.data?.messageID])).toEqual([
      ['phone-1', 'Hello', 'thread-test'],
      ['phone-2', 'Hello', 'thread-test'],
      ['live-phone', 'Hello', 'thread-test'],
    ]);
    // The thread's warning about the failed token reaches the app's logger.
    expect(log.lines).toContainEqual({
      level: 'warn',
      obj: { environment: 'beta', tokens: 4, failed: 1, firstReason: expect.stringContaining('INVALID_ARGUMENT') },
      msg: 'Push sends over FCM failed',
    });
  });

  it('refuses a wrong call at once, with the sender’s own error, and sends nothing', async () => {
    const attempts = fcm.totalAttempts;
    const tooMany = Array.from({ length: PUSH_CHUNK_LIMIT + 1 }, (_, index) => `phone-${index}`);
    await expect(thread.sender('beta').send(tooMany, MESSAGE)).rejects.toThrow(InvalidPushError);
    await expect(thread.sender('beta').send(['phone'], { title: ' ', body: 'World' })).rejects.toThrow(
      InvalidPushError,
    );
    expect(fcm.totalAttempts).toBe(attempts);
  });

  it('fails a send to an environment with no FCM configuration in words', async () => {
    await expect(thread.sender('development').send(['phone'], MESSAGE)).rejects.toThrow(
      'The development environment has no FCM configuration',
    );
  });

  it('fails the sends under way when it is closed, and every send after', async () => {
    fcm.sendDelayMs = 5_000;
    const connections = fcm.connections;
    const cut = thread.sender('beta').send(['slow-phone'], MESSAGE);
    // The thread is up and has connected: the send is with the server, which holds it.
    await expect.poll(() => fcm.connections, { timeout: 10_000 }).toBe(connections + 1);
    const refused = expect(cut).rejects.toThrow('The FCM thread was closed');
    await thread.close();
    await refused;
    fcm.sendDelayMs = 0;
    await expect(thread.sender('beta').send(['next-phone'], MESSAGE)).rejects.toThrow('The FCM senders are closed');
    expect(thread.running()).toBe(false);
  });

  it('ends its thread once idle, and starts it again at the next send', async () => {
    expect(thread.running()).toBe(false);
    const first = thread.sender('beta').send(['first-phone'], MESSAGE);
    expect(thread.running()).toBe(true);
    await first;
    // Chunks that follow each other keep it: the idle time starts over at each send, so one held
    // longer than the idle time is answered.
    fcm.sendDelayMs = 2 * IDLE_MS;
    expect(await thread.sender('beta').send(['second-phone'], MESSAGE)).toEqual([
      { token: 'second-phone', status: 'sent', messageId: expect.any(String) },
    ]);
    fcm.sendDelayMs = 0;
    expect(thread.running()).toBe(true);
    await expect.poll(() => thread.running(), { timeout: 10 * IDLE_MS }).toBe(false);
    expect(await thread.sender('beta').send(['third-phone'], MESSAGE)).toEqual([
      { token: 'third-phone', status: 'sent', messageId: expect.any(String) },
    ]);
  });

  it('fails the sends it owes when the thread dies, and the next send starts another', async () => {
    const workers: Worker[] = [];
    const onWorker = (worker: Worker) => workers.push(worker);
    process.on('worker', onWorker);
    try {
      fcm.sendDelayMs = 5_000;
      const connections = fcm.connections;
      const cut = thread.sender('beta').send(['doomed-phone'], MESSAGE);
      await expect.poll(() => fcm.connections, { timeout: 10_000 }).toBe(connections + 1);
      // The thread dies from outside, as a crash would end it: not through close() or the idle end.
      const refused = expect(cut).rejects.toThrow(/^The FCM thread ended \(exit code \d+\) before it answered$/);
      expect(workers).toHaveLength(1);
      // Its heap has the bounds it was given, not the machine's (0147).
      expect(workers[0]?.resourceLimits).toMatchObject(FCM_THREAD_HEAP_MB);
      await workers[0]?.terminate();
      await refused;
      expect(thread.running()).toBe(false);
      fcm.sendDelayMs = 0;
      expect(await thread.sender('beta').send(['next-phone'], MESSAGE)).toEqual([
        { token: 'next-phone', status: 'sent', messageId: expect.any(String) },
      ]);
      expect(workers).toHaveLength(2);
    } finally {
      process.off('worker', onWorker);
    }
  });

  it('lets the process exit once its sends are answered, long before its idle time ends', async () => {
    // A process of its own whose thread would stay up for an hour: only the thread's unref lets it end.
    const program = `
      const { startFcmThread } = await import(${JSON.stringify(new URL('./fcm-thread.ts', import.meta.url).href)});
      const quiet = { info() {}, warn() {} };
      const thread = startFcmThread(JSON.parse(process.env.FCM_CONFIGS), quiet, { idleMs: 3_600_000 });
      const outcomes = await thread.sender('beta').send(['exiting-phone'], { title: 'Hello', body: 'World' });
      console.log(outcomes[0].status);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', program], {
      env: { ...process.env, FCM_CONFIGS: JSON.stringify(configured) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    const held = setTimeout(() => child.kill(), 15_000);
    const [code, signal] = await once(child, 'exit');
    clearTimeout(held);
    expect({ code, signal, output: output.trim() }).toEqual({ code: 0, signal: null, output: 'sent' });
  });
});
