import { ACCOUNT_ITEMS_LIMIT, accountItemsSchema, creditsQuerySchema, creditsSchema } from '@outpost/contracts/economy';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { listClaimedItems } from './inventory';
import { getBalance, listLedger } from './ledger';

export interface LedgerRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
}

/** The players' side of the economy: their credits and their game inventory. */
export function registerLedgerRoutes(app: FastifyInstance, options: LedgerRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = options.game;

  api.get(
    '/api/account/credits',
    { schema: { querystring: creditsQuerySchema, response: { 200: creditsSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      const [balance, history] = await Promise.all([
        getBalance(db, viewer.userId),
        listLedger(db, viewer.userId, request.query),
      ]);
      return { balance, history };
    },
  );

  api.get('/api/account/items', { schema: { response: { 200: accountItemsSchema } } }, async (request) => {
    const viewer = await signedInViewer(request);
    return { items: await listClaimedItems(db, viewer.userId, ACCOUNT_ITEMS_LIMIT) };
  });
}
