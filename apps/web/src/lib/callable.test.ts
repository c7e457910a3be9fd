import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { CallableError, callFunction, callHttpFunction } from './callable';

/** A real HTTP server whose answer each test chooses through the callable's name. */
let server: http.Server;
let baseUrl: string;
const received: { url?: string; body?: string; headers?: http.IncomingHttpHeaders } = {};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      Object.assign(received, { url: request.url, body, headers: request.headers });
      const [, , , name, arg] = request.url?.split('/') ?? [];
      if (name === 'status') {
        // An error body whose status is not a wire name: the HTTP status decides.
        const code = Number(arg);
        response.writeHead(code, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { status: 'from-server', message: `failed with ${code}` } }));
      } else if (name === 'wire') {
        // The protocol's own error body: the wire name decides, whatever the HTTP status.
        const [wire, http] = (arg ?? '').split(':');
        response.writeHead(Number(http), { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { status: wire, message: `failed as ${wire}`, details: { wire } } }));
      } else if (name === 'echo') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: JSON.parse(body).data }));
      } else if (name === 'no-data') {
        response.end(JSON.stringify({ result: 1 }));
      } else if (name === 'not-object') {
        response.end(arg === 'array' ? '[1,2]' : 'plain text');
      } else if (request.url?.startsWith('/api/fn/subscribe-to-drop')) {
        // A function whose output is text; its refusals are still the JSON error shape (docs/product.md §7.1).
        const refused = request.url.includes('drop=gone');
        response.writeHead(refused ? 404 : 200, {
          'content-type': refused ? 'application/json' : 'text/plain; charset=utf-8',
        });
        response.end(
          refused
            ? JSON.stringify({ error: { status: 'NOT_FOUND', message: 'There is no merch drop with that ID.' } })
            : `You're on the list: ${new URL(request.url, 'http://x').searchParams.get('email')}`,
        );
      } else if (request.url?.startsWith('/api/fn/')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ method: request.method, url: request.url, body: body || null }));
      } else if (name === 'slow') {
        setTimeout(() => response.end('{"data":1}'), 500);
      } else {
        response.writeHead(502);
        response.end('<html>bad gateway</html>');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = async (promise: Promise<unknown>): Promise<CallableError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CallableError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('callFunction', () => {
  it('posts {data} as JSON and returns the parsed data', async () => {
    const result = await callFunction('echo', { email: 'a@b.com' }, z.object({ email: z.string() }), { baseUrl });
    expect(result).toEqual({ email: 'a@b.com' });
    expect(received.url).toBe('/api/callable/echo');
    expect(JSON.parse(received.body ?? '')).toEqual({ data: { email: 'a@b.com' } });
    expect(received.headers?.['content-type']).toBe('application/json');
  });

  it('sends bearer auth and the messaging token under the names the game client uses', async () => {
    await callFunction('echo', null, z.null(), { baseUrl, bearerToken: 't0ken', messagingToken: 'fcm-123' });
    expect(received.headers?.authorization).toBe('Bearer t0ken');
    expect(received.headers?.['firebase-instance-id-token']).toBe('fcm-123');
  });

  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
    [418, 'unknown'],
  ])('maps HTTP %i to %s with the server message', async (code, status) => {
    const error = await failure(callFunction(`status/${code}`, null, z.unknown(), { baseUrl }));
    expect(error.status).toBe(status);
    expect(error.message).toBe(`failed with ${code}`);
  });

  it.each([
    ['INVALID_ARGUMENT', 400, 'invalid-argument'],
    ['UNAUTHENTICATED', 401, 'unauthenticated'],
    ['PERMISSION_DENIED', 403, 'permission-denied'],
    ['NOT_FOUND', 404, 'not-found'],
    ['ABORTED', 409, 'aborted'],
    ['RESOURCE_EXHAUSTED', 429, 'resource-exhausted'],
    ['CANCELLED', 499, 'cancelled'],
    ['INTERNAL', 500, 'internal'],
    ['UNIMPLEMENTED', 501, 'unimplemented'],
    ['UNAVAILABLE', 503, 'unavailable'],
    ['DEADLINE_EXCEEDED', 504, 'deadline-exceeded'],
    ['UNKNOWN', 500, 'unknown'],
    // The body's wire name wins over the HTTP status.
    ['RESOURCE_EXHAUSTED', 400, 'resource-exhausted'],
  ])('reads the wire name %s (HTTP %i) as %s, with message and details', async (wire, http, status) => {
    const error = await failure(callFunction(`wire/${wire}:${http}`, null, z.unknown(), { baseUrl }));
    expect(error.status).toBe(status);
    expect(error.message).toBe(`failed as ${wire}`);
    expect(error.details).toEqual({ wire });
  });

  it('falls back on the HTTP status for a lower-case or foreign status in the body', async () => {
    for (const [wire, http, status] of [
      ['not-found', 400, 'invalid-argument'],
      ['ALREADY_EXISTS', 409, 'aborted'],
    ] as const) {
      const error = await failure(callFunction(`wire/${wire}:${http}`, null, z.unknown(), { baseUrl }));
      expect(error.status).toBe(status);
      expect(error.message).toBe(`failed as ${wire}`);
    }
  });

  it('names the status when the error body is not the protocol shape', async () => {
    const error = await failure(callFunction('gateway', null, z.unknown(), { baseUrl }));
    expect(error.status).toBe('unknown');
  });

  it("says 'Response is missing data field.' without a data field", async () => {
    const error = await failure(callFunction('no-data', null, z.unknown(), { baseUrl }));
    expect(error.message).toBe('Response is missing data field.');
  });

  it.each(['array', 'text'])("says 'Response is not valid JSON object.' for a %s body", async (kind) => {
    const error = await failure(callFunction(`not-object/${kind}`, null, z.unknown(), { baseUrl }));
    expect(error.message).toBe('Response is not valid JSON object.');
  });

  it('gives up with deadline-exceeded after the timeout', async () => {
    const error = await failure(callFunction('slow', null, z.unknown(), { baseUrl, timeoutMs: 100 }));
    expect(error.status).toBe('deadline-exceeded');
  });

  it('reports an unreachable server as unavailable', async () => {
    const error = await failure(callFunction('echo', null, z.unknown(), { baseUrl: 'http://127.0.0.1:9' }));
    expect(error.status).toBe('unavailable');
  });

  it('refuses a result of the wrong shape', async () => {
    const error = await failure(callFunction('echo', 'text', z.number(), { baseUrl }));
    expect(error.status).toBe('internal');
  });
});

describe('callHttpFunction', () => {
  const echo = z.object({ method: z.string(), url: z.string(), body: z.nullable(z.string()) });

  it('sends a GET with its query and reads the plain JSON answer', async () => {
    const result = await callHttpFunction({ method: 'GET', name: 'check-email', query: { email: 'a+b@c.com' } }, echo, {
      baseUrl,
    });
    expect(result).toEqual({ method: 'GET', url: '/api/fn/check-email?email=a%2Bb%40c.com', body: null });
    expect(received.headers?.['content-type']).toBeUndefined();
  });

  it('reads a text answer as the text itself, and a refusal as the JSON error shape', async () => {
    const request = { method: 'GET', name: 'subscribe-to-drop', answer: 'text' } as const;
    const text = await callHttpFunction({ ...request, query: { drop: 'd1', email: 'a@b.com' } }, z.string(), {
      baseUrl,
    });
    expect(text).toBe("You're on the list: a@b.com");
    const error = await failure(
      callHttpFunction({ ...request, query: { drop: 'gone', email: 'a@b.com' } }, z.string(), { baseUrl }),
    );
    expect(error).toMatchObject({ status: 'not-found', message: 'There is no merch drop with that ID.' });
    // Read as JSON (the default), the same text is not the answer's shape.
    const misread = await failure(
      callHttpFunction(
        { method: 'GET', name: 'subscribe-to-drop', query: { drop: 'd1', email: 'a@b.com' } },
        z.string(),
        {
          baseUrl,
        },
      ),
    );
    expect(misread.status).toBe('internal');
  });

  it('sends a POST with a JSON body', async () => {
    const result = await callHttpFunction({ method: 'POST', name: 'register', body: { displayName: 'ash' } }, echo, {
      baseUrl,
    });
    expect(result.body).toBe('{"displayName":"ash"}');
    expect(received.headers?.['content-type']).toBe('application/json');
  });
});
