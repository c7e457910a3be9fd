import { functionErrorBodySchema } from '@outpost/contracts/callable';
import { healthSchema, readinessSchema } from '@outpost/contracts/health';
import type { FastifyInstance } from 'fastify';
import type { Stores } from '../db/stores';
import { STORE_RETRY_AFTER_SECONDS, type StoreTrouble, storeTrouble } from '../db/unavailable';
import { answeredError, errorBody } from './errors';

const READINESS_WORDS: Record<StoreTrouble, string> = {
  unreachable: 'not answering',
  busy: 'locked by another writer',
  full: 'out of disk space',
  'read-only': 'read-only',
};

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
        // Why, in words and the driver's code, never its message: that may name hosts and paths.
        const store = stores.dialect === 'postgres' ? 'PostgreSQL' : 'A SQLite store';
        const trouble = storeTrouble(error);
        const code = (error as { code?: unknown }).code;
        const why = trouble === undefined ? 'fails (see the server log)' : `is ${READINESS_WORDS[trouble]}`;
        return reply
          .code(503)
          .header('retry-after', String(STORE_RETRY_AFTER_SECONDS))
          .send(
            answeredError(
              request,
              errorBody('unavailable', `${store} ${why}${typeof code === 'string' ? ` (${code})` : ''}.`),
            ),
          );
      }
    },
  );
}
