import { can } from '@outpost/contracts/permissions';
import {
  createOrderInputSchema,
  orderSchema,
  requestSpinQuerySchema,
  shopSchema,
  spinMachineQuerySchema,
  spinResultSchema,
} from '@outpost/contracts/shop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { PayPalOrdersApi } from '../payments/index';
import { signedInViewer } from '../platform/http/access';
import { answering, FunctionError } from '../platform/http/errors';
import { listShopMachines, listShopPacks, readContainerSpinConfig } from './catalogue';
import { shopFunctionError } from './errors';
import { createOrder, requestPayPalSpin } from './pack-and-spin-orders';
import { spinMachine } from './spins';

export interface ShopRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /** APP_ENV's PayPal: the client for the server, its client id for the JS buttons; undefined when off. */
  paypal: { api: PayPalOrdersApi; clientId: string } | undefined;
}

/** A shop call's refusals as the protocol's errors. */
const answer = answering(shopFunctionError);

/**
 * The players' shop (docs/product.md §1.1, §6.1, §7.1): the catalogue, orders, and the product functions that spin
 * (payments settles every kind of order). Everything acts on the store of APP_ENV.
 */
export function registerShopRoutes(app: FastifyInstance, options: ShopRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = options.game;
  const paypal = options.paypal?.api;

  api.get('/api/shop', { schema: { response: { 200: shopSchema } } }, async (request) => {
    const viewer = await request.viewer();
    const seeAll = can(viewer?.profile?.keys, 'dataLayerAdmin');
    const now = new Date();
    const [config, packs, machines] = await Promise.all([
      readContainerSpinConfig(db),
      listShopPacks(db, seeAll),
      listShopMachines(db, { now, seeAll }),
    ]);
    return {
      shopOpens: config.shopOpens,
      now: now.toISOString(),
      packs,
      machines,
      paypalClientId: options.paypal?.clientId ?? null,
    };
  });

  api.post(
    '/api/shop/orders',
    { schema: { body: createOrderInputSchema, response: { 200: orderSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return answer(() => createOrder(db, viewer.userId, request.body, { paypal }));
    },
  );

  api.get(
    '/api/fn/spin-machine',
    { schema: { querystring: spinMachineQuerySchema, response: { 200: spinResultSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return answer(() =>
        spinMachine(db, { userId: viewer.userId, machineID: request.query.machineID, charge: 'credits' }),
      );
    },
  );

  api.get(
    '/api/fn/request-spin',
    { schema: { querystring: requestSpinQuerySchema, response: { 200: spinResultSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      const { paypalOrderID, userID } = request.query;
      // 'direct' is the caller; a player spins only for themself (docs/product.md §7.1).
      if (userID !== 'direct' && userID !== viewer.userId) {
        throw new FunctionError('permission-denied', 'You can only spin for yourself.');
      }
      return answer(() => requestPayPalSpin(db, viewer.userId, paypalOrderID, { paypal }));
    },
  );
}
