import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = path.join(import.meta.dirname, 'main.ts');

interface Started {
  child: ChildProcess;
  url: URL;
  exit: Promise<{ code: number | null; stderr: string }>;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Runs the real entry point (main.ts through tsx) the way `npm start` runs the build. */
function run(env: Record<string, string>): {
  child: ChildProcess;
  exit: Started['exit'];
  lines: AsyncIterable<string>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  async function* lines() {
    let buffer = '';
    for await (const chunk of child.stdout ?? []) {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      yield* parts;
    }
  }
  return { child, exit, lines: lines() };
}

async function start(): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-main-'));
  const { child, exit, lines } = run({ DATA_DIR: dataDir });
  for await (const line of lines) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; listening?: string };
    if (entry.msg === 'Outpost is up' && entry.listening) return { child, url: new URL(entry.listening), exit };
  }
  throw new Error(`the server did not start: ${(await exit).stderr}`);
}

describe('the server process', () => {
  it('stops at start with one clear line naming an invalid variable', async () => {
    const { exit } = run({ PORT: 'abc' });
    const { code, stderr } = await exit;
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Invalid configuration: PORT must be a port number (got "abc")');
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
});
