import {
  adminLogPageSchema,
  adminLogQuerySchema,
  backOfficeSearchQuerySchema,
  backOfficeSearchSchema,
  gatherDashboardCallableName,
  gatherDashboardResultSchema,
  moderationDashboardSchema,
  revenueQuerySchema,
  revenueSchema,
} from '@outpost/contracts/backoffice';
import { adminEnvironmentParamsSchema, ENVIRONMENTS } from '@outpost/contracts/environments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { AppStores } from '../database';
import type { NumberedRecords, RevenueSource, SearchSource } from '../domain';
import { registerCallable } from '../platform/http/callable';
import { listAdminLog } from './admin-log-list';
import { type DashboardCounts, type GameStatusCounts, gatherGameStatus, readModerationDashboard } from './dashboard';
import { readRevenue } from './revenue';
import { searchBackOffice } from './search';

export interface BackofficeOptions {
  /** One store per environment; every admin route names its environment and reads only that one. */
  game: AppStores['game'];
  identity: AppStores['identity'];
  /** The 'Moderation & Reports' figures, their past and the attention counts, brought by the domains that hold the data. */
  figures: DashboardCounts;
  /** The Game Status figures the domains count; a figure none counts is 0. */
  gameStatus?: GameStatusCounts;
  /** Every domain's money, for the revenue view. */
  revenue?: readonly RevenueSource[];
  /** Every domain's search, for the back office's search. */
  search?: readonly SearchSource[];
  /** Every domain's records people call by a short number, for the admin log's record filter. */
  numbered?: readonly NumberedRecords[];
}

/** The back office's own routes: the admin log and the dashboard's figures. */
export function registerBackofficeRoutes(app: FastifyInstance, options: BackofficeOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stores = options.game;
  const { figures } = options;
  const gameStatus = options.gameStatus ?? { now: {}, past: {} };

  api.get(
    '/api/admin/:env/admin-log',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: adminLogQuerySchema,
        response: { 200: adminLogPageSchema },
      },
    },
    (request) =>
      listAdminLog(
        { game: stores[request.params.env], identity: options.identity, numbered: options.numbered ?? [] },
        request.query,
      ),
  );

  api.get(
    '/api/admin/:env/revenue',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: revenueQuerySchema,
        response: { 200: revenueSchema },
      },
    },
    (request) => readRevenue(stores[request.params.env], options.revenue ?? [], request.query),
  );

  api.get(
    '/api/admin/:env/search',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: backOfficeSearchQuerySchema,
        response: { 200: backOfficeSearchSchema },
      },
    },
    (request) => {
      const { env } = request.params;
      const searched = { game: stores[env], identity: options.identity, environment: env };
      return searchBackOffice(searched, options.search ?? [], request.query.q);
    },
  );

  api.get(
    '/api/admin/:env/dashboard',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: moderationDashboardSchema } } },
    (request) => readModerationDashboard({ game: stores[request.params.env], identity: options.identity }, figures),
  );

  // '{env}-admin-gatherRouterDashboardCallable', no payload; one callable per environment (docs/product.md §7.6).
  for (const environment of ENVIRONMENTS) {
    registerCallable(app, {
      name: gatherDashboardCallableName(environment),
      input: z.optional(z.null()),
      output: gatherDashboardResultSchema,
      handler: () => gatherGameStatus({ game: stores[environment], identity: options.identity }, gameStatus),
    });
  }
}
