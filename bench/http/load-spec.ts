/**
 * What one load run sends and what it measured. Plain data only: it crosses to the
 * load-generator process, so no functions here; the generator turns a plan into requests.
 */
/** One request as sent, built once (a JSON body is sent as application/json). */
export interface PlannedRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  jsonBody?: string;
}

export type RequestPlan =
  /** The same request every time. */
  | ({ kind: 'fixed' } & PlannedRequest)
  /** The same request, each with a request key never sent before, as the web app sends a spend. */
  | ({ kind: 'spend' } & PlannedRequest)
  /** POST {"data": "<address never sent before>"} as JSON, so every request really inserts. */
  | { kind: 'unique-signup'; path: string }
  /**
   * The same JSON POST sent as each of `bearers` in turn (their `Authorization`), one turn shared
   * by every connection and kept from the warm-up into the measured run: a crowd of players.
   */
  | { kind: 'crowd'; path: string; jsonBody: string; bearers: readonly string[] }
  /** `pathPrefix` + one of `keys` (URL-encoded): each connection cycles through a shuffled sample of them. */
  | {
      kind: 'random-key';
      method: 'GET' | 'POST';
      pathPrefix: string;
      keys: readonly string[];
      headers?: Record<string, string>;
    }
  /**
   * A cycle of requests per connection: connection i sends `cycles[i % cycles.length]` over and
   * over, from a random place in it, so a crowd of players can each keep to one connection (no two
   * connections spend one player's credits at once, as one game client would not).
   */
  | { kind: 'per-connection'; cycles: readonly (readonly PlannedRequest[])[] };

export interface LoadSpec {
  name: string;
  /** Origin of the server under test, e.g. http://127.0.0.1:41234. */
  origin: string;
  plan: RequestPlan;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** One side of a pair: where the load goes and what it sends. */
export interface PairSide {
  /** Several origins share the connections round robin (connection i goes to origin i % n). */
  origin: string | readonly string[];
  plan: RequestPlan;
}

/**
 * Back-to-back pairs in one generator process: both sides warmed up, then `pairs` pairs of
 * `sliceSeconds` runs, one side right after the other, the side that goes first alternating.
 */
export interface PairSpec {
  name: string;
  baseline: PairSide;
  subject: PairSide;
  connections: number;
  warmupSeconds: number;
  sliceSeconds: number;
  pairs: number;
  /** Stop at the first slice with a failure (an error, a timeout, a non-2xx answer) instead of counting it. */
  stopOnFailure?: boolean;
}

/**
 * Requests that failed, by what went wrong: an answer's status ('409'), 'connection error' or
 * 'timeout'. Kept apart, as a refusal answered fast and a server that fell over call for different reads.
 */
export type Failures = Readonly<Record<string, number>>;

/** How many requests failed in all. */
export const failureCount = (failures: Failures): number =>
  Object.values(failures).reduce((sum, count) => sum + count, 0);

/** The failures of several runs together. */
export function addFailures(...runs: readonly Failures[]): Failures {
  const total: Record<string, number> = {};
  for (const run of runs) for (const [kind, count] of Object.entries(run)) total[kind] = (total[kind] ?? 0) + count;
  return total;
}

/** What went wrong, e.g. "12 answers 409, 1 timeout"; empty when nothing did. */
export function describeFailures(failures: Failures): string {
  return Object.entries(failures)
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, count]) =>
      /^\d+$/.test(kind)
        ? `${count} answer${count === 1 ? '' : 's'} ${kind}`
        : `${count} ${kind}${count === 1 ? '' : 's'}`,
    )
    .join(', ');
}

/** Requests/s of each side in each pair, and the failures of all of them. */
export interface PairResult {
  name: string;
  pairs: { baseline: number; subject: number }[];
  failures: Failures;
}

/** Pairs as the parent reports them: the generator's rates plus the server's CPU time per request on each side. */
export interface PairOutcome extends PairResult {
  serverCpuMicrosPerRequest: { baseline: number; subject: number };
}

/** What the parent asks of a load generator process: one load, or a series of pairs. */
export type GeneratorRequest = { kind: 'load'; spec: LoadSpec } | { kind: 'pairs'; spec: PairSpec };

/** What the load generator measured from the client side. */
export interface GeneratorResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  meanLatencyMs: number;
  /** Requests of the measured run, answered in time or after its deadline (what the server's CPU time is divided by). */
  totalRequests: number;
  /** Connection errors and timeouts plus non-2xx answers, the warm-up's included: any of them makes the figure suspect. */
  failures: Failures;
}

/**
 * Messages from the load generator to the parent: for a load, measuring then result; for pairs,
 * slice-start and slice-end around each run, then pairs; failed ends either.
 */
export type GeneratorMessage =
  | { kind: 'measuring' }
  | { kind: 'result'; result: GeneratorResult }
  | { kind: 'slice-start'; side: 'baseline' | 'subject' }
  | { kind: 'slice-end'; side: 'baseline' | 'subject'; requests: number }
  | { kind: 'pairs'; result: PairResult }
  | { kind: 'failed'; error: string };

export interface LoadResult extends GeneratorResult {
  /**
   * CPU time of the process serving the load per completed request, in microseconds. Unlike
   * requests/s it barely moves when other programs compete for the machine's cores.
   */
  serverCpuMicrosPerRequest: number;
}
