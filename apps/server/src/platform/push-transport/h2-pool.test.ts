import fs from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSelfSignedCertificate } from '../../testing/self-signed';
import { createH2Pool } from './h2-pool';

/**
 * The pool's https:// path (FCM's) against a local TLS HTTP/2 server with a certificate of its own
 * (testing/self-signed.ts): the pool trusts it only through its `ca` option, so the system's store
 * stays the app's.
 */
describe('the HTTP/2 pool over TLS', () => {
  let dir: string;
  let cert: string;
  let server: http2.Http2SecureServer;
  let origin: string;
  const protocols: (string | false | undefined)[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-h2-tls-'));
    const { keyFile, certFile } = writeSelfSignedCertificate(dir);
    cert = fs.readFileSync(certFile, 'utf8');
    // HTTP/2 only: a client that did not negotiate h2 by ALPN is refused the handshake.
    server = http2.createSecureServer({ key: fs.readFileSync(keyFile), cert, allowHTTP1: false });
    server.on('session', (session) => protocols.push(session.alpnProtocol));
    server.on('stream', (stream, headers) => {
      let body = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        body += chunk;
      });
      stream.on('end', () => {
        stream.respond({ ':status': 200, 'content-type': 'application/json', 'retry-after': '7' });
        stream.end(JSON.stringify({ path: headers[':path'], body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (pool: ReturnType<typeof createH2Pool>, token: string) =>
    pool.post(
      { ':method': 'POST', ':path': '/v1/projects/p/messages:send', 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ token })),
    );

  it('sends over TLS with ALPN h2 to a server whose authority it is given', async () => {
    const pool = createH2Pool(origin, { timeoutMs: 10_000, ca: cert });
    const answers = await Promise.all(['a', 'b', 'c'].map((token) => post(pool, token)));
    expect(answers.map((answer) => [answer.status, answer.retryAfter, JSON.parse(answer.body)])).toEqual(
      ['a', 'b', 'c'].map((token) => [
        200,
        '7',
        { path: '/v1/projects/p/messages:send', body: JSON.stringify({ token }) },
      ]),
    );
    expect(protocols).toEqual(['h2']);
  });

  it('trusts only the system’s authorities unless told otherwise, so the test’s certificate is refused', async () => {
    const pool = createH2Pool(origin, { timeoutMs: 10_000 });
    await expect(post(pool, 'a')).rejects.toThrow(/self[- ]signed certificate/i);
  });
});
