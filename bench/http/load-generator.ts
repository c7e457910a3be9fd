// Runs in its own process (see load.ts): autocannon must not share the event loop, or the
// CPU, of the server it measures. Receives one request (a load or a series of pairs), reports back, exits.
import { IDEMPOTENCY_KEY_HEADER } from '@outpost/contracts/idempotency';
import autocannon, { type AutocannonClient, type AutocannonRequest, type AutocannonResult } from 'autocannon';
import {
  addFailures,
  describeFailures,
  type Failures,
  failureCount,
  type GeneratorMessage,
  type GeneratorRequest,
  type GeneratorResult,
  type LoadSpec,
  type PairResult,
  type PairSpec,
  type PlannedRequest,
  type RequestPlan,
} from './load-spec';

/** Typed so the parent's reading of the message (load.ts) and this end cannot drift apart. */
function report(message: GeneratorMessage, then: () => void = () => {}): void {
  process.send?.(message, undefined, undefined, then);
}

/** Distinct requests a keyed plan cycles through: every connection builds each once, at its start. */
const KEYED_REQUESTS = 100;

function shuffled<T>(values: readonly T[]): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

function toAutocannon(request: PlannedRequest): AutocannonRequest {
  const headers = {
    ...request.headers,
    ...(request.jsonBody === undefined ? {} : { 'content-type': 'application/json' }),
  };
  return {
    method: request.method,
    path: request.path,
    headers,
    ...(request.jsonBody === undefined ? {} : { body: request.jsonBody }),
  };
}

/** Values never sent before, also across runs against a reused data folder (pid and start time). */
function uniqueValues(): () => string {
  const prefix = `bench-${process.pid}-${Date.now().toString(36)}`;
  let sent = 0;
  return () => {
    sent += 1;
    return `${prefix}-${sent}`;
  };
}

function requestsFor(plan: RequestPlan): AutocannonRequest[] {
  switch (plan.kind) {
    case 'fixed':
      return [toAutocannon(plan)];
    case 'spend': {
      const key = uniqueValues();
      const request = toAutocannon(plan);
      return [
        {
          ...request,
          setupRequest: (next) => ({ ...next, headers: { ...next.headers, [IDEMPOTENCY_KEY_HEADER]: key() } }),
        },
      ];
    }
    case 'per-connection':
      // Every connection's own cycle is set by setupClient (run); this one only starts the client.
      return (plan.cycles[0] ?? []).map(toAutocannon);
    case 'unique-signup': {
      const address = uniqueValues();
      return [
        {
          method: 'POST',
          path: plan.path,
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ data: `${address()}@example.com` }) }),
        },
      ];
    }
    case 'crowd': {
      let sent = 0;
      return [
        {
          method: 'POST',
          path: plan.path,
          headers: { 'content-type': 'application/json' },
          body: plan.jsonBody,
          setupRequest: (request) => {
            const authorization = plan.bearers[sent % plan.bearers.length] as string;
            sent += 1;
            return { ...request, headers: { ...request.headers, authorization } };
          },
        },
      ];
    }
    case 'random-key': {
      // Requests without a setupRequest are built once and then only resent: building one per
      // call (setupRequest) cost the generator more than a bare route costs the server, so keyed
      // rows measured the generator. A shuffled sample, cycled by every connection, varies the key.
      return shuffled(plan.keys)
        .slice(0, KEYED_REQUESTS)
        .map((key) => ({
          method: plan.method,
          path: plan.pathPrefix + encodeURIComponent(key),
          headers: { ...plan.headers },
        }));
    }
  }
}

/** A side's requests, built once for its warm-up and its runs (a crowd's turn runs on through them). */
interface Target {
  origins: readonly string[];
  requests: AutocannonRequest[];
  /** A per-connection plan's cycles, handed out to the clients in order. */
  cycles?: readonly (readonly PlannedRequest[])[];
}

const targetOf = (origin: string | readonly string[], plan: RequestPlan): Target => ({
  origins: typeof origin === 'string' ? [origin] : origin,
  requests: requestsFor(plan),
  ...(plan.kind === 'per-connection' ? { cycles: plan.cycles } : {}),
});

/** A run's non-2xx answers by status, its connection errors and its timeouts. */
function failuresOf(result: AutocannonResult): Failures {
  const failures: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) {
    if (!code.startsWith('2')) failures[code] = count;
  }
  // autocannon counts a timeout among its errors too.
  const connectionErrors = result.errors - result.timeouts;
  if (connectionErrors > 0) failures['connection error'] = connectionErrors;
  if (result.timeouts > 0) failures.timeout = result.timeouts;
  return failures;
}

interface Run {
  result: AutocannonResult;
  /** Requests the run sent, all answered by the time it ends (see run): what its server CPU time is divided by. */
  served: number;
  failures: Failures;
}

/**
 * A run of `duration` seconds, then what it left in flight waited out. autocannon stops at its
 * deadline without waiting for the answers still due, and the server goes on serving them into
 * whatever runs next: 50 checkouts queued on one product row at 30 a second took the first
 * seconds of the next run (a pair's baseline read, slowed to a fraction). One more request per
 * origin, queued behind them, is answered once they are: the event loop, SQLite's connection queue
 * and PostgreSQL's row locks serve in order of arrival.
 */
async function run(target: Target, connections: number, duration: number): Promise<Run> {
  const { cycles } = target;
  // Each client is set up once, in order: the n-th takes the n-th cycle, from a random place in it
  // (every run's clients start anew: a short run would otherwise only ever send a cycle's start).
  // Built apart per client: autocannon keeps each request's bytes on the request object.
  let clients = 0;
  const setupClient = (client: AutocannonClient) => {
    const cycle = cycles?.[clients % cycles.length] ?? [];
    clients += 1;
    const start = Math.floor(Math.random() * cycle.length);
    client.setRequests([...cycle.slice(start), ...cycle.slice(0, start)].map(toAutocannon));
  };
  // One origin is given as a string: autocannon spreads an array's connections over its URLs.
  const result = await autocannon({
    url: target.origins.length === 1 ? (target.origins[0] as string) : [...target.origins],
    connections,
    duration,
    requests: target.requests,
    ...(cycles ? { setupClient } : {}),
  });
  const drained = await Promise.all(
    target.origins.map((url) => autocannon({ url, connections: 1, amount: 1, requests: target.requests })),
  );
  return {
    result,
    served: result.requests.sent + drained.reduce((sum, last) => sum + last.requests.total, 0),
    failures: addFailures(failuresOf(result), ...drained.map(failuresOf)),
  };
}

async function measure(spec: LoadSpec): Promise<GeneratorResult> {
  // The warm-up lets V8 optimise the hot paths on both sides; its rates are thrown away.
  const target = targetOf(spec.origin, spec.plan);
  const warmup = await run(target, spec.connections, spec.warmupSeconds);
  // Tells the parent to start counting the server's CPU time (see load.ts).
  report({ kind: 'measuring' });
  const { result, served, failures } = await run(target, spec.connections, spec.durationSeconds);
  return {
    name: spec.name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    meanLatencyMs: result.latency.mean,
    totalRequests: served,
    // Every answer counts, the warm-up's too: a refusal answered fast would flatter the rate.
    failures: addFailures(warmup.failures, failures),
  };
}

async function measurePairs(spec: PairSpec): Promise<PairResult> {
  // Each slice is announced and closed, so the parent can count the server's CPU time over it.
  const baseline = targetOf(spec.baseline.origin, spec.baseline.plan);
  const subject = targetOf(spec.subject.origin, spec.subject.plan);
  const slice = async (side: Target, name: 'baseline' | 'subject') => {
    await new Promise<void>((resolve) => report({ kind: 'slice-start', side: name }, resolve));
    const done = await run(side, spec.connections, spec.sliceSeconds);
    report({ kind: 'slice-end', side: name, requests: done.served });
    if (spec.stopOnFailure && failureCount(done.failures) > 0) {
      throw new Error(`the ${name} side of ${spec.name} failed: ${describeFailures(done.failures)}`);
    }
    return done;
  };
  // Completed requests over the run's real length: a slice of a second or two is one or two samples.
  const rate = ({ result }: Run) => result.requests.total / Math.max(result.duration, 0.001);
  let failures = (await run(baseline, spec.connections, spec.warmupSeconds)).failures;
  failures = addFailures(failures, (await run(subject, spec.connections, spec.warmupSeconds)).failures);
  const pairs: PairResult['pairs'] = [];
  for (let pair = 0; pair < spec.pairs; pair += 1) {
    let baselineRun: Run;
    let subjectRun: Run;
    if (pair % 2 === 0) {
      baselineRun = await slice(baseline, 'baseline');
      subjectRun = await slice(subject, 'subject');
    } else {
      subjectRun = await slice(subject, 'subject');
      baselineRun = await slice(baseline, 'baseline');
    }
    pairs.push({ baseline: rate(baselineRun), subject: rate(subjectRun) });
    failures = addFailures(failures, baselineRun.failures, subjectRun.failures);
  }
  return { name: spec.name, pairs, failures };
}

// Without its parent nobody reads the result: stop instead of loading the server on.
process.once('disconnect', () => process.exit(1));

process.once('message', (message) => {
  // The parent (load.ts) is the only sender and always sends a GeneratorRequest.
  const request = message as GeneratorRequest;
  const done: Promise<GeneratorMessage> =
    request.kind === 'load'
      ? measure(request.spec).then((result) => ({ kind: 'result', result }))
      : measurePairs(request.spec).then((result) => ({ kind: 'pairs', result }));
  done.then(
    (reply) => report(reply, () => process.exit(0)),
    (error: unknown) => report({ kind: 'failed', error: String(error) }, () => process.exit(1)),
  );
});
