import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUnreadyTestApp, openTestStores, type TestStores } from '../../testing/test-stores';
import { accessLine, accessLoggerOf } from './access-log';

/*
 * The access line is put together by hand (access-log.ts): it must be the line the app's own
 * logger writes for the same fields, written as pino writes (a line per write), and none lost
 * when the app closes.
 */

/** What the HTTP parser can hand over as an address: characters of one byte each (it reads latin1). */
const byteString = (maxLength: number) =>
  fc.array(fc.integer({ min: 0, max: 0xff }), { maxLength }).map((codes) => String.fromCharCode(...codes));

const answeredRequest = fc.record({
  reqId: fc.oneof(fc.uuid(), byteString(40)),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
  url: fc.oneof(
    byteString(200),
    fc.constantFrom(
      '/healthz',
      '/login?mode=reset&token=t0k"en',
      '/api/auth/reset-password/abc\\def?callbackURL=%2F',
      '/api/fn/check-email?email=a%40b.example&key=k&Password=p',
    ),
  ),
  ip: fc.option(fc.oneof(fc.ipV4(), fc.ipV6()), { nil: undefined }),
  statusCode: fc.integer({ min: 100, max: 599 }),
  responseTime: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.nat()),
});

describe('access lines', () => {
  let stores: TestStores;
  let app: FastifyInstance;
  const writes: string[] = [];

  beforeAll(async () => {
    stores = await openTestStores('sqlite');
    app = await buildUnreadyTestApp(stores, {
      config: { logLevel: 'info' },
      logStream: { write: (chunk: string) => writes.push(chunk) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await stores.cleanup();
  });

  it('are the line the app’s logger writes for the same fields, byte for byte', () => {
    fc.assert(
      fc.property(answeredRequest, ({ ip, ...answered }) => {
        writes.length = 0;
        app.log.info(
          {
            reqId: answered.reqId,
            req: { ...answered, ip },
            res: { statusCode: answered.statusCode },
            responseTime: answered.responseTime,
          },
          'request completed',
        );
        const [line] = writes;
        const time = /^\{"level":30(,"time":\d+)/.exec(line ?? '')?.[1];
        expect(time).toBeDefined();
        expect(accessLine(accessLoggerOf(app.log), { ...answered, ip, time: time as string })).toBe(line);
      }),
      { numRuns: 500 },
    );
  });

  it('writes one line per answer, one line per write, after the answers', async () => {
    writes.length = 0;
    const urls = Array.from({ length: 20 }, (_, index) => `/healthz?n=${index}`);
    const answers = await Promise.all(urls.map((url) => app.inject({ method: 'GET', url })));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.every((chunk) => chunk.indexOf('\n') === chunk.length - 1)).toBe(true);
    const lines = writes.map((line) => JSON.parse(line));
    expect(lines.map((line) => line.req.url).sort()).toEqual([...urls].sort());
    expect(lines.every((line) => line.msg === 'request completed' && line.res.statusCode === 200)).toBe(true);
  });

  it('loses no line of an answer sent just before the app closes', async () => {
    const closing = await buildUnreadyTestApp(stores, {
      config: { logLevel: 'info' },
      logStream: { write: (chunk: string) => writes.push(chunk) },
    });
    writes.length = 0;
    const answer = await closing.inject({ method: 'GET', url: '/healthz?last=1' });
    await closing.close();
    expect(answer.statusCode).toBe(200);
    expect(writes.join('').match(/"url":"\/healthz\?last=1"/g)).toHaveLength(1);
  });
});
