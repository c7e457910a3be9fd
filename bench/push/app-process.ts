// The million-device push's app (million.ts): the whole app (buildApp, its job runner, its FCM
// adapter) in a process of its own, so that its memory can be read from /proc and holds nothing of
// the bench's. It opens the stores the parent migrated and seeded, answers where it listens, and
// where its heaps peaked between two asks.
import { randomBytes } from 'node:crypto';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { Worker } from 'node:worker_threads';
import type { StoreOptions } from '../../apps/server/src/platform/db/stores';
import { FCM_DEFAULT_CONCURRENCY } from '../../apps/server/src/platform/push-transport/fcm';
import { FCM_THREAD_HEAP_MB } from '../../apps/server/src/platform/push-transport/fcm-thread';
import type { ServiceAccount } from '../../apps/server/src/platform/push-transport/service-account';
import { openAppStores } from '../../apps/server/src/stores';
import { benchConfig, newSetting, type Setting, startApp } from '../http/app-target';

export type AppProcessRequest =
  | {
      kind: 'start';
      webDist: string;
      stores: StoreOptions;
      /** The local FCM server the development environment sends to, and its quota per minute. */
      fcm: { apiUrl: string; serviceAccount: ServiceAccount; quotaPerMinute: number };
    }
  /** Starts sampling the heaps afresh; answered by 'heaps' with the peaks since the last ask. */
  | { kind: 'heaps' }
  | { kind: 'exit' };

/** In bytes, each the largest seen since the last ask. */
export interface HeapPeaks {
  /** The main thread's committed heap (V8's total_heap_size). */
  main: number;
  /** The main thread's heap in use just after a full collection: what it keeps alive, garbage aside. */
  mainLive: number;
  /** The FCM senders' thread's committed heap. */
  fcmThread: number;
  /** The other worker threads' together (on SQLite, the checkpoints' thread). */
  otherThreads: number;
}

export type AppProcessMessage =
  | { kind: 'listening'; origin: string; publicUrl: string }
  | { kind: 'heaps'; peaks: HeapPeaks };

/** How often the heaps are read: a send's heaps grow over seconds. */
const HEAP_SAMPLE_MS = 100;

const send = (message: AppProcessMessage) => process.send?.(message);

let setting: Setting | undefined;

// The app's worker threads (the FCM senders' is started at the first send, and ended when idle).
const threads = new Set<Worker>();
process.on('worker', (worker: Worker) => {
  worker.once('online', () => threads.add(worker));
  worker.once('exit', () => threads.delete(worker));
});

/** A worker's committed heap; Node.js 22.16 and 24 answer it (the bench runs on 24), an older one NaN. */
function threadHeapSize(worker: Worker): Promise<number> {
  const { getHeapStatistics } = worker as Worker & { getHeapStatistics?: () => Promise<v8.HeapInfo> };
  if (!getHeapStatistics) return Promise.resolve(Number.NaN);
  // A thread that ends between the listing and the read has no heap left to count.
  return getHeapStatistics.call(worker).then(
    (statistics) => statistics.total_heap_size,
    () => 0,
  );
}

const NO_PEAKS: HeapPeaks = { main: 0, mainLive: 0, fcmThread: 0, otherThreads: 0 };

/** The FCM senders' thread is the one started with their heap's bounds (fcm-thread.ts). */
const isFcmThread = (worker: Worker) =>
  worker.resourceLimits?.maxOldGenerationSizeMb === FCM_THREAD_HEAP_MB.maxOldGenerationSizeMb;
let peaks = NO_PEAKS;

// A gc entry's detail says which collection it was (@types/node 20 does not declare it).
const isFullCollection = (entry: PerformanceEntry & { detail?: unknown }) =>
  (entry.detail as { kind?: number } | undefined)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
new PerformanceObserver((list) => {
  if (!list.getEntries().some(isFullCollection)) return;
  peaks = { ...peaks, mainLive: Math.max(peaks.mainLive, v8.getHeapStatistics().used_heap_size) };
}).observe({ entryTypes: ['gc'] });

setInterval(async () => {
  const workers = [...threads];
  const sizes = await Promise.all(workers.map(threadHeapSize));
  const main = v8.getHeapStatistics().total_heap_size;
  let fcmThread = 0;
  let otherThreads = 0;
  workers.forEach((worker, index) => {
    const size = sizes[index] ?? 0;
    if (isFcmThread(worker)) fcmThread += size;
    else otherThreads += size;
  });
  peaks = {
    ...peaks,
    main: Math.max(peaks.main, main),
    fcmThread: Math.max(peaks.fcmThread, fcmThread),
    otherThreads: Math.max(peaks.otherThreads, otherThreads),
  };
}, HEAP_SAMPLE_MS).unref();

const stop = () => void (setting?.cleanups.run() ?? Promise.resolve()).finally(() => process.exit(0));

process.on('message', async (raw) => {
  const request = raw as AppProcessRequest;
  if (request.kind === 'exit') return stop();
  if (request.kind === 'heaps') {
    send({ kind: 'heaps', peaks });
    peaks = NO_PEAKS;
    return;
  }
  setting = newSetting(request.webDist, request.stores.databaseUrl);
  const stores = await openAppStores(request.stores);
  setting.cleanups.add(() => stores.close());
  const generated = benchConfig(setting, randomBytes(16).toString('hex'));
  const development = { ...request.fcm, concurrency: FCM_DEFAULT_CONCURRENCY };
  const config = { ...generated, fcm: { ...generated.fcm, development } };
  const origin = await startApp(setting, { config, stores });
  send({ kind: 'listening', origin, publicUrl: config.publicUrl });
});

// Without its parent nobody reads the result.
process.once('disconnect', stop);
