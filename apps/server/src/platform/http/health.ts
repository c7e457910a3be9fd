import type { FastifyInstance } from 'fastify';
import type { Stores } from '../db/stores';
import { errorBody } from './errors';

/** /healthz answers while the process runs; /readyz only when every store answers too. */
export function registerHealth(app: FastifyInstance, stores: Stores): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await stores.ping();
      return { status: 'ok', dialect: stores.dialect };
    } catch (error) {
      request.log.error({ err: error }, 'a store did not answer');
      return reply.code(503).send(errorBody('unavailable', 'A data store is not answering.'));
    }
  });
}
