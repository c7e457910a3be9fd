import v8 from 'node:v8';

/*
 * Starting the app (its plugins made ready: routes, schemas, jobs) leaves garbage in V8's old
 * generation that only a full collection frees, and an idle instance may not run one for a long
 * time (none in 40 s idle, measured). Until one ran, that garbage kept young objects alive through
 * the young generation's collections: on PostgreSQL a push's rows went to the old generation by the
 * megabyte, 240–259 MB added to a 300,000-device push against 88 MB after one full collection
 * (docs/decisions/0149-a-full-collection-once-the-server-has-started.md). So the server runs one as
 * soon as it listens. V8 runs one on request through `gc`, which `node --expose-gc` exposes: `npm
 * start` and the deployment's unit pass it. (The inspector's HeapProfiler.collectGarbage needs no
 * flag but collects to reduce memory, and the push's rows went to the old generation again after it.)
 */

/** What the collection freed: the heap in use before and after it, in bytes, and how long it paused the process. */
export interface StartupCollection {
  usedBefore: number;
  usedAfter: number;
  milliseconds: number;
}

/** Runs one full collection, or answers null when this process was started without `--expose-gc`. */
export function collectStartupGarbage(): StartupCollection | null {
  const collect = globalThis.gc;
  if (!collect) return null;
  const usedBefore = v8.getHeapStatistics().used_heap_size;
  const started = performance.now();
  collect({ type: 'major', execution: 'sync' });
  return {
    usedBefore,
    usedAfter: v8.getHeapStatistics().used_heap_size,
    milliseconds: performance.now() - started,
  };
}
