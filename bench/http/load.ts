import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { GeneratorMessage, LoadResult, LoadSpec } from './load-spec';

const GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

/**
 * Runs one load in a child process. A worker thread would do too, but tsx's loader does not
 * reach worker threads on Node 20; a child inherits it through execArgv. The child is killed
 * if it overruns, so the bench always stops by itself.
 *
 * The servers under test live in this process, which otherwise idles while a load runs, so
 * this process's CPU time over the measured window is the servers' cost.
 */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(GENERATOR, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let cpuAtStart: NodeJS.CpuUsage | undefined;
    let outcome: LoadResult | Error | undefined;
    const limitMs = (spec.warmupSeconds + spec.durationSeconds + 30) * 1000;
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('message', (raw) => {
      // The generator is the only sender (load-generator.ts).
      const message = raw as GeneratorMessage;
      if (message.kind === 'measuring') cpuAtStart = process.cpuUsage();
      else if (message.kind === 'failed')
        outcome = new Error(`Load generator for ${spec.name} failed: ${message.error}`);
      else {
        const cpu = process.cpuUsage(cpuAtStart);
        const requests = Math.max(message.result.totalRequests, 1);
        outcome = { ...message.result, serverCpuMicrosPerRequest: (cpu.user + cpu.system) / requests };
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else if (outcome) resolve(outcome);
      else reject(new Error(`Load generator for ${spec.name} exited without a result (${signal ?? `code ${code}`}).`));
    });
    child.send(spec);
  });
}
