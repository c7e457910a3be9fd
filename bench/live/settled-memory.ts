/** A process's memory: its RSS, and the JavaScript heap and buffers in use. */
export interface MemoryReading {
  rss: number;
  heapInUse: number;
}

/**
 * This process's memory once what it can free is freed: three full collections a moment apart (the
 * bench runs under --expose-gc; bench/run.ts refuses to run without it, and its children inherit it).
 */
export async function settledMemory(): Promise<MemoryReading> {
  const collectGarbage = globalThis.gc;
  if (!collectGarbage) throw new Error('The live section measures memory with gc: run it with npm run bench.');
  for (let round = 0; round < 3; round += 1) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapInUse: usage.heapUsed + usage.external };
}

/** What a process's memory grew by per stream: its RSS, and the JavaScript heap and buffers in use. */
export interface StreamMemory {
  rssBytesPerStream: number;
  heapBytesPerStream: number;
}

/** Bytes per stream from readings before and after `open` streams were opened. */
export function growthPerStream(before: MemoryReading, after: MemoryReading, open: number): StreamMemory {
  const streams = Math.max(open, 1);
  return {
    rssBytesPerStream: (after.rss - before.rss) / streams,
    heapBytesPerStream: (after.heapInUse - before.heapInUse) / streams,
  };
}
