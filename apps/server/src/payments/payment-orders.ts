import { randomUUID } from 'node:crypto';
import type { Order, OrderKind, OrderStatus, PayPalAmounts } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { PayPalOrdersApi } from './paypal/paypal-client';
import { captureAndVerify, type Settlement } from './paypal/settle';
import type { PaymentOrderRow } from './tables';

/*
 * Orders: Outpost's own record of what a player pays for, written before any payment with
 * Outpost's price. A PayPal order is created from that record and fulfilled only when PayPal's
 * capture matches it (amount, currency, custom_id = our order id); an order is fulfilled once,
 * by the conditional move of its status to 'completed' in the fulfilment's transaction. What an
 * order buys (a pack's credits, a spin, merch) is the business of the domain of its kind.
 */

export const CURRENCY = 'USD';

export class PayPalOffError extends Error {}
export class OrderNotFoundError extends Error {}
export class NotYourOrderError extends Error {}
export class WrongPaymentError extends Error {}
/** PayPal did not pay for the order (pending, declined, or not the order Outpost priced). */
export class PaymentNotCompletedError extends Error {
  constructor(
    readonly status: Exclude<OrderStatus, 'created' | 'completed'>,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export function toOrder(row: PaymentOrderRow): Order {
  return {
    orderID: row.order_id,
    kind: row.kind as OrderKind,
    payment: row.payment as Order['payment'],
    paypalOrderID: row.paypal_order_id,
    amountCents: row.amount_cents,
    credits: row.credits,
    status: row.status as OrderStatus,
  };
}

/** What a new order is for, at Outpost's price, as the domain of its kind priced it. */
export interface PricedOrder {
  kind: OrderKind;
  packID: string | null;
  machineID: string | null;
  amountCents: number;
  credits: number;
  /** The line PayPal shows the payer. */
  description: string;
}

/** Records an order at Outpost's price and, paid with PayPal, creates PayPal's order for it. */
export async function openOrder(
  db: Kysely<GameDatabase>,
  order: { userId: string; payment: Order['payment']; priced: PricedOrder; paypal: PayPalOrdersApi | undefined },
  now: Date,
): Promise<Order> {
  const { priced, paypal } = order;
  if (order.payment === 'paypal' && !paypal) throw new PayPalOffError();
  const orderID = randomUUID();
  const row = await db
    .insertInto('payment_orders')
    .values({
      order_id: orderID,
      user_id: order.userId,
      kind: priced.kind,
      payment: order.payment,
      pack_id: priced.packID,
      machine_id: priced.machineID,
      amount_cents: priced.amountCents,
      credits: priced.credits,
      currency: CURRENCY,
      paypal_order_id: null,
      status: 'created',
      created_at: now.toISOString(),
      settled_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (order.payment !== 'paypal' || !paypal) return toOrder(row);
  const created = await paypal.createOrder({
    customId: orderID,
    amountCents: priced.amountCents,
    currency: CURRENCY,
    description: priced.description,
    requestId: `create-${orderID}`,
  });
  const withPayPal = await db
    .updateTable('payment_orders')
    .set({ paypal_order_id: created.id })
    .where('order_id', '=', orderID)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOrder(withPayPal);
}

/** A payment record by Outpost's order id or by PayPal's. */
export function findPaymentOrder(
  db: Kysely<GameDatabase>,
  where: { orderID: string } | { paypalOrderID: string },
): Promise<PaymentOrderRow | undefined> {
  const query = db.selectFrom('payment_orders').selectAll();
  return (
    'orderID' in where
      ? query.where('order_id', '=', where.orderID)
      : query.where('paypal_order_id', '=', where.paypalOrderID)
  ).executeTakeFirst();
}

/** The order a player settles, refused when it is not theirs or not paid the way they settle it. */
export async function findOwnOrder(
  db: Kysely<GameDatabase>,
  userId: string,
  where: { orderID: string } | { paypalOrderID: string },
  expected: { kind: OrderKind; payment: Order['payment'] },
): Promise<PaymentOrderRow> {
  const order = await findPaymentOrder(db, where);
  if (!order) throw new OrderNotFoundError();
  if (order.user_id !== userId) throw new NotYourOrderError();
  if (order.kind !== expected.kind || order.payment !== expected.payment) throw new WrongPaymentError();
  return order;
}

/** Moves the order to completed unless it already is; true for the one call that did. */
export async function claimFulfilment(trx: Kysely<GameDatabase>, orderID: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('payment_orders')
    .set({ status: 'completed', settled_at: now.toISOString() })
    .where('order_id', '=', orderID)
    .where('status', '!=', 'completed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function recordPayPalTransaction(
  db: Kysely<GameDatabase>,
  order: PaymentOrderRow,
  settlement: Settlement,
  now: Date,
): Promise<void> {
  const { transaction, verdict } = settlement;
  await db
    .insertInto('paypal_transactions')
    .values({
      order_id: transaction.orderID,
      user_id: order.user_id,
      result: verdict.outcome,
      shipping: transaction.shipping === undefined ? null : JSON.stringify(transaction.shipping),
      amounts: JSON.stringify({
        expected: { value: order.amount_cents, currency: order.currency, customId: order.order_id },
        captured: transaction.amount ?? null,
        paypalFee: transaction.paypalFee ?? null,
        net: transaction.netAmount ?? null,
        captureId: transaction.captureId ?? null,
        captureStatus: transaction.captureStatus ?? null,
        alreadyCaptured: settlement.alreadyCaptured,
        reason: 'reason' in verdict ? verdict.reason : null,
      } satisfies PayPalAmounts),
      created_at: now.toISOString(),
    })
    .execute();
}

/** Captures and verifies PayPal's order for ours, recording the outcome; throws unless it was paid. */
export async function capturePaid(
  db: Kysely<GameDatabase>,
  paypal: PayPalOrdersApi,
  order: PaymentOrderRow,
  now: Date,
): Promise<void> {
  const paypalOrderID = order.paypal_order_id ?? '';
  const settlement = await captureAndVerify(
    paypal,
    { orderID: paypalOrderID, customId: order.order_id, amountCents: order.amount_cents, currency: order.currency },
    // The same id for every attempt at this order, so PayPal answers a repeat with the first capture.
    `capture-${order.order_id}`,
  );
  await recordPayPalTransaction(db, order, settlement, now);
  const { verdict } = settlement;
  if (verdict.outcome === 'completed') return;
  await db
    .updateTable('payment_orders')
    .set({ status: verdict.outcome })
    .where('order_id', '=', order.order_id)
    .where('status', '!=', 'completed')
    .execute();
  throw new PaymentNotCompletedError(verdict.outcome, verdict.reason);
}
