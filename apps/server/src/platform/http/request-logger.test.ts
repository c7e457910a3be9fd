import { afterEach, describe, expect, it } from 'vitest';
import { buildUnreadyTestApp, openTestStores, type TestStores } from '../../testing/test-stores';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
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

  it('writes each request line with its request id at LOG_LEVEL=info', async () => {
    stores = await openTestStores('sqlite');
    const { app, lines } = await loggingApp(stores, 'info');
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.close();

    const requestLines = lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
    expect(requestLines.map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
      'incoming request',
      'request completed',
    ]);
    const [first, , third] = requestLines;
    expect(first?.reqId).toEqual(expect.any(String));
    expect(requestLines.slice(0, 2).every((line) => line.reqId === first?.reqId)).toBe(true);
    expect(third?.reqId).not.toBe(first?.reqId);
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
