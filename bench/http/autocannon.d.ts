// autocannon ships no types and @types/autocannon is not installed: the subset bench/ uses.
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  }

  /** A connection's client, as `setupClient` sees it before it connects. */
  export interface AutocannonClient {
    setRequests(requests: AutocannonRequest[]): void;
  }

  export interface AutocannonOptions {
    /** Several URLs share the connections round robin. */
    url: string | string[];
    setupClient?: (client: AutocannonClient) => void;
    connections?: number;
    duration?: number;
    /** Requests to send, all answered before the run ends; overrides `duration`. */
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
  }

  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }

  export interface AutocannonResult {
    /** Per-second samples; `total` is the count of completed requests, `sent` of those sent. */
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers by status code. */
    statusCodeStats: Record<string, { count: number }>;
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult>;
  export default autocannon;
}
