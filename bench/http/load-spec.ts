/**
 * What one load run sends and what it measured. Plain data only: it crosses to the
 * load-generator process, so no functions here; the generator turns a plan into requests.
 */
export type RequestPlan =
  /** The same request every time (a JSON body is sent as application/json). */
  | { kind: 'fixed'; method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; jsonBody?: string }
  /** POST {"data": "<address never sent before>"} as JSON, so every request really inserts. */
  | { kind: 'unique-signup'; path: string }
  /** `pathPrefix` + one of `keys` (URL-encoded), picked at random for each request. */
  | {
      kind: 'random-key';
      method: 'GET' | 'POST';
      pathPrefix: string;
      keys: readonly string[];
      headers?: Record<string, string>;
    };

export interface LoadSpec {
  name: string;
  /** Origin of the server under test, e.g. http://127.0.0.1:41234. */
  origin: string;
  plan: RequestPlan;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

/** What the load generator measured from the client side. */
export interface GeneratorResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  meanLatencyMs: number;
  totalRequests: number;
  /** Connection errors and timeouts plus non-2xx answers: any of them makes the figure suspect. */
  failures: number;
}

/** Messages from the load generator to the parent, in order: measuring, then result or failed. */
export type GeneratorMessage =
  | { kind: 'measuring' }
  | { kind: 'result'; result: GeneratorResult }
  | { kind: 'failed'; error: string };

export interface LoadResult extends GeneratorResult {
  /**
   * CPU time of the process serving the load per completed request, in microseconds. Unlike
   * requests/s it barely moves when other programs compete for the machine's cores.
   */
  serverCpuMicrosPerRequest: number;
}
