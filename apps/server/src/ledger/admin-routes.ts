import type { Environment } from '@outpost/contracts/environments';
import { oneFieldDetails } from '@outpost/contracts/field-errors';
import {
  creditAdjustmentInputSchema,
  creditAdjustmentResultSchema,
  itemGrantInputSchema,
  itemGrantResultSchema,
  itemTakeBackInputSchema,
  itemTakeBackResultSchema,
  playerHoldingsSchema,
  playerRecordParamsSchema,
} from '@outpost/contracts/player-record';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores, IdentityDatabase } from '../database';
import { requireAccount } from '../identity/index';
import { answering, FunctionError } from '../platform/http/errors';
import { listHoldings } from './inventory';
import {
  adjustCredits,
  grantSupportItems,
  TakeBackTooLargeError,
  takeBackSupportItems,
  UnknownItemError,
} from './support';

export interface LedgerAdminRoutesOptions {
  game: AppStores['game'];
  identity: Kysely<IdentityDatabase>;
}

const answer = answering((error) => {
  if (error instanceof TakeBackTooLargeError)
    return new FunctionError('aborted', error.message, oneFieldDetails(error.field, error.message));
  if (error instanceof UnknownItemError)
    return new FunctionError('invalid-argument', error.message, oneFieldDetails(error.field, error.message));
  return error;
});

/**
 * The player page's changes to a player's credits and inventory (staff and admins, by the route
 * table), and what the player holds for its take-back tool (moderators read it): each names an
 * account that exists, so nothing is given to, or read of, an id nobody holds.
 */
export function registerLedgerAdminRoutes(app: FastifyInstance, options: LedgerAdminRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const storeOf = (environment: Environment) => options.game[environment];

  api.post(
    '/api/admin/:env/users/:userID/credits',
    {
      schema: {
        params: playerRecordParamsSchema,
        body: creditAdjustmentInputSchema,
        response: { 200: creditAdjustmentResultSchema },
      },
    },
    async (request) => {
      const { env, userID } = request.params;
      const change = await adminChangeOf(request, env);
      await requireAccount(options.identity, userID);
      return answer(() => adjustCredits(storeOf(env), change, { userID, ...request.body }));
    },
  );

  api.post(
    '/api/admin/:env/users/:userID/items',
    {
      schema: {
        params: playerRecordParamsSchema,
        body: itemGrantInputSchema,
        response: { 200: itemGrantResultSchema },
      },
    },
    async (request) => {
      const { env, userID } = request.params;
      const change = await adminChangeOf(request, env);
      await requireAccount(options.identity, userID);
      const granted = await answer(() => grantSupportItems(storeOf(env), change, { userID, ...request.body }));
      return { granted };
    },
  );

  api.get(
    '/api/admin/:env/users/:userID/items',
    { schema: { params: playerRecordParamsSchema, response: { 200: playerHoldingsSchema } } },
    async (request) => {
      const { env, userID } = request.params;
      await requireAccount(options.identity, userID);
      return { holdings: await listHoldings(storeOf(env), userID) };
    },
  );

  api.post(
    '/api/admin/:env/users/:userID/items/take-back',
    {
      schema: {
        params: playerRecordParamsSchema,
        body: itemTakeBackInputSchema,
        response: { 200: itemTakeBackResultSchema },
      },
    },
    async (request) => {
      const { env, userID } = request.params;
      const change = await adminChangeOf(request, env);
      await requireAccount(options.identity, userID);
      return answer(() => takeBackSupportItems(storeOf(env), change, { userID, ...request.body }));
    },
  );
}
