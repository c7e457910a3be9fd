import { type ChildProcess, spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AppStores } from '../stores';

/*
 * The real server process (main.ts through tsx), as `npm start` runs the build, for tests of what
 * only a process shows: its start and exit, its signals, a kill -9.
 */

const MAIN = path.join(import.meta.dirname, '..', 'main.ts');
const ADMIN = path.join(import.meta.dirname, '..', 'admin.ts');

const running = new Set<ChildProcess>();

/** Kills every server process a test started and left running (call it after each test). */
export function killServerProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export interface LogEntry {
  /** pino's: 40 warn, 50 error, 60 fatal. */
  level?: number;
  msg?: string;
  listening?: string;
  reqId?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
}

/**
 * A free TCP port on loopback, for a process that cannot be told to pick one and say which (nginx),
 * or whose address must be known before it starts.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs the server process with `env` over a bare environment (PATH, loopback, a free port, info logs). */
export function runServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  // Every JSON line the process writes, as it writes them.
  const entries: LogEntry[] = [];
  const arrivals = new EventEmitter();
  let partial = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) if (line.startsWith('{')) entries.push(JSON.parse(line) as LogEntry);
    arrivals.emit('lines');
  });
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  /** The first line `matches`, once written; rejects when the process exits first. */
  const line = (matches: (entry: LogEntry) => boolean) =>
    new Promise<LogEntry>((resolve, reject) => {
      const look = () => {
        const found = entries.find(matches);
        if (!found) return;
        arrivals.off('lines', look);
        resolve(found);
      };
      arrivals.on('lines', look);
      look();
      void exit.then(() => reject(new Error(`the server exited: ${stderr}`)));
    });
  return { child, exit, entries, line };
}

/** The variables that point a server process at `stores` (PostgreSQL's database and schemas; SQLite's DATA_DIR). */
export function storeEnvironment(stores: AppStores, dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ...(stores.postgres
      ? {
          DATABASE_URL: stores.postgres.databaseUrl,
          DATABASE_SCHEMA_PREFIX: stores.postgres.schemas.identity.replace(/identity$/, ''),
        }
      : {}),
  };
}

/** Starts the server process (a fresh DATA_DIR unless `env` names one) and waits until it listens. */
export async function startServerProcess(env: Record<string, string> = {}) {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-main-'));
  const started = runServerProcess({ DATA_DIR: dataDir, ...env });
  const up = await started.line((entry) => entry.msg === 'Outpost is up' && entry.listening !== undefined);
  return { ...started, url: new URL(up.listening as string) };
}

/** Runs `npm run admin -- …` the way an operator does, against the stores in `dataDir`. */
export function runAdminCommand(
  args: string[],
  dataDir: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ADMIN, ...args], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'test-secret-that-is-at-least-32-characters-long',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}
