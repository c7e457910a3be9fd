import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type {
  GeneratorMessage,
  GeneratorRequest,
  LoadResult,
  LoadSpec,
  PairOutcome,
  PairResult,
  PairSpec,
} from './load-spec';

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
  onMessage: (message: GeneratorMessage, generator: ChildProcess) => T | Error | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(GENERATOR, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let outcome: T | Error | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), limitSeconds * 1000);
    child.on('message', (raw) => {
      // The generator is the only sender (load-generator.ts).
      const message = raw as GeneratorMessage;
      if (message.kind === 'failed') outcome = new Error(`Load generator for ${name} failed: ${message.error}`);
      else outcome = onMessage(message, child) ?? outcome;
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

/**
 * Measures something over each slice of a series of pairs: told when a slice starts (with the
 * generator's process, itself a load on the machine) and when it ends.
 */
export interface SliceMeter<Reading> {
  start(generator: ChildProcess): void;
  end(side: 'baseline' | 'subject', requests: number): void;
  reading(): Reading;
}

/** Back-to-back pairs (see PairSpec), all in one generator process, with what `meter` read over the slices. */
export function runMeteredPairs<Reading>(
  spec: PairSpec,
  meter: SliceMeter<Reading>,
): Promise<PairResult & { meter: Reading }> {
  return runGenerator<PairResult & { meter: Reading }>(
    spec.name,
    { kind: 'pairs', spec },
    2 * spec.warmupSeconds + 2 * spec.pairs * spec.sliceSeconds + 30,
    (message, generator) => {
      switch (message.kind) {
        case 'slice-start':
          meter.start(generator);
          return undefined;
        case 'slice-end':
          meter.end(message.side, message.requests);
          return undefined;
        case 'pairs':
          return { ...message.result, meter: meter.reading() };
        default:
          return new Error(`Unexpected ${message.kind} answer to pairs.`);
      }
    },
  );
}

/** The server's CPU time per request on each side, when the servers live in this process. */
function parentCpuMeter(): SliceMeter<PairOutcome['serverCpuMicrosPerRequest']> {
  const cpu = { baseline: 0, subject: 0 };
  const requests = { baseline: 0, subject: 0 };
  let sliceStart: NodeJS.CpuUsage | undefined;
  return {
    start() {
      sliceStart = process.cpuUsage();
    },
    end(side, sliceRequests) {
      const used = process.cpuUsage(sliceStart);
      cpu[side] += used.user + used.system;
      requests[side] += sliceRequests;
    },
    reading: () => ({
      baseline: cpu.baseline / Math.max(requests.baseline, 1),
      subject: cpu.subject / Math.max(requests.subject, 1),
    }),
  };
}

/**
 * Back-to-back pairs (see PairSpec), all in one generator process, with the server's CPU time
 * per request on each side: like the table's, it barely moves when other programs compete for
 * the cores, so it helps read a verdict from a busy machine (on PostgreSQL it leaves out the
 * database's own work).
 */
export async function runPairs(spec: PairSpec): Promise<PairOutcome> {
  const { meter, ...result } = await runMeteredPairs(spec, parentCpuMeter());
  return { ...result, serverCpuMicrosPerRequest: meter };
}
