import { adminLogPageSchema, adminLogQuerySchema } from '@outpost/contracts/backoffice';
import { adminEnvironmentParamsSchema } from '@outpost/contracts/environments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppStores } from '../stores';
import { listAdminLog } from './admin-log';

/** The back office's own routes; every admin route names its environment and reads only that store. */
export function registerBackofficeRoutes(app: FastifyInstance, stores: AppStores['game']): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/:env/admin-log',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: adminLogQuerySchema,
        response: { 200: adminLogPageSchema },
      },
    },
    (request) => listAdminLog(stores[request.params.env], request.query),
  );
}
