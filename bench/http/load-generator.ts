// Runs in its own process (see load.ts): autocannon must not share the event loop, or the
// CPU, of the server it measures. Receives one LoadSpec, reports back, exits.
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import type { GeneratorMessage, GeneratorResult, LoadSpec, RequestPlan } from './load-spec';

/** Typed so the parent's reading of the message (load.ts) and this end cannot drift apart. */
function report(message: GeneratorMessage, then: () => void = () => {}): void {
  process.send?.(message, undefined, undefined, then);
}

function requestsFor(plan: RequestPlan): AutocannonRequest[] {
  switch (plan.kind) {
    case 'fixed': {
      const headers = {
        ...plan.headers,
        ...(plan.jsonBody === undefined ? {} : { 'content-type': 'application/json' }),
      };
      return [
        {
          method: plan.method,
          path: plan.path,
          headers,
          ...(plan.jsonBody === undefined ? {} : { body: plan.jsonBody }),
        },
      ];
    }
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
      const paths = plan.keys.map((key) => plan.pathPrefix + encodeURIComponent(key));
      return [
        {
          method: plan.method,
          headers: { ...plan.headers },
          setupRequest: (request) => ({
            ...request,
            path: paths[Math.floor(Math.random() * paths.length)] ?? plan.pathPrefix,
          }),
        },
      ];
    }
  }
}

async function measure(spec: LoadSpec): Promise<GeneratorResult> {
  const run = (duration: number): Promise<AutocannonResult> =>
    autocannon({ url: spec.origin, connections: spec.connections, duration, requests: requestsFor(spec.plan) });
  // The warm-up lets V8 optimise the hot paths on both sides; its figures are thrown away.
  await run(spec.warmupSeconds);
  // Tells the parent to start counting the server's CPU time (see load.ts).
  report({ kind: 'measuring' });
  const result = await run(spec.durationSeconds);
  return {
    name: spec.name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    meanLatencyMs: result.latency.mean,
    totalRequests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

// Without its parent nobody reads the result: stop instead of loading the server on.
process.once('disconnect', () => process.exit(1));

process.once('message', (message) => {
  // The parent (load.ts) is the only sender and always sends a LoadSpec.
  measure(message as LoadSpec).then(
    (result) => report({ kind: 'result', result }, () => process.exit(0)),
    (error: unknown) => report({ kind: 'failed', error: String(error) }, () => process.exit(1)),
  );
});
