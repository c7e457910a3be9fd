import {
  type AdminMerchOrder,
  type MerchOrder,
  type MerchOrderLine,
  type MerchOrderStatus,
  type MerchPaymentMethod,
  type MerchRefund,
  merchShippingSchema,
  PAID_MERCH_STATUSES,
  RESERVATION_MINUTES,
} from '@outpost/contracts/merch';
import type { Kysely } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import type { GameDatabase } from '../database';
import { getBalance, InsufficientCreditsError, spend } from '../ledger/index';
import {
  type CheckoutOutcome,
  CURRENCY,
  capturePaid,
  claimFulfilment,
  type PaymentOrderRow,
  PayPalOffError,
  type PayPalOrdersApi,
  type StripeCheckoutApi,
} from '../payments/index';
import { returnVarietyStock, takeVarietyStock, touchProduct } from '../products/index';
import { OrderCreditsShortError, type ReservedLine, reserveOrder } from './placing';
import type { MerchOrderLineRow, MerchOrderRow, MerchRefundRow } from './tables';

/*
 * Merch orders (docs/decisions/0073-merch-orders.md). Placing an order reserves its stock at once, in one
 * transaction that locks each product, takes the units (never below zero) and records the order at Outpost's
 * prices with its payment record (a payment_orders row of the same id, kind 'merch'). The order is paid in
 * credits, by a verified PayPal capture, or by a signature-verified Stripe webhook, never by the browser's
 * word; a reservation not paid in time (or cancelled) gives its stock back. Each status move is a conditional
 * update from the status it expects, so of two racing moves (a payment and the sweeper, two payments) exactly
 * one happens.
 */

const MINUTE_MS = 60_000;
/**
 * Stripe Checkout sessions live at least 30 minutes; their reservation outlasts the session by a
 * grace period, so a payment made in its last second still finds its stock when the webhook lands.
 */
export const STRIPE_SESSION_MINUTES = 30;
const STRIPE_GRACE_MINUTES = 15;
/** A delayed card-network method (a bank debit) pays within days; its stock waits that long. */
const DELAYED_PAYMENT_HOLD_DAYS = 7;
/** While PayPal captures, the reservation is held this much longer, so the sweeper cannot lapse it. */
const CAPTURE_HOLD_MINUTES = 10;

export {
  DropNotOpenError,
  MerchProfileRequiredError,
  MerchSoldOutError,
  OrderCreditsShortError,
  ProductNotOnSaleError,
  TooManyOpenOrdersError,
  VarietyNotFoundError,
} from './placing';

export class MerchOrderNotFoundError extends Error {}
export class NotYourMerchOrderError extends Error {}
export class NotAwaitingPaymentError extends Error {
  constructor(readonly status: MerchOrderStatus) {
    super(`The order is ${status}.`);
  }
}
export class WrongMerchPaymentError extends Error {}
/** PayPal's order for it was not approved by the player yet: nothing is held or captured. */
export class PayPalNotApprovedError extends Error {}
/** PayPal approved after the reservation lapsed, and the stock has gone since: nothing was captured. */
export class ReservationLapsedError extends Error {}
export class StripeOffError extends Error {}

export interface MerchPayments {
  /** APP_ENV's PayPal; undefined when it is off. */
  paypal: PayPalOrdersApi | undefined;
  /** APP_ENV's Stripe; undefined when it is off. */
  stripe: StripeCheckoutApi | undefined;
  /** Where Stripe Checkout sends the player back: PUBLIC_URL's shop. */
  shopUrl: string;
}

export interface PlaceOrderInput {
  lines: readonly { productID: string; varietyID: string; quantity: number }[];
  payment: MerchPaymentMethod;
}

/* ------------------------------------------------------------------ reading orders */

function toLine(row: MerchOrderLineRow): MerchOrderLine {
  return {
    productID: row.product_id,
    varietyID: row.variety_id,
    productName: row.product_name,
    varietyName: row.variety_name,
    quantity: row.quantity,
    unitPrice: row.unit_price,
  };
}

/** An order as players and the back office read it, from its row, its lines and its payment record. */
export function toMerchOrder(
  row: MerchOrderRow,
  lines: readonly MerchOrderLineRow[],
  payment: Pick<PaymentOrderRow, 'paypal_order_id' | 'order_number'>,
): MerchOrder {
  return {
    orderID: row.order_id,
    orderNumber: payment.order_number,
    userID: row.user_id,
    orderTime: row.order_time,
    lines: lines.map(toLine),
    total: row.total_cents,
    totalCredits: row.total_credits,
    status: row.status as MerchOrderStatus,
    payment: row.payment as MerchPaymentMethod,
    reservedUntil: row.reserved_until,
    paidAt: row.paid_at,
    packedAt: row.packed_at,
    shippedAt: row.shipped_at,
    trackingReference: row.tracking_reference,
    refundedCents: row.refunded_cents,
    paypalOrderID: payment.paypal_order_id,
    checkoutUrl: row.status === 'reserved' ? row.checkout_url : null,
    shipping: merchShippingSchema.parse(JSON.parse(row.shipping)),
  };
}

/** Orders with their lines and payment records, in the order of `rows`. */
export async function hydrateOrders(db: Kysely<GameDatabase>, rows: readonly MerchOrderRow[]): Promise<MerchOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order_id);
  const [lines, payments] = await Promise.all([
    db.selectFrom('merch_order_lines').selectAll().where('order_id', 'in', ids).orderBy('line_no').execute(),
    db
      .selectFrom('payment_orders')
      .select(['order_id', 'paypal_order_id', 'order_number'])
      .where('order_id', 'in', ids)
      .execute(),
  ]);
  const paymentOf = new Map(payments.map((payment) => [payment.order_id, payment]));
  return rows.map((row) => {
    // Every merch order is written with its payment record, in one transaction (placing.ts).
    const payment = paymentOf.get(row.order_id);
    if (!payment) throw new Error(`The merch order ${row.order_id} has no payment record.`);
    return toMerchOrder(
      row,
      lines.filter((line) => line.order_id === row.order_id),
      payment,
    );
  });
}

export async function findMerchOrder(db: Kysely<GameDatabase>, orderID: string): Promise<MerchOrder | undefined> {
  const row = await db.selectFrom('merch_orders').selectAll().where('order_id', '=', orderID).executeTakeFirst();
  if (!row) return undefined;
  const [order] = await hydrateOrders(db, [row]);
  return order;
}

function toRefund(row: MerchRefundRow): MerchRefund {
  return {
    refundID: Number(row.refund_id),
    orderID: row.order_id,
    amountCents: row.amount_cents,
    credits: row.credits,
    reason: row.reason,
    providerReference: row.provider_reference,
    status: row.status === 'pending' ? 'pending' : 'done',
    admin: row.admin,
    createdAt: row.created_at,
  };
}

/** The back office's view of one order as the game store has it, before its people are named (./people.ts). */
export type StoredAdminMerchOrder = Omit<AdminMerchOrder, 'buyer' | 'refunds'> & { refunds: MerchRefund[] };

/** The back office's view of one order: with its refunds and the version a change names. */
export async function findAdminMerchOrder(
  db: Kysely<GameDatabase>,
  orderID: string,
): Promise<StoredAdminMerchOrder | undefined> {
  const row = await db.selectFrom('merch_orders').selectAll().where('order_id', '=', orderID).executeTakeFirst();
  if (!row) return undefined;
  const [[order], refunds] = await Promise.all([
    hydrateOrders(db, [row]),
    db.selectFrom('merch_refunds').selectAll().where('order_id', '=', orderID).orderBy('refund_id').execute(),
  ]);
  return order && { ...order, refunds: refunds.map(toRefund), version: row.version };
}

/** A player's own order, refused when it is someone else's. */
async function ownMerchOrder(db: Kysely<GameDatabase>, userId: string, orderID: string): Promise<MerchOrderRow> {
  const row = await db.selectFrom('merch_orders').selectAll().where('order_id', '=', orderID).executeTakeFirst();
  if (!row) throw new MerchOrderNotFoundError();
  if (row.user_id !== userId) throw new NotYourMerchOrderError();
  return row;
}

async function requireMerchOrder(db: Kysely<GameDatabase>, orderID: string): Promise<MerchOrder> {
  const order = await findMerchOrder(db, orderID);
  if (!order) throw new MerchOrderNotFoundError();
  return order;
}

/* ------------------------------------------------------------------ reserving and releasing stock */

/**
 * An order's lines in the order stock moves take them: by product and variety, as placing an order
 * locks products, so a release or a late payment never waits on an order being placed in a circle.
 */
async function linesByProduct(trx: Kysely<GameDatabase>, orderID: string): Promise<MerchOrderLineRow[]> {
  return trx
    .selectFrom('merch_order_lines')
    .selectAll()
    .where('order_id', '=', orderID)
    .orderBy('product_id')
    .orderBy('variety_id')
    .execute();
}

/**
 * The order's row, locked for the rest of the caller's transaction (an update that changes
 * nothing takes PostgreSQL's row lock; SQLite's transactions run one at a time), so the status a
 * late payment branches on cannot change under it.
 */
async function lockOrder(trx: Kysely<GameDatabase>, orderID: string): Promise<MerchOrderRow> {
  const row = await trx
    .updateTable('merch_orders')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('order_id', '=', orderID)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new MerchOrderNotFoundError();
  return row;
}

/**
 * Moves a reserved order on (paid, expired, cancelled), ending its hold; true for the one caller
 * whose update found it still reserved. Runs in the caller's transaction.
 */
async function leaveReserved(
  trx: Kysely<GameDatabase>,
  orderID: string,
  changes: { status: MerchOrderStatus; paid_at?: string },
  now: Date,
): Promise<boolean> {
  const moved = await trx
    .updateTable('merch_orders')
    .set((eb) => ({
      ...changes,
      reserved_until: null,
      checkout_url: null,
      version: eb('version', '+', 1),
      updated_at: now.toISOString(),
    }))
    .where('order_id', '=', orderID)
    .where('status', '=', 'reserved')
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/**
 * Ends a reservation (expired or cancelled) and gives its stock back, if it is still reserved;
 * true for the one caller that did. Runs in the caller's transaction.
 */
async function releaseIn(
  trx: Kysely<GameDatabase>,
  orderID: string,
  status: 'expired' | 'cancelled',
  now: Date,
): Promise<boolean> {
  if (!(await leaveReserved(trx, orderID, { status }, now))) return false;
  for (const line of await linesByProduct(trx, orderID)) {
    await returnVarietyStock(trx, { productID: line.product_id, varietyID: line.variety_id, quantity: line.quantity });
  }
  return true;
}

/**
 * Takes a lapsed order's stock again, when a payment for it arrives after all, and reserves it
 * until `until`: true when every line could be taken; false when any sold out meanwhile, with the
 * lines taken before it given back, so nothing moves. The caller holds the order's lock (lockOrder)
 * and read it expired or cancelled.
 */
async function reReserveIn(trx: Kysely<GameDatabase>, row: MerchOrderRow, until: Date, now: Date): Promise<boolean> {
  const taken: MerchOrderLineRow[] = [];
  for (const line of await linesByProduct(trx, row.order_id)) {
    await touchProduct(trx, line.product_id);
    const outcome = await takeVarietyStock(trx, {
      productID: line.product_id,
      varietyID: line.variety_id,
      quantity: line.quantity,
    });
    if (!outcome.taken) {
      for (const back of taken) {
        await returnVarietyStock(trx, {
          productID: back.product_id,
          varietyID: back.variety_id,
          quantity: back.quantity,
        });
      }
      return false;
    }
    taken.push(line);
  }
  await trx
    .updateTable('merch_orders')
    .set((eb) => ({
      status: 'reserved',
      reserved_until: until.toISOString(),
      version: eb('version', '+', 1),
      updated_at: now.toISOString(),
    }))
    .where('order_id', '=', row.order_id)
    .execute();
  return true;
}

/* ------------------------------------------------------------------ placing an order */

function reservationEnd(payment: MerchPaymentMethod, now: Date): Date {
  const minutes = payment === 'stripe' ? STRIPE_SESSION_MINUTES + STRIPE_GRACE_MINUTES : RESERVATION_MINUTES;
  return new Date(now.getTime() + minutes * MINUTE_MS);
}

/**
 * Places an order: its stock is reserved and its price is Outpost's. Paid with PayPal, PayPal's
 * order is created for it (the shop's buttons approve that one); paid by card, Stripe Checkout's
 * session (the player is sent to its page). Should the provider refuse, the reservation ends at
 * once and its stock returns.
 */
export async function placeMerchOrder(
  db: Kysely<GameDatabase>,
  userId: string,
  input: PlaceOrderInput,
  payments: MerchPayments,
  now = new Date(),
): Promise<MerchOrder> {
  if (input.payment === 'paypal' && !payments.paypal) throw new PayPalOffError();
  if (input.payment === 'stripe' && !payments.stripe) throw new StripeOffError();
  const reservedUntil = reservationEnd(input.payment, now);
  const placed = await reserveOrder(db, {
    orderID: timeOrderedId(),
    userId,
    lines: input.lines,
    payment: input.payment,
    reservedUntil,
    now,
  });
  const orderID = placed.row.order_id;
  // Paid in credits, nothing changes after the batch wrote it: the order is what it wrote.
  if (input.payment === 'credits')
    return toMerchOrder(placed.row, placed.lineRows, { paypal_order_id: null, order_number: placed.orderNumber });
  try {
    await openProviderPayment(
      db,
      orderID,
      placed.lines,
      placed.profile.email,
      input.payment,
      payments,
      reservedUntil,
      now,
    );
  } catch (error) {
    await db.transaction().execute((trx) => releaseIn(trx, orderID, 'cancelled', now));
    throw error;
  }
  return requireMerchOrder(db, orderID);
}

/** Creates PayPal's order or Stripe's Checkout Session for an order just placed. */
async function openProviderPayment(
  db: Kysely<GameDatabase>,
  orderID: string,
  lines: readonly ReservedLine[],
  email: string,
  payment: MerchPaymentMethod,
  payments: MerchPayments,
  reservedUntil: Date,
  now: Date,
): Promise<void> {
  const totalCents = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (payment === 'paypal' && payments.paypal) {
    const created = await payments.paypal.createOrder({
      customId: orderID,
      amountCents: totalCents,
      currency: CURRENCY,
      description: `Outpost merch: ${units} item${units === 1 ? '' : 's'}`,
      requestId: `create-${orderID}`,
    });
    await db
      .updateTable('payment_orders')
      .set({ paypal_order_id: created.id })
      .where('order_id', '=', orderID)
      .execute();
  }
  if (payment === 'stripe' && payments.stripe) {
    const back = (checkout: string) => `${payments.shopUrl}?order=${encodeURIComponent(orderID)}&checkout=${checkout}`;
    const session = await payments.stripe.createCheckoutSession({
      orderID,
      lines: lines.map((line) => ({
        stripeID: line.stripeID,
        name: `${line.productName} (${line.varietyName})`,
        unitAmountCents: line.unitPrice,
        quantity: line.quantity,
      })),
      currency: CURRENCY.toLowerCase(),
      customerEmail: email,
      successUrl: back('success'),
      cancelUrl: back('cancelled'),
      expiresAt: new Date(Math.min(reservedUntil.getTime(), now.getTime() + STRIPE_SESSION_MINUTES * MINUTE_MS)),
      idempotencyKey: `checkout-${orderID}`,
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('payment_orders')
        .set({ stripe_session_id: session.id })
        .where('order_id', '=', orderID)
        .execute();
      await trx
        .updateTable('merch_orders')
        .set({ checkout_url: session.url })
        .where('order_id', '=', orderID)
        .execute();
    });
  }
}

/* ------------------------------------------------------------------ paying */

/** Moves a reserved order to paid; true for the one caller that did. Runs in the caller's transaction. */
function markPaid(trx: Kysely<GameDatabase>, orderID: string, now: Date): Promise<boolean> {
  return leaveReserved(trx, orderID, { status: 'paid', paid_at: now.toISOString() }, now);
}

/** Statuses of an order whose money came in: a payment asked for again answers it as it is. */
const PAID_STATUSES: readonly string[] = [...PAID_MERCH_STATUSES, 'refunded'];

/**
 * GET /api/fn/process-direct-transaction for a merch order: charges its credits and marks it paid,
 * once, however often it is asked (also concurrently). A short balance changes nothing.
 */
export async function payMerchOrderWithCredits(
  db: Kysely<GameDatabase>,
  userId: string,
  orderID: string,
  now = new Date(),
): Promise<{ order: MerchOrder; balance: number }> {
  const row = await ownMerchOrder(db, userId, orderID);
  if (row.payment !== 'credits') throw new WrongMerchPaymentError();
  if (!PAID_STATUSES.includes(row.status)) {
    if (row.status !== 'reserved') throw new NotAwaitingPaymentError(row.status as MerchOrderStatus);
    await db.transaction().execute(async (trx) => {
      if (!(await markPaid(trx, orderID, now))) return;
      await claimFulfilment(trx, orderID, now);
      try {
        await spend(trx, {
          userId,
          amount: row.total_credits ?? 0,
          reason: 'merch',
          reference: `merch:${orderID}`,
          now,
        });
      } catch (error) {
        if (error instanceof InsufficientCreditsError) throw new OrderCreditsShortError(error.balance, error.amount);
        throw error;
      }
    });
    const after = await ownMerchOrder(db, userId, orderID);
    if (!PAID_STATUSES.includes(after.status)) throw new NotAwaitingPaymentError(after.status as MerchOrderStatus);
  }
  return { order: await requireMerchOrder(db, orderID), balance: await getBalance(db, userId) };
}

/**
 * GET /api/fn/process-paypal-order for a merch order: captures PayPal's payment (recording the
 * outcome) and marks the order paid once. Only an order the player approved on PayPal is held and
 * captured: the reservation is held while PayPal captures, and if it had lapsed the stock is taken
 * again first; when that stock sold meanwhile nothing is captured.
 */
export async function payMerchOrderWithPayPal(
  db: Kysely<GameDatabase>,
  paypal: PayPalOrdersApi | undefined,
  userId: string,
  payment: PaymentOrderRow,
  now = new Date(),
): Promise<{ order: MerchOrder; balance: number }> {
  const row = await ownMerchOrder(db, userId, payment.order_id);
  if (row.payment !== 'paypal') throw new WrongMerchPaymentError();
  if (!PAID_STATUSES.includes(row.status)) {
    if (!paypal) throw new PayPalOffError();
    const approval = await paypal.getOrder(payment.paypal_order_id ?? '');
    // Holding stock on the word of an order nobody approved would let anyone keep it held.
    if (approval.status !== 'APPROVED' && approval.status !== 'COMPLETED') throw new PayPalNotApprovedError();
    if (await holdForCapture(db, row.order_id, now)) {
      await capturePaid(db, paypal, payment, now);
      await db.transaction().execute((trx) => settlePaidIn(trx, row.order_id, now));
    }
  }
  return { order: await requireMerchOrder(db, row.order_id), balance: await getBalance(db, userId) };
}

/**
 * Keeps an order's stock while PayPal captures: a reserved order is held at least a few minutes
 * more; a lapsed one takes its stock again, or nothing is captured when that stock is gone. False
 * when another settlement paid it meanwhile.
 */
async function holdForCapture(db: Kysely<GameDatabase>, orderID: string, now: Date): Promise<boolean> {
  const hold = new Date(now.getTime() + CAPTURE_HOLD_MINUTES * MINUTE_MS);
  return db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, orderID);
    if (PAID_STATUSES.includes(row.status)) return false;
    if (row.status === 'reserved') {
      if ((row.reserved_until ?? '') < hold.toISOString()) {
        await trx
          .updateTable('merch_orders')
          .set({ reserved_until: hold.toISOString(), updated_at: now.toISOString() })
          .where('order_id', '=', orderID)
          .execute();
      }
      return true;
    }
    if (row.status !== 'expired') throw new NotAwaitingPaymentError(row.status as MerchOrderStatus);
    if (!(await reReserveIn(trx, row, hold, now))) throw new ReservationLapsedError();
    return true;
  });
}

/**
 * Records, in the caller's transaction, that an order's money is in: its payment record completes
 * and the order is paid if it was still reserved; if its reservation lapsed meanwhile its stock is
 * taken again, or it becomes refund-due when that stock is gone. Answers what became of it, or
 * 'already-settled' when an earlier settlement did it. The order's lock comes first, as in every
 * path that moves an order and its payment record.
 */
export async function settlePaidIn(
  trx: Kysely<GameDatabase>,
  orderID: string,
  now: Date,
): Promise<'paid' | 'refund-due' | 'already-settled'> {
  const row = await lockOrder(trx, orderID);
  if (!(await claimFulfilment(trx, orderID, now))) return 'already-settled';
  if (row.status === 'reserved') {
    await markPaid(trx, orderID, now);
    return 'paid';
  }
  if (row.status !== 'expired' && row.status !== 'cancelled') return 'paid';
  if (await reReserveIn(trx, row, now, now)) {
    await markPaid(trx, orderID, now);
    return 'paid';
  }
  await owesRefundIn(trx, orderID, now);
  return 'refund-due';
}

/** The money is in but the goods cannot go out: the back office refunds it. */
async function owesRefundIn(trx: Kysely<GameDatabase>, orderID: string, now: Date): Promise<void> {
  await trx
    .updateTable('merch_orders')
    .set((eb) => ({
      status: 'refund-due',
      paid_at: now.toISOString(),
      reserved_until: null,
      checkout_url: null,
      version: eb('version', '+', 1),
      updated_at: now.toISOString(),
    }))
    .where('order_id', '=', orderID)
    .execute();
}

/* ------------------------------------------------------------------ Stripe Checkout's outcomes */

/** Why a Stripe session's outcome did not pay its order. */
export type CheckoutSettlement =
  | { outcome: 'paid'; orderID: string }
  | { outcome: 'refund-due'; orderID: string }
  | { outcome: 'already-paid'; orderID: string }
  | { outcome: 'awaiting-payment'; orderID: string }
  | { outcome: 'mismatch'; orderID: string | null; reason: string }
  | { outcome: 'unknown-session'; orderID: null };

/**
 * A Checkout Session the webhook says completed (or whose delayed payment succeeded): the order
 * is paid only when the session is Outpost's for it (client_reference_id) and Stripe took exactly
 * the order's total in its currency. Runs in the webhook's transaction, beside its event record.
 */
export async function settleStripeCheckoutIn(
  trx: Kysely<GameDatabase>,
  checkout: CheckoutOutcome,
  now: Date,
): Promise<CheckoutSettlement> {
  const payment = await trx
    .selectFrom('payment_orders')
    .selectAll()
    .where('stripe_session_id', '=', checkout.sessionID)
    .executeTakeFirst();
  if (!payment) return { outcome: 'unknown-session', orderID: null };
  const orderID = payment.order_id;
  const problem =
    checkout.orderID !== orderID
      ? `client_reference_id ${checkout.orderID} is not ${orderID}`
      : checkout.currency?.toUpperCase() !== payment.currency
        ? `currency ${checkout.currency} is not ${payment.currency}`
        : checkout.amountTotal !== payment.amount_cents
          ? `amount_total ${checkout.amountTotal} is not ${payment.amount_cents}`
          : undefined;
  if (problem) {
    await trx
      .updateTable('payment_orders')
      .set({ status: 'mismatch', stripe_payment_intent: checkout.paymentIntent })
      .where('order_id', '=', orderID)
      .where('status', '!=', 'completed')
      .execute();
    // Money taken for another amount is owed back, and the goods do not go out.
    if (checkout.paymentStatus === 'paid') await owedBackIn(trx, orderID, now);
    return { outcome: 'mismatch', orderID, reason: problem };
  }
  if (checkout.paymentStatus !== 'paid') {
    await holdForDelayedPaymentIn(trx, orderID, now);
    return { outcome: 'awaiting-payment', orderID };
  }
  await trx
    .updateTable('payment_orders')
    .set({ stripe_payment_intent: checkout.paymentIntent })
    .where('order_id', '=', orderID)
    .execute();
  const settled = await settlePaidIn(trx, orderID, now);
  return { outcome: settled === 'already-settled' ? 'already-paid' : settled, orderID };
}

/** A paid order that will not ship: a held reservation gives its stock back, and the money is owed. */
async function owedBackIn(trx: Kysely<GameDatabase>, orderID: string, now: Date): Promise<void> {
  const row = await lockOrder(trx, orderID);
  if (row.status === 'reserved') await releaseIn(trx, orderID, 'expired', now);
  if (row.status === 'reserved' || row.status === 'expired' || row.status === 'cancelled') {
    await owesRefundIn(trx, orderID, now);
  }
}

/**
 * A delayed payment method (a bank debit) completes the session unpaid and pays days later: the
 * player has committed, so the stock waits for the payment's outcome, which the webhook brings.
 */
async function holdForDelayedPaymentIn(trx: Kysely<GameDatabase>, orderID: string, now: Date): Promise<void> {
  const until = new Date(now.getTime() + DELAYED_PAYMENT_HOLD_DAYS * 24 * 60 * MINUTE_MS).toISOString();
  await trx
    .updateTable('merch_orders')
    .set({ reserved_until: until, updated_at: now.toISOString() })
    .where('order_id', '=', orderID)
    .where('status', '=', 'reserved')
    .execute();
}

/** A session that expired, or whose delayed payment failed: its order's reservation ends now. */
export async function releaseStripeCheckoutIn(
  trx: Kysely<GameDatabase>,
  sessionID: string,
  now: Date,
): Promise<{ orderID: string | null; released: boolean }> {
  const payment = await trx
    .selectFrom('payment_orders')
    .select('order_id')
    .where('stripe_session_id', '=', sessionID)
    .executeTakeFirst();
  if (!payment) return { orderID: null, released: false };
  return { orderID: payment.order_id, released: await releaseIn(trx, payment.order_id, 'expired', now) };
}

/* ------------------------------------------------------------------ cancelling and lapsing */

/**
 * The player gives up an order still waiting for payment: a Stripe session is ended first, so it
 * cannot be paid afterwards, then the stock returns.
 */
export async function cancelMerchOrder(
  db: Kysely<GameDatabase>,
  userId: string,
  orderID: string,
  payments: Pick<MerchPayments, 'stripe'>,
  now = new Date(),
): Promise<MerchOrder> {
  const row = await ownMerchOrder(db, userId, orderID);
  if (row.status !== 'reserved') throw new NotAwaitingPaymentError(row.status as MerchOrderStatus);
  if (row.payment === 'stripe') {
    const payment = await db
      .selectFrom('payment_orders')
      .select('stripe_session_id')
      .where('order_id', '=', orderID)
      .executeTakeFirst();
    if (payment?.stripe_session_id) {
      if (!payments.stripe) throw new StripeOffError();
      await payments.stripe.expireCheckoutSession(payment.stripe_session_id);
    }
  }
  const released = await db.transaction().execute((trx) => releaseIn(trx, orderID, 'cancelled', now));
  if (!released) {
    const after = await ownMerchOrder(db, userId, orderID);
    if (after.status !== 'cancelled') throw new NotAwaitingPaymentError(after.status as MerchOrderStatus);
  }
  return requireMerchOrder(db, orderID);
}

/** Reservations whose time ran out give their stock back; answers how many lapsed. */
/**
 * Ends every reservation of a player whose account is being deleted, giving the stock back, in
 * the caller's transaction. (A deletion is refused while one is open; this catches an order a
 * request still under way placed meanwhile.) A payment arriving later is a late payment, as after
 * any lapse.
 */
export async function releasePlayerReservations(trx: Kysely<GameDatabase>, userId: string, now = new Date()) {
  const reserved = await trx
    .selectFrom('merch_orders')
    .select('order_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'reserved')
    .orderBy('order_id')
    .execute();
  for (const { order_id } of reserved) await releaseIn(trx, order_id, 'cancelled', now);
}

export async function expireMerchReservations(
  db: Kysely<GameDatabase>,
  now = new Date(),
  batch = 100,
): Promise<number> {
  const due = await db
    .selectFrom('merch_orders')
    .select('order_id')
    .where('status', '=', 'reserved')
    .where('reserved_until', '<', now.toISOString())
    .orderBy('reserved_until')
    .limit(batch)
    .execute();
  let expired = 0;
  for (const { order_id } of due) {
    if (await db.transaction().execute((trx) => releaseIn(trx, order_id, 'expired', now))) expired += 1;
  }
  return expired;
}
