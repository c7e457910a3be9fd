import { merchPaymentResultSchema } from '@outpost/contracts/merch';
import {
  packPurchaseResultSchema,
  processDirectTransactionQuerySchema,
  processPayPalOrderQuerySchema,
  spinResultSchema,
} from '@outpost/contracts/shop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { GameDatabase } from '../database';
import type { OrderSettlement } from '../domain';
import { signedInViewer } from '../platform/http/access';
import { answering } from '../platform/http/errors';
import { paymentFunctionError } from './errors';
import { findPaymentOrder, OrderNotFoundError, WrongPaymentError } from './payment-orders';
import type { PaymentOrderRow } from './tables';

export interface PaymentRoutesOptions {
  /** The store the game's players use (APP_ENV's). */
  game: Kysely<GameDatabase>;
  /** The settlement of every kind of order the app sells, each brought by the domain that sells it. */
  kinds: readonly OrderSettlement[];
}

const answerPayment = answering(paymentFunctionError);

/**
 * The product functions that settle any order of Outpost's, whatever it bought (docs/product.md §7.1): the
 * order is found by its id, and its kind's settlement grants what was bought, once.
 */
export function registerPaymentRoutes(app: FastifyInstance, options: PaymentRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = options.game;
  // Each kind's settlement of each way to pay, answering its refusals as the protocol's errors.
  const settlements = <Settle>(settleOf: (kind: OrderSettlement) => Settle | undefined) =>
    new Map(
      options.kinds.flatMap((kind) => {
        const settle = settleOf(kind);
        return settle ? [[kind.kind, { settle, answer: answering(kind.functionError) }] as const] : [];
      }),
    );
  const byPayPal = settlements((kind) => kind.settlePayPal);
  const direct = settlements((kind) => kind.settleDirect);

  /** The settlement of the order's kind; refused when there is no order, or none settles it this way. */
  const settlementOf = <Settlement>(settlementsOfKinds: Map<string, Settlement>, order: PaymentOrderRow | undefined) =>
    answerPayment(async () => {
      if (!order) throw new OrderNotFoundError();
      const settlement = settlementsOfKinds.get(order.kind);
      if (!settlement) throw new WrongPaymentError();
      return { ...settlement, order };
    });

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
      const found = await findPaymentOrder(db, { paypalOrderID: request.query.orderID });
      const { settle, answer, order } = await settlementOf(byPayPal, found);
      return answer(() => settle({ db, userId: viewer.userId, order }));
    },
  );

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
      const found = await findPaymentOrder(db, { orderID: request.query.orderID });
      const { settle, answer, order } = await settlementOf(direct, found);
      return answer(() => settle({ db, userId: viewer.userId, order }));
    },
  );
}
