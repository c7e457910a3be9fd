import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Environment } from '@outpost/contracts/environments';
import type { PushMessage } from '@outpost/contracts/push-messages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignedIn } from '../../identity/testing';
import { signUpRoles } from '../../identity/testing';
import { PUSH_SEND_JOB } from '../../push/send-job';
import { waitUntilPushSent } from '../../push/testing';
import { tokenKey } from '../../push/token-key';
import { openSse } from '../../testing/sse-client';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../../testing/test-stores';
import { UNMATCHED_ROUTE } from '../http/request-metrics';
import { enqueueRun } from '../jobs/runner';
import { readServiceAccount } from '../push-transport/service-account';
import { startTestFcmServer, type TestFcmServer } from '../push-transport/testing';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';
const INGEST_KEY = 'ingest-key-for-the-metrics-test';

/** One sample of a Prometheus text exposition: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1], label[2]]),
      );
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The value of the one series of `name` with exactly these labels; 0 when it is not reported. */
function seriesValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const found = samples.filter(
    (sample) => sample.name === name && JSON.stringify(Object.entries(sample.labels).sort()) === wanted,
  );
  expect(found.length, `${name} ${wanted}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

describe.each(TEST_DIALECTS)('metrics on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let fcm: TestFcmServer;
  let keyDir: string;
  let roles: Record<'player' | 'admin', SignedIn>;

  beforeAll(async () => {
    fcm = await startTestFcmServer();
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-metrics-'));
    const serviceAccount = readServiceAccount(fcm.writeServiceAccount(keyDir));
    t = await buildTestApp(dialect, {
      // The app's own runner runs the jobs below, as it would in production.
      jobPollMs: 25,
      config: {
        metricsToken: TOKEN,
        ingestKeys: { development: INGEST_KEY, beta: undefined, production: undefined },
        // Beta's pushes go through FCM (a local server speaking its protocol), development's to the outbox.
        fcm: {
          development: undefined,
          beta: { serviceAccount, apiUrl: fcm.apiUrl, concurrency: 4 },
          production: undefined,
        },
      },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    roles = await signUpRoles(t.app, t.stores.identity, { player: [], admin: ['admin'] });
  });
  afterAll(async () => {
    await t.cleanup();
    await fcm.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    return { text: response.body, samples: parseExposition(response.body) };
  };

  it('answers a scrape only with the token: 401 without one, 403 with another', async () => {
    const without = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(without.json()).toEqual({
      error: {
        status: 'UNAUTHENTICATED',
        message: 'The metrics need the metrics token: send Authorization: Bearer <token>.',
        requestId: expect.any(String),
      },
    });
    for (const wrong of [`${TOKEN}x`, TOKEN.slice(0, -1), TOKEN.toUpperCase()]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${wrong}` },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: {
          status: 'PERMISSION_DENIED',
          message: 'That is not the metrics token.',
          requestId: expect.any(String),
        },
      });
      expect(refused.body).not.toContain('outpost_');
    }
    const { samples } = await scrape();
    // The process's own figures come with the app's.
    expect(seriesValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(samples.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts requests and their latency by method, route pattern and status', async () => {
    const before = (await scrape()).samples;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const jobs = (caller: SignedIn) =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/development/jobs',
        headers: { authorization: caller.bearer },
      });
    expect((await jobs(roles.admin)).statusCode).toBe(200);
    expect((await jobs(roles.player)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' })).statusCode).toBe(404);
    const { samples, text } = await scrape();

    const delta = (name: string, labels: Record<string, string>) =>
      seriesValue(samples, name, labels) - seriesValue(before, name, labels);
    const healthz = { method: 'GET', route: '/healthz', status: '200' };
    expect(delta('outpost_http_requests_total', healthz)).toBe(3);
    expect(delta('outpost_http_request_duration_seconds_count', healthz)).toBe(3);
    expect(delta('outpost_http_request_duration_seconds_bucket', { ...healthz, le: '+Inf' })).toBe(3);
    expect(seriesValue(samples, 'outpost_http_request_duration_seconds_sum', healthz)).toBeGreaterThan(0);
    const jobsRoute = { method: 'GET', route: '/api/admin/:env/jobs' };
    expect(delta('outpost_http_requests_total', { ...jobsRoute, status: '200' })).toBe(1);
    expect(delta('outpost_http_requests_total', { ...jobsRoute, status: '403' })).toBe(1);
    expect(delta('outpost_http_requests_total', { method: 'GET', route: UNMATCHED_ROUTE, status: '404' })).toBe(1);
    // The route's pattern, never the address: the series stay as many as the routes.
    expect(text).not.toContain('/api/admin/development/jobs');
    expect(text).not.toContain('no-such-thing');
    // A scrape counts itself once it has answered.
    expect(
      seriesValue(samples, 'outpost_http_requests_total', { method: 'GET', route: '/metrics', status: '200' }),
    ).toBe(seriesValue(before, 'outpost_http_requests_total', { method: 'GET', route: '/metrics', status: '200' }) + 1);
  });

  it('reports the live streams open now', async () => {
    expect(seriesValue((await scrape()).samples, 'outpost_live_streams')).toBe(0);
    const streams = [
      await openSse(`${base}/api/live?topics=machines`),
      await openSse(`${base}/api/live?topics=episodes`),
    ];
    for (const stream of streams) await stream.next((event) => event.event === 'ready');
    expect(seriesValue((await scrape()).samples, 'outpost_live_streams')).toBe(2);
    streams[0]?.close();
    await vi.waitFor(async () => expect(seriesValue((await scrape()).samples, 'outpost_live_streams')).toBe(1));
    streams[1]?.close();
    await vi.waitFor(async () => expect(seriesValue((await scrape()).samples, 'outpost_live_streams')).toBe(0));
  });

  it('counts the game’s events stored, duplicated and refused, per environment', async () => {
    const before = (await scrape()).samples;
    const at = new Date().toISOString();
    const presence = (id: string, userID: string) => ({ id, type: 'presence', at, userID });
    const report = (events: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ingest/development/events',
        headers: { authorization: `Bearer ${INGEST_KEY}` },
        payload: { events },
      });
    const first = await report([
      presence('metrics-1', roles.player.userId),
      presence('metrics-2', roles.admin.userId),
      presence('metrics-3', 'nobody-at-all'),
    ]);
    expect(first.json()).toMatchObject({ stored: 2, duplicated: 0, refused: [{ index: 2 }] });
    const again = await report([
      presence('metrics-1', roles.player.userId),
      presence('metrics-4', roles.player.userId),
    ]);
    expect(again.json()).toMatchObject({ stored: 1, duplicated: 1, refused: [] });
    // A batch refused whole (a wrong key) stores nothing and counts no event.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/ingest/development/events',
          headers: { authorization: 'Bearer not-the-key' },
          payload: { events: [presence('metrics-5', roles.player.userId)] },
        })
      ).statusCode,
    ).toBe(401);

    const { samples } = await scrape();
    const delta = (outcome: string) =>
      seriesValue(samples, 'outpost_ingested_events_total', { env: 'development', outcome }) -
      seriesValue(before, 'outpost_ingested_events_total', { env: 'development', outcome });
    expect([delta('stored'), delta('duplicated'), delta('refused')]).toEqual([3, 1, 1]);
  });

  it('counts each push delivery by environment and outcome, and the FCM answers that pruned or failed', async () => {
    const before = (await scrape()).samples;
    const at = new Date().toISOString();
    const addDevices = (environment: Environment, tokens: string[]) =>
      t.stores.game[environment]
        .insertInto('push_devices')
        .values(
          tokens.map((token) => ({
            token_hash: tokenKey(token),
            token,
            user_id: roles.player.userId,
            platform: 'android' as const,
            registered_at: at,
            last_seen: at,
          })),
        )
        .execute();
    await addDevices('development', ['metrics-phone', 'metrics-tablet']);
    await addDevices('beta', ['beta-ok', 'beta-gone', 'beta-bad-data']);
    fcm.answerAlways('beta-gone', 'unregistered');
    fcm.answerAlways('beta-bad-data', 'invalid-data');

    const sent: [Environment, string][] = [];
    for (const environment of ['development', 'beta'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/fn/${environment}-push-sendbatch`,
        headers: { authorization: roles.admin.bearer },
        payload: { recipientCategory: 'everyone', sendSchedule: 'now', title: 'Metrics', body: `To ${environment}` },
      });
      expect(response.statusCode, response.body).toBe(200);
      sent.push([environment, (response.json() as PushMessage).messageID]);
    }
    // The app's runner sends them (the outbox for development, FCM for beta).
    for (const [environment, messageID] of sent) {
      await waitUntilPushSent(t.stores.game[environment], messageID);
    }

    const { samples } = await scrape();
    const delta = (env: string, outcome: string) =>
      seriesValue(samples, 'outpost_push_deliveries_total', { env, outcome }) -
      seriesValue(before, 'outpost_push_deliveries_total', { env, outcome });
    expect(delta('development', 'sent')).toBe(2);
    expect([delta('beta', 'sent'), delta('beta', 'unregistered'), delta('beta', 'failed')]).toEqual([1, 1, 1]);
    expect(fcm.received.map((push) => push.token)).toEqual(['beta-ok']);
  });

  it('counts failed job attempts and give-ups, and reads the queue by job and state at each scrape', async () => {
    const before = (await scrape()).samples;
    const identity = t.stores.identity;
    // A send whose payload names no message fails: given up at once with one attempt, retried later with two.
    await enqueueRun(identity, { name: PUSH_SEND_JOB, maxAttempts: 1 }, { broken: true });
    await enqueueRun(identity, { name: PUSH_SEND_JOB, maxAttempts: 2 }, { broken: true });
    // A job of another version of the app (no runner here takes it), due now, and one scheduled for tomorrow.
    await enqueueRun(identity, { name: 'metrics-test.elsewhere' }, null);
    await enqueueRun(identity, { name: 'metrics-test.elsewhere' }, null, { runAt: new Date(Date.now() + 86_400_000) });

    await vi.waitFor(
      async () => {
        const runs = await identity
          .selectFrom('jobs')
          .select(['status', 'attempts'])
          .where('name', '=', PUSH_SEND_JOB)
          .where('payload', '=', JSON.stringify({ broken: true }))
          .execute();
        expect(runs.map((run) => `${run.status}/${run.attempts}`).sort()).toEqual(['failed/1', 'pending/1']);
      },
      { timeout: 10_000, interval: 25 },
    );

    const { samples } = await scrape();
    const delta = (name: string, job: string) =>
      seriesValue(samples, name, { job }) - seriesValue(before, name, { job });
    expect(delta('outpost_job_failures_total', PUSH_SEND_JOB)).toBe(2);
    expect(delta('outpost_job_give_ups_total', PUSH_SEND_JOB)).toBe(1);
    const runs = (job: string, state: string) => seriesValue(samples, 'outpost_job_runs', { job, state });
    // The retry waits for its pause; nothing of the send job is due or running now.
    expect([runs(PUSH_SEND_JOB, 'due'), runs(PUSH_SEND_JOB, 'scheduled'), runs(PUSH_SEND_JOB, 'running')]).toEqual([
      0, 1, 0,
    ]);
    expect([runs('metrics-test.elsewhere', 'due'), runs('metrics-test.elsewhere', 'scheduled')]).toEqual([1, 1]);
    // A periodic job always has its next run waiting.
    expect(runs('jobs.prune-history', 'scheduled')).toBe(1);
  });
});

describe.each(TEST_DIALECTS)('without METRICS_TOKEN on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('has no /metrics: the address answers 404 as any unknown one, token or not', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { status: 'NOT_FOUND', message: 'Nothing at GET /metrics.', requestId: expect.any(String) },
      });
    }
  });
});
