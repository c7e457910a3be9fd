import {
  freePort,
  killServerProcesses,
  type LogEntry,
  runServerProcess,
} from '../../apps/server/src/testing/server-process';
import { stopChild } from '../child-process';

/*
 * Real server processes (main.ts, as the tests start it) for the instances bench, on ports the
 * bench picks: they log at warn, so the access log's line per request neither costs them nor
 * floods this process, and there is no "Outpost is up" line to wait for; /readyz tells instead.
 */

export interface ServerInstance {
  name: string;
  origin: string;
  pid: number;
  /** Lines the process logged at warn or above so far. */
  warnings(): LogEntry[];
  /** SIGTERM (its graceful shutdown), SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const READY_WITHIN_MS = 120_000;
const READY_POLL_MS = 100;
const WARN = 40;

// A bench stopped by its time limit (run.ts exits) must not leave servers behind: children outlive
// their parent. 'exit' handlers run synchronously, and a kill is synchronous.
let killOnExit = false;

/** Resolves once /readyz answers 200 (every store answers); rejects if the process exits first or never gets there. */
async function untilReady(origin: string, exit: Promise<{ code: number | null; stderr: string }>): Promise<void> {
  let exited: { code: number | null; stderr: string } | undefined;
  void exit.then((result) => {
    exited = result;
  });
  const deadline = Date.now() + READY_WITHIN_MS;
  while (exited === undefined) {
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`${origin} was not ready within ${READY_WITHIN_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`The server for ${origin} exited (code ${exited.code}): ${exited.stderr.trim()}`);
}

/** Starts main.ts with `env` (over runServerProcess's bare environment) and waits until it is ready. */
export async function startServerInstance(name: string, env: Record<string, string>): Promise<ServerInstance> {
  if (!killOnExit) {
    process.once('exit', killServerProcesses);
    killOnExit = true;
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = runServerProcess({ ...env, PORT: String(port), LOG_LEVEL: 'warn' });
  const { child, exit, entries } = started;
  const stop = (graceMs = 15_000) => stopChild(child, () => child.kill('SIGTERM'), graceMs);
  try {
    await untilReady(origin, exit);
  } catch (error) {
    await stop(0);
    throw error;
  }
  return {
    name,
    origin,
    pid: child.pid ?? 0,
    warnings: () => entries.filter((entry) => (entry.level ?? 0) >= WARN),
    stop,
  };
}
