import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { loadConfig } from '../config';
import { captureLogger } from '../mail/testing';
import { listPushOutbox } from './queries';
import type { PushOutcome } from './sender';
import { createPushSenders } from './senders';
import { startTestFcmServer, type TestFcmServer } from './testing';
import { virtualTime } from './virtual-time';

describe('FCM configuration', () => {
  let fcm: TestFcmServer;
  let dir: string;
  beforeEach(async () => {
    fcm = await startTestFcmServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-fcm-config-'));
  });
  afterEach(async () => {
    await fcm.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads an environment’s service account, relative to the working folder, on FCM’s host by default', () => {
    const file = path.basename(fcm.writeServiceAccount(dir));
    const config = loadConfig(
      { FCM_BETA_SERVICE_ACCOUNT: file, FCM_PRODUCTION_SERVICE_ACCOUNT: file, FCM_PRODUCTION_API_URL: fcm.apiUrl },
      dir,
    );
    const serviceAccount = {
      projectId: 'outpost-test',
      clientEmail: fcm.clientEmail,
      privateKey: expect.stringContaining('-----BEGIN PRIVATE KEY-----'),
      tokenUri: fcm.tokenUri,
    };
    expect(config.fcm).toEqual({
      development: undefined,
      beta: { serviceAccount, apiUrl: 'https://fcm.googleapis.com', concurrency: 100, quotaPerMinute: 600_000 },
      production: { serviceAccount, apiUrl: fcm.apiUrl, concurrency: 100, quotaPerMinute: 600_000 },
    });
    expect(loadConfig({}).fcm).toEqual({ development: undefined, beta: undefined, production: undefined });
  });

  it('reads how many streams FCM_CONCURRENCY keeps in flight, and refuses a number that cannot work', () => {
    const file = fcm.writeServiceAccount(dir);
    expect(loadConfig({ FCM_BETA_SERVICE_ACCOUNT: file, FCM_CONCURRENCY: '4' }, dir).fcm.beta?.concurrency).toBe(4);
    for (const wrong of ['0', '1001', '2.5', 'many']) {
      expect(() => loadConfig({ FCM_BETA_SERVICE_ACCOUNT: file, FCM_CONCURRENCY: wrong }, dir)).toThrow(
        /FCM_CONCURRENCY must be (between 1 and 1000|a whole number of streams|a number of streams)/,
      );
    }
  });

  it('reads each environment’s FCM_<ENV>_QUOTA_PER_MINUTE, and refuses one that is not a whole positive number', () => {
    const file = fcm.writeServiceAccount(dir);
    const config = loadConfig(
      { FCM_BETA_SERVICE_ACCOUNT: file, FCM_PRODUCTION_SERVICE_ACCOUNT: file, FCM_BETA_QUOTA_PER_MINUTE: '1200' },
      dir,
    );
    expect([config.fcm.beta?.quotaPerMinute, config.fcm.production?.quotaPerMinute]).toEqual([1_200, 600_000]);
    expect(() => loadConfig({ FCM_PRODUCTION_QUOTA_PER_MINUTE: '0' })).toThrow(
      'Invalid configuration: FCM_PRODUCTION_QUOTA_PER_MINUTE must be at least 1 message a minute (FCM grants 600000 by default)',
    );
    expect(() => loadConfig({ FCM_DEVELOPMENT_QUOTA_PER_MINUTE: '10.5' })).toThrow(
      'FCM_DEVELOPMENT_QUOTA_PER_MINUTE must be a whole number of messages a minute',
    );
    expect(() => loadConfig({ FCM_BETA_QUOTA_PER_MINUTE: 'lots' })).toThrow(
      'FCM_BETA_QUOTA_PER_MINUTE must be a number of messages a minute',
    );
  });

  it.each([
    [
      'a missing file',
      () => 'nowhere.json',
      /FCM_BETA_SERVICE_ACCOUNT: cannot read the service-account file .*nowhere\.json \(ENOENT\)/,
    ],
    ['a file that is not JSON', () => 'not json', /is not JSON/],
    [
      'another kind of key file',
      (key: Record<string, unknown>) => ({ ...key, type: 'authorized_user' }),
      /its "type" must be "service_account"/,
    ],
    [
      'a file without the project',
      (key: Record<string, unknown>) => ({ ...key, project_id: '' }),
      /has no "project_id"/,
    ],
    [
      'a file without the token endpoint',
      (key: Record<string, unknown>) => ({ ...key, token_uri: undefined }),
      /has no "token_uri"/,
    ],
    [
      'a broken private key',
      (key: Record<string, unknown>) => ({ ...key, private_key: 'MIIEvQ…' }),
      /"private_key" .* is not a PEM private key/,
    ],
  ])('refuses %s when the configuration is loaded, naming the variable and never the key', (_case, change, reason) => {
    const good = JSON.parse(fs.readFileSync(fcm.writeServiceAccount(dir), 'utf8')) as Record<string, unknown>;
    const changed = change(good);
    const file = path.join(dir, 'bad.json');
    if (changed !== 'nowhere.json')
      fs.writeFileSync(file, typeof changed === 'string' ? changed : JSON.stringify(changed));
    const load = () => loadConfig({ FCM_BETA_SERVICE_ACCOUNT: changed === 'nowhere.json' ? changed : 'bad.json' }, dir);
    expect(load).toThrow(reason);
    expect(load).toThrow(/^Invalid configuration: FCM_BETA_SERVICE_ACCOUNT: /);
    expect(load).not.toThrow(/PRIVATE KEY/);
  });

  it('refuses an API URL that is not http(s)', () => {
    expect(() => loadConfig({ FCM_DEVELOPMENT_API_URL: 'fcm.googleapis.com' })).toThrow(
      'FCM_DEVELOPMENT_API_URL must be an http:// or https:// URL',
    );
  });
});

describe.each(TEST_DIALECTS)('push senders per environment on %s', (dialect) => {
  let t: TestStores;
  let fcm: TestFcmServer;
  beforeEach(async () => {
    t = await openTestStores(dialect);
    fcm = await startTestFcmServer();
  });
  afterEach(async () => {
    await fcm.close();
    await t.cleanup();
  });

  it('gives FCM to the environments with a service account and the outbox to the others', async () => {
    const { fcm: configured } = loadConfig(
      { FCM_BETA_SERVICE_ACCOUNT: fcm.writeServiceAccount(t.dataDir), FCM_BETA_API_URL: fcm.apiUrl },
      t.dataDir,
    );
    const senders = createPushSenders({ identity: t.stores.identity, fcm: configured, logger: captureLogger().logger });
    onTestFinished(() => senders.close());
    expect([senders.development.transport, senders.beta.transport, senders.production.transport]).toEqual([
      'outbox',
      'fcm',
      'outbox',
    ]);

    const message = { title: 'Hello', body: 'World' };
    expect((await senders.beta.send(['beta-phone'], message))[0]?.status).toBe('sent');
    expect((await senders.production.send(['live-phone'], message))[0]?.status).toBe('sent');
    expect(fcm.received.map((push) => push.token)).toEqual(['beta-phone']);
    const rows = await listPushOutbox(t.stores.identity, { limit: 10 });
    expect(rows.map((row) => [row.environment, row.token])).toEqual([['production', 'live-phone']]);
  });

  it('keeps as many sends in flight as FCM_CONCURRENCY says', async () => {
    const { fcm: configured } = loadConfig(
      {
        FCM_BETA_SERVICE_ACCOUNT: fcm.writeServiceAccount(t.dataDir),
        FCM_BETA_API_URL: fcm.apiUrl,
        FCM_CONCURRENCY: '3',
      },
      t.dataDir,
    );
    fcm.sendDelayMs = 15;
    const tokens = Array.from({ length: 12 }, (_, i) => `phone-${i}`);
    const senders = createPushSenders({ identity: t.stores.identity, fcm: configured, logger: captureLogger().logger });
    onTestFinished(() => senders.close());
    const outcomes = await senders.beta.send(tokens, { title: 'Hello', body: 'World' });
    expect(outcomes.every((outcome) => outcome.status === 'sent')).toBe(true);
    expect(fcm.maxInFlight).toBe(3);
  });

  it('gives environments on the same Firebase project one gate: a 429 to one pauses the other', async () => {
    const time = virtualTime(1_000_000);
    // Two sends a minute from the first: beta's third token is refused, with Retry-After to the minute's end.
    const quota = await startTestFcmServer({ quotaPerMinute: 2, now: time.now });
    try {
      const file = quota.writeServiceAccount(t.dataDir);
      const { fcm: configured } = loadConfig(
        {
          FCM_BETA_SERVICE_ACCOUNT: file,
          FCM_BETA_API_URL: quota.apiUrl,
          FCM_PRODUCTION_SERVICE_ACCOUNT: file,
          FCM_PRODUCTION_API_URL: quota.apiUrl,
          FCM_CONCURRENCY: '1',
        },
        t.dataDir,
      );
      const message = { title: 'Hello', body: 'World' };
      let production: Promise<PushOutcome[]> | undefined;
      const senders = createPushSenders({
        identity: t.stores.identity,
        fcm: configured,
        logger: captureLogger().logger,
        time: {
          now: time.now,
          random: () => 0,
          // Production's send starts the moment beta's 429 pauses the project, before any time passes.
          sleep: (ms) => {
            production ??= senders.production.send(['live-phone'], message);
            return time.sleep(ms);
          },
        },
      });
      const beta = await senders.beta.send(['beta-1', 'beta-2', 'beta-3'], message);
      const live = await production;

      expect([...beta, ...(live ?? [])].map((outcome) => outcome.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
      expect(quota.throttled).toBe(1);
      // Production waited out beta's pause (to the minute's end) without a request of its own refused.
      expect(quota.attempts.get('live-phone')).toBe(1);
      expect(quota.totalAttempts).toBe(5);
      expect(time.sleeps).toEqual([60_000, 60_000]);
      expect(time.now() - 1_000_000).toBe(60_000);
    } finally {
      await quota.close();
    }
  });
});
