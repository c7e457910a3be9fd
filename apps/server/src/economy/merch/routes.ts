import {
  accountOrdersQuerySchema,
  createMerchOrderInputSchema,
  MERCH_MESSAGES,
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
import { signedInViewer } from '../../platform/http/access';
import { FunctionError } from '../../platform/http/errors';
import { limitTo, type RateLimit } from '../../platform/http/rate-limit';
import type { FileStore } from '../../platform/storage/file-store';
import type { GameDatabase } from '../../stores';
import { PayPalError } from '../paypal/paypal-client';
import { PaymentNotCompletedError, PayPalOffError } from '../shop/orders';
import { CheckoutSessionCompletedError, StripeApiError, StripePriceMismatchError } from '../stripe/stripe-client';
import { insertMerchContact, listPlayerMerchOrders } from './admin-queries';
import { readMerchCatalogue } from './catalogue';
import { readMerchConfig } from './config';
import { DropAlreadyOpenError, MerchDropNotFoundError, subscribeToDrop } from './drops';
import { readOrderProfile, saveOrderProfile } from './order-profile';
import {
  cancelMerchOrder,
  DropNotOpenError,
  MerchOrderNotFoundError,
  type MerchPayments,
  MerchProfileRequiredError,
  MerchSoldOutError,
  NotAwaitingPaymentError,
  NotYourMerchOrderError,
  OrderCreditsShortError,
  ProductNotOnSaleError,
  placeMerchOrder,
  ReservationLapsedError,
  StripeOffError,
  VarietyNotFoundError,
  WrongMerchPaymentError,
} from './orders';

export interface MerchRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  files: Pick<FileStore, 'url'>;
  payments: MerchPayments;
  /** PayPal's client id for the JS buttons; null when PayPal is off. */
  paypalClientId: string | null;
  contactRateLimit: RateLimit;
}

/** The merch shop's refusals as the protocol's statuses, in words a player understands. */
export function merchFunctionError(error: unknown): unknown {
  if (error instanceof MerchProfileRequiredError) {
    return new FunctionError('aborted', MERCH_MESSAGES.profileRequired, { profileRequired: true });
  }
  if (error instanceof ProductNotOnSaleError) {
    return new FunctionError('not-found', MERCH_MESSAGES.productUnavailable, { productID: error.productID });
  }
  if (error instanceof VarietyNotFoundError) {
    return new FunctionError('not-found', MERCH_MESSAGES.varietyNotFound, {
      productID: error.productID,
      varietyID: error.varietyID,
    });
  }
  if (error instanceof DropNotOpenError) {
    return new FunctionError('aborted', `${MERCH_MESSAGES.dropNotOpen} ${error.dropName} opens ${error.opensAt}.`, {
      opensAt: error.opensAt,
    });
  }
  if (error instanceof MerchSoldOutError) {
    return new FunctionError('aborted', `${MERCH_MESSAGES.soldOut} ${error.productName} (${error.varietyName}).`);
  }
  if (error instanceof MerchOrderNotFoundError) return new FunctionError('not-found', MERCH_MESSAGES.orderNotFound);
  if (error instanceof NotYourMerchOrderError)
    return new FunctionError('permission-denied', MERCH_MESSAGES.notYourOrder);
  if (error instanceof NotAwaitingPaymentError) {
    return new FunctionError('aborted', MERCH_MESSAGES.notAwaitingPayment, { status: error.status });
  }
  if (error instanceof WrongMerchPaymentError)
    return new FunctionError('invalid-argument', 'This order is not paid that way.');
  if (error instanceof ReservationLapsedError) return new FunctionError('aborted', MERCH_MESSAGES.reservationLapsed);
  if (error instanceof StripeOffError) return new FunctionError('unavailable', MERCH_MESSAGES.stripeOff);
  if (error instanceof PayPalOffError) return new FunctionError('unavailable', MERCH_MESSAGES.paypalOff);
  if (error instanceof OrderCreditsShortError) {
    return new FunctionError('aborted', MERCH_MESSAGES.notEnoughCredits, { balance: error.balance, cost: error.cost });
  }
  if (error instanceof MerchDropNotFoundError) return new FunctionError('not-found', MERCH_MESSAGES.dropNotFound);
  if (error instanceof DropAlreadyOpenError) return new FunctionError('aborted', MERCH_MESSAGES.dropAlreadyOpen);
  return error;
}

async function answer<Result>(work: () => Promise<Result>): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    throw merchFunctionError(error);
  }
}

/** The shop's refusals PayPal and Stripe add, for routes that talk to them. */
function providerError(error: unknown): unknown {
  if (error instanceof PayPalError) {
    return new FunctionError('unavailable', 'PayPal could not be reached. Nothing was charged; try again in a moment.');
  }
  if (error instanceof PaymentNotCompletedError) return new FunctionError('aborted', error.reason);
  if (error instanceof StripeApiError) {
    return new FunctionError(
      'unavailable',
      'Card payments could not be reached. Nothing was charged; try again in a moment.',
    );
  }
  if (error instanceof StripePriceMismatchError) {
    return new FunctionError(
      'aborted',
      'Card payment is not available for this item: its price at Stripe does not match the shop’s. Nothing was charged; paying in credits still works.',
      { priceID: error.priceID },
    );
  }
  // The player paid on Stripe's page before cancelling: the webhook is on its way to mark it paid.
  if (error instanceof CheckoutSessionCompletedError) {
    return new FunctionError('aborted', MERCH_MESSAGES.notAwaitingPayment, { status: 'paid' });
  }
  return error;
}

/**
 * The players' side of the merch shop (issue 10 points 1–4): the catalogue, placing and cancelling
 * orders, their orders and order profile, drop subscriptions and the contact form. Payments settle
 * through the shop's product functions (process-direct-transaction, process-paypal-order) and
 * Stripe's webhook.
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
    { schema: { body: createMerchOrderInputSchema, response: { 200: merchOrderSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      try {
        return await answer(() => placeMerchOrder(db, viewer.userId, request.body, options.payments));
      } catch (error) {
        throw providerError(error);
      }
    },
  );

  api.post(
    '/api/shop/merch/orders/:orderID/cancel',
    { schema: { params: merchOrderParamsSchema, response: { 200: merchOrderSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      try {
        return await answer(() => cancelMerchOrder(db, viewer.userId, request.params.orderID, options.payments));
      } catch (error) {
        throw providerError(error);
      }
    },
  );

  api.get(
    '/api/account/orders',
    { schema: { querystring: accountOrdersQuerySchema, response: { 200: merchOrderPageSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return listPlayerMerchOrders(db, viewer.userId, request.query);
    },
  );

  api.get('/api/account/order-profile', { schema: { response: { 200: savedOrderProfileSchema } } }, async (request) => {
    const viewer = await signedInViewer(request);
    return readOrderProfile(db, viewer.userId);
  });

  // Spec §7: set-order-profile, bearer auth, the order profile as the JSON body; answers JSON.
  api.post(
    '/api/fn/set-order-profile',
    { schema: { body: orderProfileSchema, response: { 200: savedOrderProfileSchema } } },
    async (request) => {
      const viewer = await signedInViewer(request);
      return saveOrderProfile(db, viewer.userId, request.body);
    },
  );

  // Spec §7: subscribe-to-drop, bearer auth, query drop and email; answers text.
  api.get(
    '/api/fn/subscribe-to-drop',
    { schema: { querystring: subscribeToDropQuerySchema, response: { 200: z.string() } } },
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
      config: { rateLimit: limitTo(options.contactRateLimit) },
    },
    async (request) => {
      const viewer = await request.viewer();
      return insertMerchContact(db, request.body, viewer?.userId ?? null);
    },
  );
}
