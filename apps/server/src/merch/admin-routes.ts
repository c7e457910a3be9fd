import { adminEnvironmentParamsSchema, type Environment } from '@outpost/contracts/environments';
import {
  adminMerchOrderPageSchema,
  adminMerchOrderParamsSchema,
  adminMerchOrderSchema,
  createMerchDropInputSchema,
  ecomProductListPageSchema,
  ecomProductListQuerySchema,
  MERCH_MESSAGES,
  merchConfigInputSchema,
  merchConfigSchema,
  merchContactListPageSchema,
  merchContactListQuerySchema,
  merchDropInputSchema,
  merchDropListPageSchema,
  merchDropListQuerySchema,
  merchDropParamsSchema,
  merchDropSchema,
  merchFulfilmentInputSchema,
  merchOrderListQuerySchema,
  merchRefundInputSchema,
} from '@outpost/contracts/merch';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { adminChangeOf } from '../backoffice/index';
import type { AppStores } from '../database';
import { answering, FunctionError } from '../platform/http/errors';
import { detailsOf } from '../platform/http/field-refusal';
import {
  fulfilMerchOrder,
  listEcomProducts,
  listMerchContacts,
  listMerchOrders,
  MerchOrderStateError,
  type RefundAtProvider,
  RefundPendingError,
  RefundRefusedError,
  RefundTooLargeError,
  RefundUnansweredError,
  refundMerchOrder,
} from './admin-queries';
import { readMerchConfig, writeMerchConfig } from './config';
import {
  createMerchDrop,
  deleteMerchDrop,
  listMerchDrops,
  MerchDropConflictError,
  MerchDropNotFoundError,
  MerchDropReferenceError,
  updateMerchDrop,
} from './drops';
import { findAdminMerchOrder, MerchOrderNotFoundError } from './merch-orders';
import { namedAdminOrder, withBuyers, withWriters } from './people';

export interface MerchAdminRoutesOptions {
  game: AppStores['game'];
  /** Where the buyers' and admins' names are. */
  identity: AppStores['identity'];
  /** Refunds money at the payment provider of an environment's order (Stripe, PayPal). */
  refundAtProvider: (environment: Environment) => RefundAtProvider;
}

/** The back office's refusals as the protocol's statuses, for its own routes and the calendar's moves of its drops. */
export function toFunctionError(error: unknown): unknown {
  if (error instanceof MerchOrderNotFoundError) return new FunctionError('not-found', MERCH_MESSAGES.orderNotFound);
  if (error instanceof MerchDropNotFoundError) return new FunctionError('not-found', error.message);
  if (error instanceof MerchOrderStateError) return new FunctionError('aborted', error.message);
  if (error instanceof MerchDropConflictError) return new FunctionError('aborted', error.message, detailsOf(error));
  if (error instanceof RefundTooLargeError || error instanceof MerchDropReferenceError) {
    return new FunctionError('invalid-argument', error.message, detailsOf(error));
  }
  if (error instanceof RefundRefusedError)
    return new FunctionError(error.unavailable ? 'unavailable' : 'aborted', error.message);
  if (error instanceof RefundPendingError) return new FunctionError('aborted', error.message);
  if (error instanceof RefundUnansweredError) return new FunctionError('unavailable', error.message);
  return error;
}

const answer = answering(toFunctionError);

/**
 * The merch back office: orders (the shop's staff pack, ship and refund them), drops, contact messages, the
 * ecom-products listing and config/merch. Every route names its environment and touches only that store; the
 * route table says who may call which.
 */
export function registerMerchAdminRoutes(app: FastifyInstance, options: MerchAdminRoutesOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storeOf = (environment: Environment) => options.game[environment];

  api.get(
    '/api/admin/:env/merch/orders',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: merchOrderListQuerySchema,
        response: { 200: adminMerchOrderPageSchema },
      },
    },
    async (request) => withBuyers(options.identity, await listMerchOrders(storeOf(request.params.env), request.query)),
  );

  api.get(
    '/api/admin/:env/merch/orders/:orderID',
    { schema: { params: adminMerchOrderParamsSchema, response: { 200: adminMerchOrderSchema } } },
    async (request) => {
      const order = await findAdminMerchOrder(storeOf(request.params.env), request.params.orderID);
      if (!order) throw new FunctionError('not-found', MERCH_MESSAGES.orderNotFound);
      return namedAdminOrder(options.identity, order);
    },
  );

  api.put(
    '/api/admin/:env/merch/orders/:orderID/fulfilment',
    {
      schema: {
        params: adminMerchOrderParamsSchema,
        body: merchFulfilmentInputSchema,
        response: { 200: adminMerchOrderSchema },
      },
    },
    async (request) => {
      const { env, orderID } = request.params;
      const context = await adminChangeOf(request, env);
      const order = await answer(() => fulfilMerchOrder(storeOf(env), orderID, request.body, context));
      return namedAdminOrder(options.identity, order);
    },
  );

  api.post(
    '/api/admin/:env/merch/orders/:orderID/refunds',
    {
      schema: {
        params: adminMerchOrderParamsSchema,
        body: merchRefundInputSchema,
        response: { 200: adminMerchOrderSchema },
      },
    },
    async (request) => {
      const { env, orderID } = request.params;
      const context = await adminChangeOf(request, env);
      const order = await answer(() =>
        refundMerchOrder(storeOf(env), orderID, request.body, context, options.refundAtProvider(env)),
      );
      return namedAdminOrder(options.identity, order);
    },
  );

  api.get(
    '/api/admin/:env/merch/contacts',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: merchContactListQuerySchema,
        response: { 200: merchContactListPageSchema },
      },
    },
    async (request) =>
      withWriters(options.identity, await listMerchContacts(storeOf(request.params.env), request.query)),
  );

  api.get(
    '/api/admin/:env/merch/drops',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: merchDropListQuerySchema,
        response: { 200: merchDropListPageSchema },
      },
    },
    (request) => listMerchDrops(storeOf(request.params.env), request.query),
  );

  api.post(
    '/api/admin/:env/merch/drops',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: createMerchDropInputSchema,
        response: { 200: merchDropSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const context = await adminChangeOf(request, env);
      return answer(() => createMerchDrop(storeOf(env), request.body, context));
    },
  );

  api.put(
    '/api/admin/:env/merch/drops/:dropID',
    { schema: { params: merchDropParamsSchema, body: merchDropInputSchema, response: { 200: merchDropSchema } } },
    async (request) => {
      const { env, dropID } = request.params;
      const context = await adminChangeOf(request, env);
      return answer(() => updateMerchDrop(storeOf(env), dropID, request.body, context));
    },
  );

  api.delete(
    '/api/admin/:env/merch/drops/:dropID',
    { schema: { params: merchDropParamsSchema, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request) => {
      const { env, dropID } = request.params;
      const context = await adminChangeOf(request, env);
      await answer(() => deleteMerchDrop(storeOf(env), dropID, context));
      return { deleted: true as const };
    },
  );

  api.get(
    '/api/admin/:env/ecom-products',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        querystring: ecomProductListQuerySchema,
        response: { 200: ecomProductListPageSchema },
      },
    },
    (request) => listEcomProducts(storeOf(request.params.env), request.query),
  );

  api.get(
    '/api/admin/:env/config/merch',
    { schema: { params: adminEnvironmentParamsSchema, response: { 200: merchConfigSchema } } },
    (request) => readMerchConfig(storeOf(request.params.env)),
  );

  api.put(
    '/api/admin/:env/config/merch',
    {
      schema: {
        params: adminEnvironmentParamsSchema,
        body: merchConfigInputSchema,
        response: { 200: merchConfigSchema },
      },
    },
    async (request) => {
      const { env } = request.params;
      const context = await adminChangeOf(request, env);
      return writeMerchConfig(storeOf(env), request.body, context);
    },
  );
}
