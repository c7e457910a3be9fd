// Runs in its own process (see latency.ts): the client must not share the event loop, or the
// CPU, of the server it times. Sends one request at a time, times each, reports them, exits.
import http from 'node:http';

/** One request the client sends; the plan cycles through them. */
export interface LatencyRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status this request must answer (a conditional GET's 304, say); any 2xx when absent. */
  expectStatus?: number;
}

export interface LatencyPlan {
  origin: string;
  requests: LatencyRequest[];
  warmupSeconds: number;
  durationSeconds: number;
  /**
   * Rounds instead of seconds: each round sends every request once, in order, so each gets the same number
   * of samples however slow it is; the seconds then only bound the run (latency.ts stops an overrun).
   */
  rounds?: { warmup: number; measured: number };
}

/** Per request sent in the measured window: its time in ms, in order; failures are answers not as expected (2xx by default). */
export type LatencyMessage =
  | { kind: 'timings'; milliseconds: number[]; failures: number; firstFailure?: string }
  | { kind: 'failed'; error: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(origin: string, request: LatencyRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(request.path, origin),
      { method: request.method, headers: request.headers, agent },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

async function measure(plan: LatencyPlan): Promise<LatencyMessage> {
  const run = async (seconds: number, rounds: number | undefined) => {
    const milliseconds: number[] = [];
    let failures = 0;
    let firstFailure: string | undefined;
    const end = performance.now() + seconds * 1000;
    const more = (index: number) =>
      rounds === undefined ? performance.now() < end : index < rounds * plan.requests.length;
    for (let index = 0; more(index); index += 1) {
      const request = plan.requests[index % plan.requests.length] as LatencyRequest;
      const start = performance.now();
      const answer = await send(plan.origin, request);
      milliseconds.push(performance.now() - start);
      const expected =
        request.expectStatus === undefined
          ? answer.status >= 200 && answer.status < 300
          : answer.status === request.expectStatus;
      if (!expected) {
        failures += 1;
        firstFailure ??= `${answer.status} ${answer.body.slice(0, 200)}`;
      }
    }
    return { milliseconds, failures, firstFailure };
  };
  // The warm-up lets V8 optimise both sides and the database fill its caches; its times are dropped.
  await run(plan.warmupSeconds, plan.rounds?.warmup);
  const { milliseconds, failures, firstFailure } = await run(plan.durationSeconds, plan.rounds?.measured);
  return { kind: 'timings', milliseconds, failures, ...(firstFailure ? { firstFailure } : {}) };
}

process.once('disconnect', () => process.exit(1));
process.once('message', (message) => {
  // The parent (latency.ts) is the only sender.
  measure(message as LatencyPlan).then(
    (result) => process.send?.(result, undefined, undefined, () => process.exit(0)),
    (error: unknown) =>
      process.send?.({ kind: 'failed', error: String(error) } satisfies LatencyMessage, undefined, undefined, () =>
        process.exit(1),
      ),
  );
});
