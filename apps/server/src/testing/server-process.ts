import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { TestStores } from './test-stores';

/*
 * The real server process (main.ts bundled, as `npm start` runs the build), for tests of what
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
  heapUsedBeforeMB?: number;
  heapUsedAfterMB?: number;
  pauseMs?: number;
  reqId?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
  err?: { type?: string; message?: string };
}

/** A user the process runs as, so that file permissions bite: the tests themselves run as root, which they never stop. */
export interface ProcessUser {
  uid: number;
  gid: number;
}

/** Debian's `nobody` / `nogroup`, which owns nothing on the machine. */
export const NOBODY: ProcessUser = { uid: 65534, gid: 65534 };

const checkedUsers = new Set<number>();

/**
 * Checks once that the user can read the server's bundle and load the npm packages it imports, so
 * that a checkout closed to others fails with that reason, not with a server that never comes up.
 */
function checkUserReads(user: ProcessUser, bundle: string): void {
  if (checkedUsers.has(user.uid)) return;
  const readable = spawnSync(
    process.execPath,
    [
      '-e',
      `require('fs').accessSync(${JSON.stringify(bundle)}, require('fs').constants.R_OK); require('module').createRequire(${JSON.stringify(bundle)})('pino')`,
    ],
    { uid: user.uid, gid: user.gid, encoding: 'utf8' },
  );
  if (readable.status !== 0) {
    throw new Error(
      `uid ${user.uid} cannot read the server's bundle or load its packages from ${process.cwd()}: the checkout and its node_modules must be readable by others (chmod o+rX on the path down to it).\n${readable.stderr}`,
    );
  }
  checkedUsers.add(user.uid);
}

export interface ServerProcessOptions {
  /** Runs the process as this user instead of the test's own (root). */
  user?: ProcessUser;
  /** Starts node without `--expose-gc`, unlike `npm start`. */
  withoutExposeGc?: boolean;
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
export function runServerProcess(env: Record<string, string>, options: ServerProcessOptions = {}) {
  const { user, withoutExposeGc } = options;
  const main = bundled(MAIN);
  if (user) checkUserReads(user, main);
  // With the flag `npm start` passes (package.json), so the process collects what its start left.
  const child = spawn(process.execPath, withoutExposeGc ? [main] : ['--expose-gc', main], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
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
  // 'close', not 'exit': at 'exit' the last of what the process wrote may still be unread from its pipes.
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr })),
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

/**
 * Starts the server process (a fresh DATA_DIR unless `env` names one, owned by the process's
 * user) and waits until it listens.
 */
export async function startServerProcess(env: Record<string, string> = {}, options: ServerProcessOptions = {}) {
  let dataDir = env.DATA_DIR;
  if (dataDir === undefined) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-main-'));
    if (options.user) fs.chownSync(dataDir, options.user.uid, options.user.gid);
  }
  const started = runServerProcess({ DATA_DIR: dataDir, ...env }, options);
  const up = await started.line((entry) => entry.msg === 'Outpost is up' && entry.listening !== undefined);
  return { ...started, url: new URL(up.listening as string) };
}

/** The variables that point the process at a test's stores: their DATA_DIR, and on PostgreSQL their database and schemas. */
export function storeProcessEnv(testStores: Pick<TestStores, 'dataDir' | 'stores'>): Record<string, string> {
  const { postgres } = testStores.stores;
  return {
    DATA_DIR: testStores.dataDir,
    ...(postgres
      ? {
          DATABASE_URL: postgres.databaseUrl,
          DATABASE_SCHEMA_PREFIX: postgres.schemas.identity.replace(/identity$/, ''),
        }
      : {}),
  };
}

const SERVER_ROOT = path.join(import.meta.dirname, '..', '..');
const REPOSITORY_ROOT = path.join(SERVER_ROOT, '..', '..');

/**
 * Where bundles of the server's entry points go: below the server's folder, so that their imports of
 * npm packages resolve from there, as the build's in dist/ do.
 */
const BUNDLES = path.join(SERVER_ROOT, 'node_modules', '.cache', 'outpost-test-bundles');

/** Every installed npm package but the workspaces' own (whose TypeScript source goes into a bundle). */
function installedPackages(): string[] {
  const names = new Set<string>();
  for (const modules of [path.join(REPOSITORY_ROOT, 'node_modules'), path.join(SERVER_ROOT, 'node_modules')]) {
    if (!fs.existsSync(modules)) continue;
    for (const entry of fs.readdirSync(modules)) {
      if (entry.startsWith('.') || entry === '@outpost') continue;
      if (!entry.startsWith('@')) names.add(entry);
      else for (const scoped of fs.readdirSync(path.join(modules, entry))) names.add(`${entry}/${scoped}`);
    }
  }
  return [...names];
}

const bundles = new Map<string, string>();

/**
 * A server entry point (main.ts, admin.ts) as one file, bundled once per test process: the
 * server's sources compiled as tsx compiles them (both use esbuild), the npm packages left to load
 * from node_modules, as in `npm run build`'s dist/ (vite.config.ts). A process then loads one file
 * instead of having tsx find, read and compile some 500 modules: half the CPU time of its start,
 * and the tests start the CLI and the server a few dozen times. Named by its content, so test
 * processes running at once share one file, and none reads it half-written.
 */
function bundled(entry: string): string {
  const known = bundles.get(entry);
  if (known) return known;
  const { outputFiles } = buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: installedPackages(),
    write: false,
    logLevel: 'silent',
  });
  const code = outputFiles[0]?.contents;
  if (!code) throw new Error(`esbuild wrote no bundle of ${entry}`);
  const name = path.basename(entry, '.ts');
  const file = path.join(BUNDLES, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  fs.mkdirSync(BUNDLES, { recursive: true, mode: 0o755 });
  if (fs.existsSync(file)) fs.utimesSync(file, new Date(), new Date());
  else {
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, code, { mode: 0o644 });
    fs.renameSync(partial, file);
  }
  // Bundles of earlier code, unused for an hour, go (a run of other code at the same time keeps its own).
  for (const other of fs.readdirSync(BUNDLES)) {
    const stale = path.join(BUNDLES, other);
    // Another test process may have removed it since the folder was read.
    const modified = fs.statSync(stale, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (stale !== file && Date.now() - modified > 3_600_000) fs.rmSync(stale, { force: true });
  }
  bundles.set(entry, file);
  return file;
}

/**
 * Runs `npm run admin -- …` the way an operator does (a process of its own, its exit status and
 * output), against the stores in `dataDir`.
 */
export function runAdminCommand(
  args: string[],
  dataDir: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundled(ADMIN), ...args], {
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
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
