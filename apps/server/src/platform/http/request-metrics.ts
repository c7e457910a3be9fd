import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics';

/** The route label of a request no route matched: the web app's pages, its Not-found page, unknown API paths. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: a read by key answers in a fraction of a millisecond, an ingestion batch or an upload in seconds. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Counts every answered request and its latency by method, route and status. The route is the
 * pattern the request matched (`/api/admin/:env/jobs`), never its address, so the series stay as
 * many as the routes. One global hook, added only when metrics are on: with them off a request
 * pays nothing. A hijacked answer (a live stream) never completes as a response, so it is not
 * counted here; the open streams are a gauge of their own.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  if (!metrics.enabled) return;
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = metrics.counter({
    name: 'outpost_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
  });
  const durations = metrics.histogram({
    name: 'outpost_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer’s last byte, by method, route pattern and status.',
    labelNames,
    buckets: DURATION_BUCKETS,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
