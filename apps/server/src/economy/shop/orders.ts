import { randomUUID } from 'node:crypto';
import type {
  CreateOrderInput,
  Order,
  OrderKind,
  OrderStatus,
  PayPalAmounts,
  SpinResult,
} from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../../stores';
import { credit, getBalance } from '../ledger';
import type { PayPalOrdersApi } from '../paypal/paypal-client';
import { captureAndVerify, type Settlement } from '../paypal/settle';
import { readContainerSpinConfig, shopIsOpen } from './catalogue';
import {
  DropClosedError,
  MachineNotFoundError,
  MachineUnavailableError,
  ShopClosedError,
  SoldOutError,
  spinMachine,
} from './spins';
import type { ShopOrderRow } from './tables';

/*
 * Orders: Outpost's own record of what a player pays for, written before any payment with
 * Outpost's price. A PayPal order is created from that record and fulfilled only when PayPal's
 * capture matches it (amount, currency, custom_id = our order id); an order is fulfilled once,
 * by the conditional move of its status to 'completed' in the fulfilment's transaction.
 */

const CURRENCY = 'USD';

export class PayPalOffError extends Error {}
export class PackNotFoundError extends Error {}
export class PackUnavailableError extends Error {}
export class NoPayPalPriceError extends Error {}
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
/** A spin order settled before as credits (its machine could no longer spin), asked for again. */
export class OrderSettledAsCreditsError extends Error {
  constructor(readonly credits: number) {
    super(`This order was settled as ${credits} credits, since the machine could no longer spin.`);
  }
}
/** Paid, but the machine could no longer spin: the payment became credits instead. */
export class SpinRefundedAsCreditsError extends Error {
  constructor(
    readonly credits: number,
    readonly balance: number,
    readonly refusal: Error,
  ) {
    super(refusal.message);
  }
}

function toOrder(row: ShopOrderRow): Order {
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

interface Priced {
  kind: OrderKind;
  packID: string | null;
  machineID: string | null;
  amountCents: number;
  credits: number;
  description: string;
}

/** What the order costs, from Outpost's own tables; refused when it cannot be bought now. */
async function price(db: Kysely<GameDatabase>, input: CreateOrderInput, now: Date): Promise<Priced> {
  if (input.kind === 'credit-pack') {
    const pack = await db.selectFrom('credit_packs').selectAll().where('pack_id', '=', input.packID).executeTakeFirst();
    if (!pack) throw new PackNotFoundError();
    if (!pack.available) throw new PackUnavailableError();
    return {
      kind: 'credit-pack',
      packID: pack.pack_id,
      machineID: null,
      amountCents: pack.cost_usd,
      credits: pack.credits,
      description: `${pack.name}: ${pack.credits} credits`,
    };
  }
  const config = await readContainerSpinConfig(db);
  if (!shopIsOpen(config, now)) throw new ShopClosedError(config.shopOpens ?? '');
  const machine = await db
    .selectFrom('machines')
    .selectAll()
    .where('machine_id', '=', input.machineID)
    .executeTakeFirst();
  if (!machine) throw new MachineNotFoundError();
  if (!machine.available) throw new MachineUnavailableError();
  if (input.payment === 'paypal' && machine.cost_usd === null) throw new NoPayPalPriceError();
  return {
    kind: 'spin',
    packID: null,
    machineID: machine.machine_id,
    amountCents: input.payment === 'paypal' ? (machine.cost_usd ?? 0) : 0,
    credits: machine.cost_credits,
    description: `A spin of ${machine.name}`,
  };
}

export interface OrderOptions {
  /** The environment's PayPal client; undefined when PayPal is not configured there. */
  paypal: PayPalOrdersApi | undefined;
  now?: Date;
}

/** Records an order at Outpost's price and, paid with PayPal, creates PayPal's order for it. */
export async function createOrder(
  db: Kysely<GameDatabase>,
  userId: string,
  input: CreateOrderInput,
  options: OrderOptions,
): Promise<Order> {
  const now = options.now ?? new Date();
  if (input.payment === 'paypal' && !options.paypal) throw new PayPalOffError();
  const priced = await price(db, input, now);
  const orderID = randomUUID();
  const row = await db
    .insertInto('shop_orders')
    .values({
      order_id: orderID,
      user_id: userId,
      kind: priced.kind,
      payment: input.payment,
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
  if (input.payment !== 'paypal' || !options.paypal) return toOrder(row);
  const created = await options.paypal.createOrder({
    customId: orderID,
    amountCents: priced.amountCents,
    currency: CURRENCY,
    description: priced.description,
    requestId: `create-${orderID}`,
  });
  const withPayPal = await db
    .updateTable('shop_orders')
    .set({ paypal_order_id: created.id })
    .where('order_id', '=', orderID)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOrder(withPayPal);
}

/** A payment record by Outpost's order id or by PayPal's. */
export function findShopOrder(
  db: Kysely<GameDatabase>,
  where: { orderID: string } | { paypalOrderID: string },
): Promise<ShopOrderRow | undefined> {
  const query = db.selectFrom('shop_orders').selectAll();
  return (
    'orderID' in where
      ? query.where('order_id', '=', where.orderID)
      : query.where('paypal_order_id', '=', where.paypalOrderID)
  ).executeTakeFirst();
}

/** The order a player settles, refused when it is not theirs or not paid the way they settle it. */
async function ownOrder(
  db: Kysely<GameDatabase>,
  userId: string,
  where: { orderID: string } | { paypalOrderID: string },
  expected: { kind: OrderKind; payment: Order['payment'] },
): Promise<ShopOrderRow> {
  const order = await findShopOrder(db, where);
  if (!order) throw new OrderNotFoundError();
  if (order.user_id !== userId) throw new NotYourOrderError();
  if (order.kind !== expected.kind || order.payment !== expected.payment) throw new WrongPaymentError();
  return order;
}

/** Moves the order to completed unless it already is; true for the one call that did. */
export async function claimFulfilment(trx: Kysely<GameDatabase>, orderID: string, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable('shop_orders')
    .set({ status: 'completed', settled_at: now.toISOString() })
    .where('order_id', '=', orderID)
    .where('status', '!=', 'completed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

async function recordPayPalTransaction(
  db: Kysely<GameDatabase>,
  order: ShopOrderRow,
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
  order: ShopOrderRow,
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
    .updateTable('shop_orders')
    .set({ status: verdict.outcome })
    .where('order_id', '=', order.order_id)
    .where('status', '!=', 'completed')
    .execute();
  throw new PaymentNotCompletedError(verdict.outcome, verdict.reason);
}

export interface PackFulfilment {
  order: Order;
  credits: number;
  balance: number;
}

/** GET /api/fn/process-paypal-order: a credit pack paid with PayPal adds its credits once. */
export async function processPayPalPackOrder(
  db: Kysely<GameDatabase>,
  userId: string,
  paypalOrderID: string,
  options: OrderOptions,
): Promise<PackFulfilment> {
  const now = options.now ?? new Date();
  const order = await ownOrder(db, userId, { paypalOrderID }, { kind: 'credit-pack', payment: 'paypal' });
  if (order.status !== 'completed') {
    if (!options.paypal) throw new PayPalOffError();
    await capturePaid(db, options.paypal, order, now);
    await db.transaction().execute(async (trx) => {
      if (!(await claimFulfilment(trx, order.order_id, now))) return;
      await credit(trx, {
        userId,
        amount: order.credits,
        reason: 'purchase',
        reference: `paypal:${paypalOrderID}`,
        now,
      });
    });
  }
  return {
    order: { ...toOrder(order), status: 'completed' },
    credits: order.credits,
    balance: await getBalance(db, userId),
  };
}

async function spinOfOrder(db: Kysely<GameDatabase>, order: ShopOrderRow, userId: string): Promise<SpinResult> {
  const spin = await db.selectFrom('spins').selectAll().where('order_id', '=', order.order_id).executeTakeFirst();
  if (!spin) throw new OrderSettledAsCreditsError(order.credits);
  const prize = await db
    .selectFrom('machine_prizes')
    .select('name')
    .where('machine_id', '=', spin.machine_id)
    .where('prize_id', '=', spin.prize_id)
    .executeTakeFirst();
  return {
    spinID: spin.spin_id,
    prize: { prizeID: spin.prize_id, name: prize?.name ?? spin.prize_id, itemID: spin.item_id },
    balance: await getBalance(db, userId),
  };
}

/** Refusals of a spin that happen after the player has paid. */
const SPIN_REFUSALS = [SoldOutError, MachineUnavailableError, DropClosedError, ShopClosedError, MachineNotFoundError];

/**
 * GET /api/fn/request-spin: a spin paid with PayPal spins once. When the machine can no longer
 * spin once the money is in (sold out meanwhile), the payment becomes the spin's credits instead.
 */
export async function requestPayPalSpin(
  db: Kysely<GameDatabase>,
  userId: string,
  paypalOrderID: string,
  options: OrderOptions,
): Promise<SpinResult> {
  const now = options.now ?? new Date();
  const order = await ownOrder(db, userId, { paypalOrderID }, { kind: 'spin', payment: 'paypal' });
  if (order.status === 'completed') return spinOfOrder(db, order, userId);
  if (!options.paypal) throw new PayPalOffError();
  await capturePaid(db, options.paypal, order, now);
  let refusal: Error | undefined;
  const result = await db.transaction().execute(async (trx) => {
    if (!(await claimFulfilment(trx, order.order_id, now))) return undefined;
    try {
      return await spinMachine(trx, {
        userId,
        machineID: order.machine_id ?? '',
        charge: 'prepaid',
        orderID: order.order_id,
        now,
      });
    } catch (error) {
      if (!SPIN_REFUSALS.some((refused) => error instanceof refused)) throw error;
      refusal = error as Error;
      await credit(trx, {
        userId,
        amount: order.credits,
        reason: 'purchase',
        reference: `paypal:${paypalOrderID}`,
        now,
      });
      return undefined;
    }
  });
  if (refusal) throw new SpinRefundedAsCreditsError(order.credits, await getBalance(db, userId), refusal);
  return result ?? spinOfOrder(db, order, userId);
}

/** GET /api/fn/process-direct-transaction: a spin order paid with credits is charged and spun once. */
export async function processDirectTransaction(
  db: Kysely<GameDatabase>,
  userId: string,
  orderID: string,
  options: Pick<OrderOptions, 'now'> = {},
): Promise<SpinResult> {
  const now = options.now ?? new Date();
  const order = await ownOrder(db, userId, { orderID }, { kind: 'spin', payment: 'credits' });
  if (order.status === 'completed') return spinOfOrder(db, order, userId);
  const result = await db.transaction().execute(async (trx) => {
    if (!(await claimFulfilment(trx, order.order_id, now))) return undefined;
    return spinMachine(trx, { userId, machineID: order.machine_id ?? '', charge: 'credits', orderID, now });
  });
  return result ?? spinOfOrder(db, order, userId);
}

const DAY_MS = 86_400_000;

/** Credit packs paid in the last 24 hours: the dashboard's Credit IAPs (24hrs). */
export async function countCreditPurchases(db: Kysely<GameDatabase>, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('shop_orders')
    .where('kind', '=', 'credit-pack')
    .where('status', '=', 'completed')
    .where('settled_at', '>=', new Date(now.getTime() - DAY_MS).toISOString())
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
