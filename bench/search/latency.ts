import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
