// Runs in its own process (see load.ts): autocannon must not share the event loop, or the
// CPU, of the server it measures. Receives one request (a load or a series of pairs), reports back, exits.
import autocannon, { type AutocannonClient, type AutocannonRequest, type AutocannonResult } from 'autocannon';
import type {
  GeneratorMessage,
  GeneratorRequest,
  GeneratorResult,
  LoadSpec,
  PairResult,
  PairSide,
  PairSpec,
  PlannedRequest,
  RequestPlan,
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

function requestsFor(plan: RequestPlan): AutocannonRequest[] {
  switch (plan.kind) {
    case 'fixed':
      return [toAutocannon(plan)];
    case 'per-connection':
      // Every connection's own cycle is set by setupClient (run); this one only starts the client.
      return (plan.cycles[0] ?? []).map(toAutocannon);
    case 'unique-signup': {
      // pid and start time keep addresses unique across runs against a reused data folder.
      const prefix = `bench-${process.pid}-${Date.now().toString(36)}`;
      let sent = 0;
      return [
        {
          method: 'POST',
          path: plan.path,
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            sent += 1;
            return { ...request, body: JSON.stringify({ data: `${prefix}-${sent}@example.com` }) };
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

function run(
  origin: string | readonly string[],
  plan: RequestPlan,
  connections: number,
  duration: number,
): Promise<AutocannonResult> {
  const url = typeof origin === 'string' ? origin : [...origin];
  if (plan.kind !== 'per-connection') return autocannon({ url, connections, duration, requests: requestsFor(plan) });
  // Each client is set up once, in order: the n-th takes the n-th cycle, from a random place in it
  // (every run's clients start anew: a short run would otherwise only ever send a cycle's start).
  // Built apart per client: autocannon keeps each request's bytes on the request object.
  let clients = 0;
  const setupClient = (client: AutocannonClient) => {
    const cycle = plan.cycles[clients % plan.cycles.length] ?? [];
    clients += 1;
    const start = Math.floor(Math.random() * cycle.length);
    client.setRequests([...cycle.slice(start), ...cycle.slice(0, start)].map(toAutocannon));
  };
  return autocannon({ url, connections, duration, requests: requestsFor(plan), setupClient });
}

const failuresOf = (result: AutocannonResult) => result.errors + result.timeouts + result.non2xx;

/** What went wrong in a run, e.g. "12 answers 401, 1 timeout". */
function describeFailures(result: AutocannonResult): string {
  const answers = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count} answer${count === 1 ? '' : 's'} ${code}`);
  if (result.errors > 0) answers.push(`${result.errors} connection error${result.errors === 1 ? '' : 's'}`);
  if (result.timeouts > 0) answers.push(`${result.timeouts} timeout${result.timeouts === 1 ? '' : 's'}`);
  return answers.join(', ');
}

async function measure(spec: LoadSpec): Promise<GeneratorResult> {
  // The warm-up lets V8 optimise the hot paths on both sides; its figures are thrown away.
  await run(spec.origin, spec.plan, spec.connections, spec.warmupSeconds);
  // Tells the parent to start counting the server's CPU time (see load.ts).
  report({ kind: 'measuring' });
  const result = await run(spec.origin, spec.plan, spec.connections, spec.durationSeconds);
  return {
    name: spec.name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    meanLatencyMs: result.latency.mean,
    totalRequests: result.requests.total,
    failures: failuresOf(result),
  };
}

async function measurePairs(spec: PairSpec): Promise<PairResult> {
  // Each slice is announced and closed, so the parent can count the server's CPU time over it.
  const slice = async (side: PairSide, name: 'baseline' | 'subject') => {
    await new Promise<void>((resolve) => report({ kind: 'slice-start', side: name }, resolve));
    const result = await run(side.origin, side.plan, spec.connections, spec.sliceSeconds);
    report({ kind: 'slice-end', side: name, requests: result.requests.total });
    if (spec.stopOnFailure && failuresOf(result) > 0) {
      throw new Error(`the ${name} side of ${spec.name} failed: ${describeFailures(result)}`);
    }
    return result;
  };
  // Completed requests over the run's real length: a slice of a second or two is one or two samples.
  const rate = (result: AutocannonResult) => result.requests.total / Math.max(result.duration, 0.001);
  await run(spec.baseline.origin, spec.baseline.plan, spec.connections, spec.warmupSeconds);
  await run(spec.subject.origin, spec.subject.plan, spec.connections, spec.warmupSeconds);
  const pairs: PairResult['pairs'] = [];
  let failures = 0;
  for (let pair = 0; pair < spec.pairs; pair += 1) {
    let baseline: AutocannonResult;
    let subject: AutocannonResult;
    if (pair % 2 === 0) {
      baseline = await slice(spec.baseline, 'baseline');
      subject = await slice(spec.subject, 'subject');
    } else {
      subject = await slice(spec.subject, 'subject');
      baseline = await slice(spec.baseline, 'baseline');
    }
    pairs.push({ baseline: rate(baseline), subject: rate(subject) });
    failures += failuresOf(baseline) + failuresOf(subject);
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
