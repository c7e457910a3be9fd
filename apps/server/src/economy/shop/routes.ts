import { merchPaymentResultSchema } from '@outpost/contracts/merch';
import { can } from '@outpost/contracts/permissions';
import {
  createOrderInputSchema,
  orderSchema,
  packPurchaseResultSchema,
  processDirectTransactionQuerySchema,
  processPayPalOrderQuerySchema,
  requestSpinQuerySchema,
  SHOP_MESSAGES,
  shopSchema,
  spinMachineQuerySchema,
  spinResultSchema,
} from '@outpost/contracts/shop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import { signedInViewer } from '../../platform/http/access';
import { FunctionError } from '../../platform/http/errors';
import type { GameDatabase } from '../../stores';
import { InsufficientCreditsError } from '../ledger';
import { payMerchOrderWithCredits, payMerchOrderWithPayPal } from '../merch/orders';
import { merchFunctionError } from '../merch/routes';
import { PayPalError, type PayPalOrdersApi } from '../paypal/paypal-client';
import { listShopMachines, listShopPacks, readContainerSpinConfig } from './catalogue';
import {
  createOrder,
  findShopOrder,
  NoPayPalPriceError,
  NotYourOrderError,
  OrderNotFoundError,
  OrderSettledAsCreditsError,
  PackNotFoundError,
  PackUnavailableError,
  PaymentNotCompletedError,
  PayPalOffError,
  processDirectTransaction,
  processPayPalPackOrder,
  requestPayPalSpin,
  SpinRefundedAsCreditsError,
  WrongPaymentError,
} from './orders';
import {
  DropClosedError,
  MachineNotFoundError,
  MachineUnavailableError,
  ShopClosedError,
  SoldOutError,
  spinMachine,
} from './spins';

export interface ShopRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /** APP_ENV's PayPal: the client for the server, its client id for the JS buttons; undefined when off. */
  paypal: { api: PayPalOrdersApi; clientId: string } | undefined;
}

const PAYMENT_MESSAGES: Record<PaymentNotCompletedError['status'], string> = {
  pending: 'PayPal is still processing this payment. Nothing is granted until it completes.',
  declined: SHOP_MESSAGES.paymentNotCompleted,
  mismatch: SHOP_MESSAGES.paymentMismatch,
};

/** The shop's refusals as the protocol's statuses and words a player understands. */
function toFunctionError(error: unknown): unknown {
  if (error instanceof ShopClosedError) {
    return new FunctionError('aborted', SHOP_MESSAGES.notOpenYet, { shopOpens: error.shopOpens });
  }
  if (error instanceof MachineNotFoundError) return new FunctionError('not-found', SHOP_MESSAGES.machineNotFound);
  if (error instanceof MachineUnavailableError) return new FunctionError('aborted', SHOP_MESSAGES.machineUnavailable);
  if (error instanceof DropClosedError) return new FunctionError('aborted', SHOP_MESSAGES.dropClosed);
  if (error instanceof SoldOutError) return new FunctionError('aborted', SHOP_MESSAGES.soldOut);
  if (error instanceof InsufficientCreditsError) {
    return new FunctionError('aborted', SHOP_MESSAGES.notEnoughCredits, { balance: error.balance, cost: error.amount });
  }
  if (error instanceof PackNotFoundError) return new FunctionError('not-found', SHOP_MESSAGES.packNotFound);
  if (error instanceof PackUnavailableError) return new FunctionError('aborted', SHOP_MESSAGES.packUnavailable);
  if (error instanceof NoPayPalPriceError) return new FunctionError('invalid-argument', SHOP_MESSAGES.noPayPalPrice);
  if (error instanceof PayPalOffError) return new FunctionError('unavailable', SHOP_MESSAGES.paypalOff);
  if (error instanceof OrderNotFoundError) return new FunctionError('not-found', SHOP_MESSAGES.orderNotFound);
  if (error instanceof NotYourOrderError) return new FunctionError('permission-denied', SHOP_MESSAGES.notYourOrder);
  if (error instanceof WrongPaymentError) return new FunctionError('invalid-argument', SHOP_MESSAGES.wrongPayment);
  if (error instanceof PaymentNotCompletedError) {
    return new FunctionError('aborted', PAYMENT_MESSAGES[error.status], { status: error.status });
  }
  if (error instanceof OrderSettledAsCreditsError) {
    return new FunctionError('aborted', error.message, { credits: error.credits });
  }
  if (error instanceof SpinRefundedAsCreditsError) {
    const refusal = toFunctionError(error.refusal);
    const reason = refusal instanceof Error ? refusal.message : SHOP_MESSAGES.soldOut;
    return new FunctionError(
      'aborted',
      `${reason} Your payment was added to your balance as ${error.credits} credits instead.`,
      { credits: error.credits, balance: error.balance },
    );
  }
  if (error instanceof PayPalError) {
    if (error.issue === 'ORDER_NOT_APPROVED' || error.issue === 'PAYER_ACTION_REQUIRED') {
      return new FunctionError('aborted', 'The payment has not been approved on PayPal yet.');
    }
    if (error.issue === 'INVALID_RESOURCE_ID') return new FunctionError('not-found', SHOP_MESSAGES.orderNotFound);
    return new FunctionError(
      'unavailable',
      'PayPal could not be reached. Nothing was charged here; try again in a moment.',
    );
  }
  return error;
}

/** Runs a shop call, answering its refusals (a merch order's too) as the protocol's errors. */
async function answer<Result>(work: () => Promise<Result>): Promise<Result> {
  try {
    return await work();
  } catch (error) {
    throw merchFunctionError(toFunctionError(error));
  }
}

/**
 * The players' shop (spec §1, §6, §7): the catalogue, orders, and the product functions that pay
 * and spin. Everything acts on the store of APP_ENV.
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
      // Spec §7: 'direct' is the caller; a player spins only for themself.
      if (userID !== 'direct' && userID !== viewer.userId) {
        throw new FunctionError('permission-denied', 'You can only spin for yourself.');
      }
      return answer(() => requestPayPalSpin(db, viewer.userId, paypalOrderID, { paypal }));
    },
  );

  // Spec §7: settles any PayPal order of Outpost's, a credit pack's or a merch order's.
  api.get(
    '/api/fn/process-paypal-order',
    {
      schema: {
        querystring: processPayPalOrderQuerySchema,
        response: { 200: z.union([packPurchaseResultSchema, merchPaymentResultSchema]) },
      },
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      const paypalOrderID = request.query.orderID;
      const payment = await findShopOrder(db, { paypalOrderID });
      if (payment?.kind === 'merch') {
        return answer(() => payMerchOrderWithPayPal(db, paypal, viewer.userId, payment));
      }
      const fulfilment = await answer(() => processPayPalPackOrder(db, viewer.userId, paypalOrderID, { paypal }));
      return {
        orderID: fulfilment.order.orderID,
        status: fulfilment.order.status,
        credits: fulfilment.credits,
        balance: fulfilment.balance,
      };
    },
  );

  // Spec §7: settles an order paid with credits, a spin's or a merch order's.
  api.get(
    '/api/fn/process-direct-transaction',
    {
      schema: {
        querystring: processDirectTransactionQuerySchema,
        response: { 200: z.union([spinResultSchema, merchPaymentResultSchema]) },
      },
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      const { orderID } = request.query;
      const payment = await findShopOrder(db, { orderID });
      if (payment?.kind === 'merch') return answer(() => payMerchOrderWithCredits(db, viewer.userId, orderID));
      return answer(() => processDirectTransaction(db, viewer.userId, orderID));
    },
  );
}
