/** A change's delivery to many streams: from the write's start to each stream's receipt. */
export interface Delivery {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The earliest receipt (NaN when none came). */
  firstMs: number;
  /** Receipts that never came (a stream that missed a change, per change). */
  missed: number;
  rounds: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** `latencies`: each stream's time to the change in ms, per change, null where it never came. */
export function deliveryOf(latencies: readonly (number | null)[], rounds: number): Delivery {
  const came = latencies.filter((latency): latency is number => latency !== null).sort((a, b) => a - b);
  return {
    p50Ms: percentile(came, 0.5),
    p99Ms: percentile(came, 0.99),
    maxMs: came.at(-1) ?? Number.NaN,
    firstMs: came[0] ?? Number.NaN,
    missed: latencies.length - came.length,
    rounds,
  };
}
