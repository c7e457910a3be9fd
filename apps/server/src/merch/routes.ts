import {
  accountOrdersQuerySchema,
  createMerchOrderInputSchema,
  merchCatalogueSchema,
  merchContactInputSchema,
  merchContactSchema,
  merchOrderPageSchema,
  merchOrderParamsSchema,
  merchOrderSchema,
  orderProfileSchema,
  savedOrderProfileSchema,
  subscribeToDropQuerySchema,
} from '@outpost/contracts/merch';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../database';
import { signedInViewer } from '../platform/http/access';
import { answering } from '../platform/http/errors';
import { limitTo, perViewer, type RateLimit } from '../platform/http/rate-limit';
import type { FileStore } from '../platform/storage/file-store';
import { insertMerchContact, listMerchOrders } from './admin-queries';
import { readMerchCatalogue } from './catalogue';
import { readMerchConfig } from './config';
import { subscribeToDrop } from './drops';
import { merchFunctionError } from './errors';
import { cancelMerchOrder, type MerchPayments, placeMerchOrder } from './merch-orders';
import { readOrderProfile, saveOrderProfile } from './order-profile';

export interface MerchRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  files: Pick<FileStore, 'url'>;
  payments: MerchPayments;
  /** PayPal's client id for the JS buttons; null when PayPal is off. */
  paypalClientId: string | null;
  rateLimits: { contact: RateLimit; order: RateLimit; subscription: RateLimit };
}

const answer = answering(merchFunctionError);

/**
 * The players' side of the merch shop: the catalogue, placing and cancelling orders, their orders and order
 * profile, drop subscriptions and the contact form. Payments settle through the shop's product functions
 * (process-direct-transaction, process-paypal-order) and Stripe's webhook.
 */
export function registerMerchRoutes(app: FastifyInstance, options: MerchRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = options.game;

  api.get('/api/shop/merch', { schema: { response: { 200: merchCatalogueSchema } } }, async () => {
    const now = new Date();
    const { creditsPerUSD } = await readMerchConfig(db);
    const catalogue = await readMerchCatalogue(db, options.files, { now, creditsPerUSD });
    return {
      now: now.toISOString(),
      ...catalogue,
      payments: {
        credits: true as const,
        paypalClientId: options.paypalClientId,
        stripe: options.payments.stripe !== undefined,
      },
      creditsPerUSD,
    };
  });

  api.post(
    '/api/shop/merch/orders',
    {
      schema: { body: createMerchOrderInputSchema, response: { 200: merchOrderSchema } },
      config: { rateLimit: { ...limitTo(options.rateLimits.order), keyGenerator: perViewer } },
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      return answer(() => placeMerchOrder(db, viewer.userId, request.body, options.payments));
    },
  );

  api.post(
    '/api/shop/merch/orders/:orderID/cancel',
    { schema: { params: merchOrderParamsSchema, response: { 200: merchOrderSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return answer(() => cancelMerchOrder(db, viewer.userId, request.params.orderID, options.payments));
    },
  );

  api.get(
    '/api/account/orders',
    { schema: { querystring: accountOrdersQuerySchema, response: { 200: merchOrderPageSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return listMerchOrders(db, request.query, viewer.userId);
    },
  );

  api.get('/api/account/order-profile', { schema: { response: { 200: savedOrderProfileSchema } } }, async (request) => {
    const viewer = await signedInViewer(request);
    return readOrderProfile(db, viewer.userId);
  });

  // set-order-profile, bearer auth, the order profile as the JSON body; answers JSON (docs/product.md §7.1).
  api.post(
    '/api/fn/set-order-profile',
    { schema: { body: orderProfileSchema, response: { 200: savedOrderProfileSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return saveOrderProfile(db, viewer.userId, request.body);
    },
  );

  // subscribe-to-drop, bearer auth, query drop and email; answers text (docs/product.md §7.1).
  api.get(
    '/api/fn/subscribe-to-drop',
    {
      schema: { querystring: subscribeToDropQuerySchema, response: { 200: z.string() } },
      config: { rateLimit: { ...limitTo(options.rateLimits.subscription), keyGenerator: perViewer } },
    },
    async (request, reply) => {
      const viewer = await signedInViewer(request);
      const { drop, email } = request.query;
      const text = await answer(() => subscribeToDrop(db, { dropID: drop, email, userId: viewer.userId }));
      return reply.type('text/plain; charset=utf-8').send(text);
    },
  );

  api.post(
    '/api/shop/merch/contact',
    {
      schema: { body: merchContactInputSchema, response: { 200: merchContactSchema } },
      config: { rateLimit: limitTo(options.rateLimits.contact) },
    },
    async (request) => {
      const viewer = await request.viewer();
      return insertMerchContact(db, request.body, viewer?.userId ?? null);
    },
  );
}
