import type { ExperimentResults } from '@outpost/contracts/experiments/schemas';

/** How long computed results answer before they are computed again: the console re-reads every 30 s. */
export const RESULTS_FRESH_MS = 30_000;

interface Kept {
  /** The experiment's row as it was read for these results: another row (edited, stopped, …) is another computation. */
  signature: string;
  computedAt: number;
  results: Promise<ExperimentResults>;
  /** A computation under way to replace `results`, so that only one runs per experiment at a time. */
  refreshing: boolean;
}

export interface ResultsCacheOptions {
  now: () => number;
  /** Told when a computation in the background fails (the kept results keep answering). */
  onRefreshError: (error: unknown) => void;
  freshMs?: number;
}

export interface ResultsCache {
  /**
   * An experiment's results: computed once for concurrent requests, then kept. Past `freshMs` the
   * kept results still answer while one computation in the background replaces them, so no request
   * after the first waits for a computation over every exposure; a changed row (its `signature`)
   * waits for its own.
   */
  read(key: string, signature: string, compute: () => Promise<ExperimentResults>): Promise<ExperimentResults>;
}

export function createResultsCache(options: ResultsCacheOptions): ResultsCache {
  const freshMs = options.freshMs ?? RESULTS_FRESH_MS;
  const kept = new Map<string, Kept>();

  function start(key: string, signature: string, compute: () => Promise<ExperimentResults>): Kept {
    const entry: Kept = { signature, computedAt: options.now(), results: compute(), refreshing: false };
    kept.set(key, entry);
    // A failed first computation is not kept: the next request tries again.
    entry.results.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return entry;
  }

  return {
    read(key, signature, compute) {
      const entry = kept.get(key);
      if (!entry || entry.signature !== signature) return start(key, signature, compute).results;
      if (!entry.refreshing && options.now() - entry.computedAt >= freshMs) {
        entry.refreshing = true;
        const startedAt = options.now();
        compute().then(
          (results) => {
            // Replaced meanwhile by a changed row's computation: that one stands.
            if (kept.get(key) !== entry) return;
            kept.set(key, { signature, computedAt: startedAt, results: Promise.resolve(results), refreshing: false });
          },
          (error: unknown) => {
            entry.refreshing = false;
            entry.computedAt = options.now();
            options.onRefreshError(error);
          },
        );
      }
      return entry.results;
    },
  };
}
