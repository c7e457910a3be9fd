// Runs in its own process (see load.ts): autocannon must not share the event loop, or the
// CPU, of the server it measures. Receives one LoadSpec, answers one LoadResult, exits.
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import type { LoadResult, LoadSpec, RequestPlan } from './load-spec';

function requestsFor(plan: RequestPlan): AutocannonRequest[] {
  switch (plan.kind) {
    case 'fixed':
      return [{ method: plan.method, path: plan.path }];
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
          setupRequest: (request) => ({
            ...request,
            path: paths[Math.floor(Math.random() * paths.length)] ?? plan.pathPrefix,
          }),
        },
      ];
    }
  }
}

async function measure(spec: LoadSpec): Promise<LoadResult> {
  const run = (duration: number): Promise<AutocannonResult> =>
    autocannon({ url: spec.origin, connections: spec.connections, duration, requests: requestsFor(spec.plan) });
  // The warm-up lets V8 optimise the hot paths on both sides; its figures are thrown away.
  await run(spec.warmupSeconds);
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

process.once('message', (message) => {
  // The parent (load.ts) is the only sender and always sends a LoadSpec.
  measure(message as LoadSpec).then(
    (result) => process.send?.({ ok: true, result }, () => process.exit(0)),
    (error: unknown) => process.send?.({ ok: false, error: String(error) }, () => process.exit(1)),
  );
});
