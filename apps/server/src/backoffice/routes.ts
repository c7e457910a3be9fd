import {
  adminLogPageSchema,
  adminLogQuerySchema,
  gatherDashboardCallableName,
  gatherDashboardResultSchema,
  moderationDashboardSchema,
} from '@outpost/contracts/backoffice';
import { adminEnvironmentParamsSchema, ENVIRONMENTS } from '@outpost/contracts/environments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { registerCallable } from '../platform/http/callable';
import type { AppStores } from '../stores';
import { listAdminLog } from './admin-log-list';
import {
  type DashboardFigureQueries,
  type GameStatusQueries,
  gatherGameStatus,
  readModerationDashboard,
} from './dashboard';

export interface BackofficeOptions {
  /** One store per environment; every admin route names its environment and reads only that one. */
  game: AppStores['game'];
  identity: AppStores['identity'];
  /** The 'Moderation & Reports' figures, one query each, plugged in by the domain that holds the data (app.ts). */
  figures: DashboardFigureQueries;
  /** Game Status's purchase counts, from the shop's ledger once it exists; 0 until then. */
  gameStatus?: GameStatusQueries;
}

/** The back office's own routes: the admin log and the dashboard's figures. */
export function registerBackofficeRoutes(app: FastifyInstance, options: BackofficeOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const stores = options.game;
  const { figures } = options;
  const gameStatus = options.gameStatus ?? {};

  api.get(
    '/api/admin/:env/admin-log',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: adminLogQuerySchema,
        response: { 200: adminLogPageSchema },
      },
    },
    (request) => listAdminLog({ game: stores[request.params.env], identity: options.identity }, request.query),
  );

  api.get(
    '/api/admin/:env/dashboard',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: moderationDashboardSchema } } },
    (request) => readModerationDashboard({ game: stores[request.params.env], identity: options.identity }, figures),
  );

  // Spec §7: '{env}-admin-gatherRouterDashboardCallable', no payload; one callable per environment.
  for (const environment of ENVIRONMENTS) {
    registerCallable(app, {
      name: gatherDashboardCallableName(environment),
      input: z.optional(z.null()),
      output: gatherDashboardResultSchema,
      handler: () => gatherGameStatus(stores[environment], gameStatus),
    });
  }
}
