import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { startBareServer } from '../http/minimal-server';
import type { LatencyMessage, LatencyPlan } from './latency-client';

const CLIENT = fileURLToPath(new URL('./latency-client.ts', import.meta.url));

export interface Timings {
  /** Each measured request's time in ms, in the order sent (so request i is plan.requests[i % n]). */
  milliseconds: number[];
  failures: number;
  firstFailure?: string;
}

/** Times `plan`'s requests one after another in a child process; killed if it overruns. */
export function measureLatency(plan: LatencyPlan): Promise<Timings> {
  return new Promise((resolve, reject) => {
    const child = fork(CLIENT, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let outcome: LatencyMessage | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), (plan.warmupSeconds + plan.durationSeconds + 30) * 1000);
    // The client is the only sender (latency-client.ts).
    child.on('message', (message) => {
      outcome = message as LatencyMessage;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (outcome?.kind === 'timings') resolve(outcome);
      else if (outcome?.kind === 'failed') reject(new Error(`The latency client failed: ${outcome.error}`));
      else reject(new Error(`The latency client exited without timings (${signal ?? `code ${code}`}).`));
    });
    child.send(plan);
  });
}

/** The value below which `fraction` of the times fall (nearest rank). */
export function percentile(milliseconds: readonly number[], fraction: number): number {
  const sorted = [...milliseconds].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

/** The one-minute load average, written beside each figure: the machine is shared. */
export const loadNow = (): number => os.loadavg()[0] ?? Number.NaN;

/** The bare route's timing: a row of the baseline group. */
export interface BareRun {
  group: 'baseline';
  name: string;
  timings: Timings;
  load: number;
}

/**
 * Runs `measure` between two timings of a bare Fastify JSON route, one request at a time as the
 * rows are: the mean of their p95s is the baseline of every ratio in the run, and the two apart
 * show how the machine drifted meanwhile.
 */
export async function betweenBareRuns<Result>(
  seconds: { warmupSeconds: number; durationSeconds: number },
  measure: () => Promise<Result>,
): Promise<{ first: BareRun; last: BareRun; bareP95: number; result: Result }> {
  const bare = await startBareServer();
  try {
    const run = async (name: string): Promise<BareRun> => ({
      group: 'baseline',
      name,
      timings: await measureLatency({
        origin: bare.origin,
        requests: [{ method: 'GET', path: '/', headers: {} }],
        ...seconds,
      }),
      load: loadNow(),
    });
    const first = await run('bare Fastify JSON route (first)');
    const result = await measure();
    const last = await run('bare Fastify JSON route (last)');
    const bareP95 = (percentile(first.timings.milliseconds, 0.95) + percentile(last.timings.milliseconds, 0.95)) / 2;
    return { first, last, bareP95, result };
  } finally {
    await bare.close();
  }
}
