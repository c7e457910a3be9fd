import { afterEach, describe, expect, it } from 'vitest';
import { buildUnreadyTestApp, openTestStores, type TestStores } from '../../testing/test-stores';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method?: string; url?: string; remoteAddress?: string };
  res?: { statusCode?: number };
}

/** The whole app logging at `logLevel` into an array, with one route that fails. */
async function loggingApp(stores: TestStores, logLevel: 'info' | 'error') {
  const lines: LogLine[] = [];
  const app = await buildUnreadyTestApp(stores, {
    config: { logLevel },
    logStream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  });
  app.get('/request-logger-test/fails', () => {
    throw new Error('the test route fails');
  });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  let stores: TestStores | undefined;
  afterEach(async () => {
    await stores?.cleanup();
    stores = undefined;
  });

  it('writes one line per request, with its request id, at LOG_LEVEL=info', async () => {
    stores = await openTestStores('sqlite');
    const { app, lines } = await loggingApp(stores, 'info');
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/request-logger-test/fails' });
    await app.close();

    const requestLines = lines.filter((line) => line.msg === 'request completed');
    expect(requestLines.map((line) => [line.req?.url, line.res?.statusCode])).toEqual([
      ['/healthz', 200],
      ['/request-logger-test/fails', 500],
    ]);
    const [served, failed] = requestLines;
    expect(served?.reqId).toEqual(expect.any(String));
    expect(failed?.reqId).not.toBe(served?.reqId);
    // The failure's own line carries the id of its request's line.
    expect(lines.find((line) => line.msg === 'request failed')?.reqId).toBe(failed?.reqId);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('writes nothing for a served request at LOG_LEVEL=error, and a failure with its request id', async () => {
    stores = await openTestStores('sqlite');
    const { app, lines } = await loggingApp(stores, 'error');
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(lines).toEqual([]);

    const failed = await app.inject({ method: 'GET', url: '/request-logger-test/fails' });
    await app.close();
    expect(failed.statusCode).toBe(500);
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'request failed', reqId: expect.any(String) })]);
    // The answer shows the id its log line carries, and nothing of the failure's internals.
    expect(failed.json()).toEqual({
      error: { status: 'INTERNAL', message: 'Internal error.', requestId: lines[0]?.reqId },
    });
  });

  it('logs a request by an id of its own, its client and its address with the credentials it carries masked', async () => {
    stores = await openTestStores('sqlite');
    const { app, lines } = await loggingApp(stores, 'info');
    await app.inject({ method: 'GET', url: '/login?mode=reset&token=reset-token-123' });
    await app.inject({ method: 'GET', url: '/api/auth/reset-password/reset-token-456?callbackURL=%2Flogin' });
    await app.inject({ method: 'GET', url: '/api/fn/check-email?email=a%40b.example&key=key-789&Password=pw-0' });
    await app.close();
    const requestLines = lines.filter((line) => line.msg === 'request completed');
    expect(requestLines.map((line) => line.req)).toEqual([
      { method: 'GET', url: '/login?mode=reset&token=[Redacted]', remoteAddress: '127.0.0.1' },
      { method: 'GET', url: '/api/auth/reset-password/[Redacted]?callbackURL=%2Flogin', remoteAddress: '127.0.0.1' },
      {
        method: 'GET',
        url: '/api/fn/check-email?email=a%40b.example&key=[Redacted]&Password=[Redacted]',
        remoteAddress: '127.0.0.1',
      },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/reset-token|key-789|pw-0/);
    // Random ids, so that one names one request across instances and restarts (Fastify counts from req-1).
    const ids = requestLines.map((line) => line.reqId);
    expect(
      ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id ?? '')),
    ).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });
});
