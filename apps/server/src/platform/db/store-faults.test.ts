import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEmailSignup } from '../../site/queries';
import { openAppStores } from '../../stores';
import { errorAnswer } from '../../testing/error-answer';
import { buildTestApp, buildUnreadyTestApp, type TestApp, type TestStores } from '../../testing/test-stores';
import { dropSchemas } from './stores';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/**
 * A TCP hop between the app and PostgreSQL that the test can cut, as a stopped server or a lost
 * network does: every connection through it is dropped and new ones are refused until it is
 * restored on the same port.
 */
class CuttableLink {
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<net.Socket>();
  #server: net.Server | undefined;
  port = 0;

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.#target);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

const signup = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/callable/signupForEmails', payload: { data: email } });

/** Asks until `ok` holds, for at most `ms`. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL going away under load', () => {
  const link = new CuttableLink({
    host: new URL(TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432').hostname,
    port: Number(new URL(TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432').port || 5432),
  });
  const schemaPrefix = `faults_${process.pid}_${Date.now().toString(36)}_`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-faults-'));
  let app: FastifyInstance;
  let testStores: TestStores;

  beforeAll(async () => {
    await link.open();
    const url = new URL(TEST_DATABASE_URL as string);
    url.port = String(link.port);
    const open = () => openAppStores({ dataDir, databaseUrl: url.toString(), schemaPrefix, poolSize: 3 });
    const stores = await open();
    testStores = {
      stores,
      dataDir,
      reopen: open,
      cleanup: async () => {
        await stores.close();
        await dropSchemas(TEST_DATABASE_URL as string, schemaPrefix);
      },
    };
    app = await buildUnreadyTestApp(testStores, { rateLimits: { emailSignup: { max: 1000, windowMs: 60_000 } } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testStores.cleanup();
    await link.cut();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while it is gone, says why at /readyz, and recovers on its own', async () => {
    expect((await signup(app, 'before@example.com')).statusCode).toBe(200);

    await link.cut();
    // Requests keep coming: each is answered, none with a 500, and the process stays up.
    const during = await Promise.all(
      Array.from({ length: 20 }, (_, index) => signup(app, `during-${index}@example.com`)),
    );
    for (const answer of during) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual(
        errorAnswer('unavailable', 'The service is briefly unavailable. Please try again in 5 seconds.'),
      );
    }
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json().error.message).toBe('PostgreSQL is not answering (ECONNREFUSED).');
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await link.open();
    expect(await eventually(async () => (await app.inject({ url: '/readyz' })).statusCode === 200, 10_000)).toBe(true);
    expect((await signup(app, 'after@example.com')).statusCode).toBe(200);
    // What was refused was not stored; what came before and after was.
    const db = testStores.stores.game.development;
    expect(await findEmailSignup(db, 'before@example.com')).toBeDefined();
    expect(await findEmailSignup(db, 'after@example.com')).toBeDefined();
    for (let index = 0; index < 20; index += 1) {
      expect(await findEmailSignup(db, `during-${index}@example.com`)).toBeUndefined();
    }
  });
});

describe('a SQLite store that cannot grow (a full disk)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { rateLimits: { emailSignup: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('refuses writes with one clear 503, keeps the store whole, and takes writes again once there is room', async () => {
    const db = t.stores.game.development;
    expect((await signup(t.app, 'room@example.com')).statusCode).toBe(200);
    // SQLite's own limit on the file's pages fails a growing write as a full disk does (SQLITE_FULL).
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${rows[0]?.page_count}`).execute(db);
    const refused = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        signup(t.app, `${'a-long-address-to-fill-pages-'.repeat(6)}${index}@example.com`),
      ),
    );
    const full = refused.filter((answer) => answer.statusCode !== 200);
    expect(full.length).toBeGreaterThan(0);
    for (const answer of full) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.message).toBe(
        'The server has run out of disk space, so nothing can be saved right now. Please try again later.',
      );
    }
    const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(check.rows).toEqual([{ integrity_check: 'ok' }]);

    await sql.raw('pragma max_page_count = 1073741823').execute(db);
    expect((await signup(t.app, 'room-again@example.com')).statusCode).toBe(200);
    expect(await findEmailSignup(db, 'room@example.com')).toBeDefined();
  });
});
