import { afterEach, describe, expect, it } from 'vitest';
import { buildUnreadyTestApp, openTestStores, type TestStores } from '../../testing/test-stores';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url?: string };
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

    expect((await app.inject({ method: 'GET', url: '/request-logger-test/fails' })).statusCode).toBe(500);
    await app.close();
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'request failed', reqId: expect.any(String) })]);
  });
});
