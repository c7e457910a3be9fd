import { functionErrorBodySchema } from '@outpost/contracts/callable';
import { healthSchema, readinessSchema } from '@outpost/contracts/health';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '../db/stores';
import { answeredError, errorBody } from './errors';

/** /healthz answers while the process runs; /readyz only when every store answers too. */
export function registerHealth(app: FastifyInstance, stores: Pick<Stores<unknown, unknown>, 'ping' | 'dialect'>): void {
  // Monitors probe with HEAD as well as GET.
  app.get('/healthz', { exposeHeadRoute: true, schema: { response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { exposeHeadRoute: true, schema: { response: { 200: readinessSchema, 503: functionErrorBodySchema } } },
    async (request, reply) => {
      try {
        await stores.ping();
        return { status: 'ok', dialect: stores.dialect };
      } catch (error) {
        request.log.error({ err: error }, 'a store did not answer');
        return reply.code(503).send(answeredError(request, errorBody('unavailable', 'A data store is not answering.')));
      }
    },
  );
}
