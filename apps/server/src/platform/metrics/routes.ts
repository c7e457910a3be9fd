import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FunctionError } from '../http/errors';
import { bearerToken, secretDigest } from '../http/service-key';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics`: the Prometheus text, to a scraper that sends `Authorization: Bearer
 * <METRICS_TOKEN>` (compared in constant time); 401 without a token, 403 with another. Without
 * a token configured there is no such route: the address answers 404 as any unknown one does.
 * Outside the API's routes (like the health probes, for machines), and without a rate limit: a
 * scraper asks at a fixed interval, and a token of 32 characters or more is not guessed.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  if (token === undefined || !metrics.enabled) return;
  const expected = secretDigest(token);
  app.get(METRICS_PATH, async (request, reply) => {
    const sent = bearerToken(request);
    if (sent === undefined) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new FunctionError(
        'unauthenticated',
        'The metrics need the metrics token: send Authorization: Bearer <token>.',
      );
    }
    if (!timingSafeEqual(secretDigest(sent), expected)) {
      throw new FunctionError('permission-denied', 'That is not the metrics token.');
    }
    const scraped = await metrics.scrape();
    if (scraped === undefined) throw new Error('metrics are on but answered no scrape');
    return reply.header('cache-control', 'no-store').type(scraped.contentType).send(scraped.text);
  });
}
