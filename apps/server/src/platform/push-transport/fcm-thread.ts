import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Environment } from '@outpost/contracts/environments';
import type { FcmConfigs } from './fcm-senders';
import type { PushLogger } from './outbox';
import { assertSendable, type PushMessage, type PushOutcome, type PushSender } from './sender';

/*
 * The FCM senders in a worker thread of their own (fcm-worker.ts): a send's HTTP/2 requests cost
 * about as much CPU as the whole of a plain client's, and on the app's main thread they took the
 * core the store's work and every other request need (docs/decisions/0147-push-off-the-main-thread.md).
 * The thread starts at the first send and holds the process only while a send is under way. It
 * costs about 42 MB (an isolate, with its own copy of google-auth-library), so it ends after
 * FCM_THREAD_IDLE_MS without a send, and starts again at the next.
 */

export interface FcmThreadData {
  fcm: FcmConfigs;
}

export type ToFcmThread = {
  id: number;
  environment: Environment;
  tokens: readonly string[];
  message: PushMessage;
};

export type FromFcmThread =
  | { type: 'outcomes'; id: number; outcomes: PushOutcome[] }
  | { type: 'failed'; id: number; message: string }
  | { type: 'log'; level: 'info' | 'warn'; obj: object; msg: string };

export interface FcmThread {
  /** The environment's sender: its sends go to the thread's sender for that environment. */
  sender(environment: Environment): PushSender;
  /** Ends the thread for good: sends under way fail, and so do later ones. */
  close(): Promise<void>;
  /** Whether the thread is up now (it starts at a send and ends when idle or closed). */
  running(): boolean;
}

/**
 * The thread's heap, in MB. Left to V8, an isolate's heap is sized from the machine's memory (an old
 * space of 4 GB on 24 GiB), and in a million-device send the thread, whose sends keep about 16 MB
 * alive, let its heap grow to 207–230 MB before collecting; with these it peaks at 62 MB, at about a
 * second more of its CPU per 100,000 devices (docs/decisions/0147-push-off-the-main-thread.md). The
 * young generation is bounded with the old: with the old space alone at 128 MB, sends took twice as long.
 */
export const FCM_THREAD_HEAP_MB = { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 48 } as const;

/** How long the thread outlives its last send; a push's chunks follow each other far closer than this. */
export const FCM_THREAD_IDLE_MS = 60_000;

/**
 * The worker's module and how to load it: built, the bundle's entry beside this one (every chunk
 * sits beside the entries, apps/server/vite.config.ts); from source (tsx, the tests), the
 * TypeScript beside this file, loaded through tsx as the app itself is.
 */
function workerModule(): { url: URL; execArgv?: string[] } {
  // Built, the thread inherits the process's flags (--enable-source-maps, an operator's own).
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./fcm-worker.js', import.meta.url) };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { url: new URL('./fcm-worker.ts', import.meta.url), execArgv: ['--import', tsx] };
}

/** A send the thread has not answered yet. */
interface Waiting {
  resolve: (outcomes: PushOutcome[]) => void;
  reject: (error: Error) => void;
}

/** One start of the thread, with the sends it owes answers: a thread that ends fails its own, no other's. */
interface Running {
  worker: Worker;
  pending: Map<number, Waiting>;
}

export function startFcmThread(
  fcm: FcmConfigs,
  logger: PushLogger,
  { idleMs = FCM_THREAD_IDLE_MS }: { idleMs?: number } = {},
): FcmThread {
  let running: Running | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 0;
  let closed = false;

  const failAll = ({ pending }: Running, error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const end = async (why: string) => {
    clearTimeout(idle);
    const ending = running;
    running = undefined;
    if (!ending) return;
    failAll(ending, new Error(why));
    await ending.worker.terminate();
  };

  const start = (): Running => {
    const { url, execArgv } = workerModule();
    const worker = new Worker(url, {
      workerData: { fcm } satisfies FcmThreadData,
      resourceLimits: FCM_THREAD_HEAP_MB,
      ...(execArgv ? { execArgv } : {}),
    });
    const started: Running = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', (message: FromFcmThread) => {
      if (message.type === 'log') {
        logger[message.level](message.obj, message.msg);
        return;
      }
      const waiting = started.pending.get(message.id);
      if (!waiting) return;
      started.pending.delete(message.id);
      if (started.pending.size === 0) {
        worker.unref();
        idle = setTimeout(() => void end('The FCM thread ended idle'), idleMs).unref();
      }
      if (message.type === 'outcomes') waiting.resolve(message.outcomes);
      else waiting.reject(new Error(message.message));
    });
    worker.on('error', (error) => failAll(started, error));
    worker.on('exit', (code) => {
      if (running === started) running = undefined;
      failAll(started, new Error(`The FCM thread ended (exit code ${code}) before it answered`));
    });
    return started;
  };

  return {
    sender(environment) {
      return {
        transport: 'fcm',
        async send(tokens, message) {
          // Checked here, so a wrong call fails with the sender's own error before anything leaves.
          assertSendable(tokens, message);
          if (closed) throw new Error('The FCM senders are closed: the app is shutting down');
          clearTimeout(idle);
          running ??= start();
          const { worker, pending } = running;
          const id = nextId++;
          // Posted first: a message that could not cross leaves nothing waiting and the process unheld.
          worker.postMessage({ id, environment, tokens, message } satisfies ToFcmThread);
          return new Promise<PushOutcome[]>((resolve, reject) => {
            if (pending.size === 0) worker.ref();
            pending.set(id, { resolve, reject });
          });
        },
      };
    },
    running: () => running !== undefined,
    close: () => {
      closed = true;
      return end('The FCM thread was closed');
    },
  };
}
