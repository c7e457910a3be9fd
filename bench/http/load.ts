import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadResult, LoadSpec } from './load-spec';

type GeneratorReply = { ok: true; result: LoadResult } | { ok: false; error: string };

const GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

/**
 * Runs one load in a child process. A worker thread would do too, but tsx's loader does not
 * reach worker threads on Node 20; a child inherits it through execArgv. The child is killed
 * if it overruns, so the bench always stops by itself.
 */
export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(GENERATOR, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let reply: GeneratorReply | undefined;
    const limitMs = (spec.warmupSeconds + spec.durationSeconds + 30) * 1000;
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('message', (message) => {
      reply = message as GeneratorReply;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (reply?.ok) resolve(reply.result);
      else if (reply) reject(new Error(`Load generator for ${spec.name} failed: ${reply.error}`));
      else reject(new Error(`Load generator for ${spec.name} exited without a result (${signal ?? `code ${code}`}).`));
    });
    child.send(spec);
  });
}
