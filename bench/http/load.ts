import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { GeneratorMessage, GeneratorRequest, LoadResult, LoadSpec, PairResult, PairSpec } from './load-spec';

const GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

/**
 * Runs a load generator in a child process and hands its messages to `onMessage`, which returns
 * the outcome once it has one. A worker thread would do too, but tsx's loader does not reach
 * worker threads on Node 20; a child inherits it through execArgv. The child is killed if it
 * overruns `limitSeconds`, so the bench always stops by itself.
 */
function runGenerator<T>(
  name: string,
  request: GeneratorRequest,
  limitSeconds: number,
  onMessage: (message: GeneratorMessage) => T | Error | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(GENERATOR, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let outcome: T | Error | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), limitSeconds * 1000);
    child.on('message', (raw) => {
      // The generator is the only sender (load-generator.ts).
      const message = raw as GeneratorMessage;
      if (message.kind === 'failed') outcome = new Error(`Load generator for ${name} failed: ${message.error}`);
      else outcome = onMessage(message) ?? outcome;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else if (outcome !== undefined) resolve(outcome);
      else reject(new Error(`Load generator for ${name} exited without a result (${signal ?? `code ${code}`}).`));
    });
    child.send(request);
  });
}

/**
 * One load. The servers under test live in this process, which otherwise idles while a load
 * runs, so this process's CPU time over the measured window is the servers' cost.
 */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  let cpuAtStart: NodeJS.CpuUsage | undefined;
  return runGenerator<LoadResult>(
    spec.name,
    { kind: 'load', spec },
    spec.warmupSeconds + spec.durationSeconds + 30,
    (message) => {
      if (message.kind === 'measuring') {
        cpuAtStart = process.cpuUsage();
        return undefined;
      }
      if (message.kind !== 'result') return new Error(`Unexpected ${message.kind} answer to a load.`);
      const cpu = process.cpuUsage(cpuAtStart);
      const requests = Math.max(message.result.totalRequests, 1);
      return { ...message.result, serverCpuMicrosPerRequest: (cpu.user + cpu.system) / requests };
    },
  );
}

/** Back-to-back pairs (see PairSpec), all in one generator process. */
export function runPairs(spec: PairSpec): Promise<PairResult> {
  return runGenerator<PairResult>(
    spec.name,
    { kind: 'pairs', spec },
    2 * spec.warmupSeconds + 2 * spec.pairs * spec.sliceSeconds + 30,
    (message) => (message.kind === 'pairs' ? message.result : new Error(`Unexpected ${message.kind} answer to pairs.`)),
  );
}
