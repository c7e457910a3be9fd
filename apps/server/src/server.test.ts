import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { killServerProcesses, runServerProcess as run, startServerProcess as start } from './testing/server-process';

afterEach(killServerProcesses);

describe('the server process', () => {
  it('stops at start with one clear line naming an invalid variable', async () => {
    const { exit } = run({ PORT: 'abc' });
    const { code, stderr } = await exit;
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be a port number (got "abc")');
  });

  it('runs a full collection once it listens, and logs the heap in use before and after it', async () => {
    const { entries, line } = await start();
    const collected = await line((entry) => entry.msg === 'collected what the start left');
    expect(collected.heapUsedAfterMB).toBeLessThan(collected.heapUsedBeforeMB as number);
    expect(collected.pauseMs).toBeGreaterThanOrEqual(0);
    // After it listens: main.ts logs both once startServer has answered, the collection last.
    expect(entries.findIndex((entry) => entry.msg === 'Outpost is up')).toBeLessThan(entries.indexOf(collected));
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'warns at its start on a PostgreSQL database that compares text by a language’s rules',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      const admin = new pg.Client({ connectionString: url.toString() });
      admin.on('error', () => undefined);
      const name = `outpost_icu_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin.connect();
      try {
        await admin.query(
          `create database ${name} template template0 locale_provider icu icu_locale 'en-US' locale 'C.UTF-8'`,
        );
        url.pathname = `/${name}`;
        const { line } = await start({ DATABASE_URL: url.toString() });
        const warned = await line((entry) => entry.msg?.startsWith('The PostgreSQL database compares text') === true);
        expect(warned.level).toBe(40);
        expect(warned.msg).toContain("by the rules of ICU's en-US");
        killServerProcesses();
      } finally {
        try {
          await admin.query(`drop database if exists ${name} with (force)`);
        } finally {
          await admin.end();
        }
      }
    },
    // The process migrates a new database from nothing, every store: 8 s on a quiet machine, past the
    // server tests' 20 s on CI's two busy cores.
    60_000,
  );

  it('warns at its start, and collects nothing, when node was started without --expose-gc', async () => {
    const { entries, line } = await start({}, { withoutExposeGc: true });
    const warned = await line((entry) => entry.msg?.startsWith('no full collection after the start') === true);
    expect(warned.level).toBe(40);
    expect(warned.msg).toContain('--expose-gc');
    expect(entries.some((entry) => entry.msg === 'collected what the start left')).toBe(false);
  });

  it('finishes a request in flight on SIGTERM, refuses new connections, then exits cleanly', async () => {
    const { child, url, exit } = await start();
    const body = JSON.stringify({ data: 'inflight@example.com' });
    const socket = net.connect(Number(url.port), url.hostname);
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk;
    });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    // Half the body now, the rest after the signal: the request is in flight when shutdown begins.
    socket.write(
      `POST /api/callable/signupForEmails HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const refused = await new Promise<boolean>((resolve) => {
      const probe = net.connect(Number(url.port), url.hostname);
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);

    socket.write(body.slice(10));
    await ended;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).toContain('{"data":{"email":"inflight@example.com","created":true}}');
    expect((await exit).code).toBe(0);
  });

  it('writes one line per request with its id, and loses none when it stops right after them', async () => {
    const { child, url, exit, entries } = await start();
    // Its output unread, so the pipe fills: the logger's writes are refused and wait to be tried again.
    // A long address makes long lines, far more than the pipe and the reader's buffer hold.
    child.stdout?.pause();
    const requests = 500;
    const probe = `/healthz?probe=${'x'.repeat(1_000)}`;
    const answers = await Promise.all(
      Array.from({ length: requests }, () => fetch(new URL(probe, url)).then((response) => response.status)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
    // At once: the lines still in the logger's buffer, and a write waiting for the pipe, must reach
    // stdout before the process ends.
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    child.stdout?.resume();
    expect((await exit).code).toBe(0);
    const served = entries.filter((entry) => entry.msg === 'request completed' && entry.req?.url === probe);
    expect(served).toHaveLength(requests);
    expect(served.every((entry) => entry.res?.statusCode === 200)).toBe(true);
    expect(new Set(served.map((entry) => entry.reqId)).size).toBe(requests);
    // Fastify's own two lines per request are replaced by that one.
    expect(entries.some((entry) => entry.msg === 'incoming request')).toBe(false);
  });
});
