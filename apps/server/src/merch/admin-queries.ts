import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { LiveStats } from '@outpost/contracts/game-data';
import {
  type EcomProduct,
  type ecomProductListQuerySchema,
  MERCH_MESSAGES,
  type MerchContact,
  type MerchContactInput,
  type MerchFulfilmentInput,
  type MerchOrder,
  type MerchOrderListQuery,
  type MerchOrderStatus,
  type merchContactListQuerySchema,
  PAID_MERCH_STATUSES,
  SOLD_MERCH_STATUSES,
} from '@outpost/contracts/merch';
import { parseShortNumber } from '@outpost/contracts/short-numbers';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { z } from 'zod/mini';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { credit } from '../ledger/index';
import type { PaymentOrderRow } from '../payments/index';
import { fetchListPage } from '../platform/db/list-page';
import { containsText } from '../platform/db/text-search';
import { bucketOf, bucketValues, type TimeUnit } from '../platform/db/time-buckets';
import { FieldRefusal } from '../platform/http/field-refusal';
import {
  findAdminMerchOrder,
  hydrateOrders,
  MerchOrderNotFoundError,
  type StoredAdminMerchOrder,
} from './merch-orders';
import type { MerchContactRow, MerchOrderRow, MerchRefundRow } from './tables';

/*
 * The merch back office: orders to pack, ship and refund, the contact messages, and the ecom-products
 * listing. Every change is one transaction that first appends its admin-log entry.
 */

export const MERCH_ORDER_ACTIONS = {
  pack: 'merchOrder.pack',
  ship: 'merchOrder.ship',
  refund: 'merchOrder.refund',
  /** The provider refused a refund just recorded, which is undone. */
  refundRefused: 'merchOrder.refundRefused',
} as const;

/** A fulfilment or refund the order's state does not allow (409). */
export class MerchOrderStateError extends Error {}
/** A refund beyond what was paid and not yet refunded (400); names the amount's field. */
export class RefundTooLargeError extends FieldRefusal {}

const ORDER_SORT_COLUMNS = { orderTime: 'order_time', total: 'total_cents', status: 'status' } as const;

/** Orders whose id, buyer or shipping details hold `search`, and the order whose number it is ("1047", "#1047"). */
function matching(search: string) {
  const text = containsText(['order_id', 'user_id', 'shipping'], search);
  const orderNumber = parseShortNumber(search);
  return (eb: ExpressionBuilder<GameDatabase, 'merch_orders'>) =>
    orderNumber === undefined
      ? text
      : eb.or([
          text,
          eb(
            'order_id',
            'in',
            eb.selectFrom('payment_orders').select('order_id').where('order_number', '=', orderNumber),
          ),
        ]);
}

/**
 * One page of the environment's orders, newest first unless asked otherwise; with `userId`, only
 * that player's (their account page).
 */
export async function listMerchOrders(
  db: Kysely<GameDatabase>,
  query: MerchOrderListQuery,
  userId?: string,
): Promise<AdminListPage<MerchOrder>> {
  let filtered = db.selectFrom('merch_orders');
  if (userId !== undefined) filtered = filtered.where('user_id', '=', userId);
  if (query.status) filtered = filtered.where('status', '=', query.status);
  if (query.payment) filtered = filtered.where('payment', '=', query.payment);
  if (query.search) filtered = filtered.where(matching(query.search));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy(ORDER_SORT_COLUMNS[query.sort], query.order).orderBy('order_id', query.order),
    query,
  );
  return {
    ...page,
    rows: await hydrateOrders(db, rows),
  };
}

async function requireOrderRow(db: Kysely<GameDatabase>, orderID: string): Promise<MerchOrderRow> {
  const row = await db.selectFrom('merch_orders').selectAll().where('order_id', '=', orderID).executeTakeFirst();
  if (!row) throw new MerchOrderNotFoundError();
  return row;
}

const ORDER_CHANGED = 'Someone changed this order after you opened it; reload it and try again.';

/** Statuses an order may be packed from, and shipped from (re-shipping corrects a tracking reference). */
const PACKABLE: readonly string[] = ['paid', 'packed'];
const SHIPPABLE: readonly string[] = ['paid', 'packed', 'shipped'];

/**
 * Marks a paid order packed, or shipped with the carrier's tracking reference, which the player
 * then sees. The change names the version the admin loaded (every change and payment bumps it),
 * so of two admins acting on the same screen state one goes through and the other reloads.
 */
export async function fulfilMerchOrder(
  db: Kysely<GameDatabase>,
  orderID: string,
  input: Required<MerchFulfilmentInput>,
  context: AdminChange,
): Promise<StoredAdminMerchOrder> {
  const at = (context.now ?? new Date()).toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await requireOrderRow(trx, orderID);
    if (row.version !== input.version) throw new MerchOrderStateError(ORDER_CHANGED);
    const allowed = input.status === 'packed' ? PACKABLE : SHIPPABLE;
    if (!allowed.includes(row.status)) throw new MerchOrderStateError(MERCH_MESSAGES.cannotShipUnpaid);
    await appendAdminLog(
      trx,
      adminLogRecord(context, input.status === 'packed' ? MERCH_ORDER_ACTIONS.pack : MERCH_ORDER_ACTIONS.ship, {
        orderID,
        userID: row.user_id,
        from: row.status,
        ...(input.status === 'shipped' ? { trackingReference: input.trackingReference } : {}),
      }),
    );
    const moved = await trx
      .updateTable('merch_orders')
      .set((eb) => ({
        status: input.status,
        ...(input.status === 'packed'
          ? { packed_at: row.packed_at ?? at }
          : { shipped_at: at, packed_at: row.packed_at ?? at, tracking_reference: input.trackingReference }),
        version: eb('version', '+', 1),
        updated_at: at,
      }))
      .where('order_id', '=', orderID)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new MerchOrderStateError(ORDER_CHANGED);
  });
  return (await findAdminMerchOrder(db, orderID)) as StoredAdminMerchOrder;
}

/**
 * Returns money at the payment provider that took it (Stripe, PayPal) under the refund's own
 * idempotency key, so asking again never refunds twice; answers the provider's refund id. Throws
 * RefundRefusedError when nothing was refunded, RefundUnansweredError (or anything else) when the
 * provider's answer never came.
 */
export type RefundAtProvider = (
  payment: PaymentOrderRow,
  amountCents: number,
  idempotencyKey: string,
) => Promise<string>;

/** The provider refused the refund, or cannot be asked here: nothing was refunded. */
export class RefundRefusedError extends Error {
  constructor(
    message: string,
    /** True when the provider is not set up or not reachable before asking, rather than saying no. */
    readonly unavailable = false,
  ) {
    super(message);
  }
}

/** The provider was asked and did not answer: the refund may have been made; it stays pending. */
export class RefundUnansweredError extends Error {}

/** A refund pending at the provider: asking for the same amount again retries it, under its key. */
export class RefundPendingError extends Error {}

const providerName = (payment: string) => (payment === 'stripe' ? 'Stripe' : 'PayPal');

/**
 * Credits back for `amountCents` of an order paid in credits: the cumulative share of its credits,
 * so refunds in parts add up to exactly its credits, whatever the rate.
 */
function creditsBack(row: MerchOrderRow, amountCents: number): number {
  const credits = row.total_credits ?? 0;
  const total = Math.max(row.total_cents, 1);
  const share = (cents: number) => Math.floor((credits * cents) / total);
  return share(row.refunded_cents + amountCents) - share(row.refunded_cents);
}

/**
 * Records a refund, then makes it: credits straight back to the player's ledger in the same
 * transaction; through PayPal or Stripe, the refund is recorded first as pending (moving the
 * refunded total conditionally on the total it read, so of two admins refunding at once one goes
 * through), then asked of the provider under the key `refund-<refundID>`. A refusal undoes the
 * record; no answer leaves it pending, and asking for the same amount again retries it.
 */
export async function refundMerchOrder(
  db: Kysely<GameDatabase>,
  orderID: string,
  input: { amountCents: number; reason: string },
  context: AdminChange,
  atProvider: RefundAtProvider,
): Promise<StoredAdminMerchOrder> {
  const now = context.now ?? new Date();
  const pending = await db
    .selectFrom('merch_refunds')
    .selectAll()
    .where('order_id', '=', orderID)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const refund = pending
    ? await retryable(db, pending, input.amountCents)
    : await recordRefund(db, orderID, input, context, now);
  if (refund.payment === 'credits') return (await findAdminMerchOrder(db, orderID)) as StoredAdminMerchOrder;

  const payment = await db
    .selectFrom('payment_orders')
    .selectAll()
    .where('order_id', '=', orderID)
    .executeTakeFirstOrThrow();
  let reference: string;
  try {
    reference = await atProvider(payment, refund.amountCents, `refund-${refund.refundID}`);
  } catch (error) {
    if (error instanceof RefundRefusedError) await undoRefund(db, orderID, refund, error.message, context, now);
    else {
      throw new RefundUnansweredError(
        `${providerName(payment.payment)} did not answer; the refund stays pending. Ask for the same refund again to retry it: it is never made twice.`,
      );
    }
    throw error;
  }
  await db
    .updateTable('merch_refunds')
    .set({ status: 'done', provider_reference: reference })
    .where('refund_id', '=', refund.refundID)
    .execute();
  return (await findAdminMerchOrder(db, orderID)) as StoredAdminMerchOrder;
}

interface RecordedRefund {
  refundID: number;
  amountCents: number;
  payment: string;
  /** The order's status before this refund, to restore should the provider refuse it. */
  statusBefore: string;
}

async function retryable(
  db: Kysely<GameDatabase>,
  pending: MerchRefundRow,
  amountCents: number,
): Promise<RecordedRefund> {
  const order = await requireOrderRow(db, pending.order_id);
  if (pending.amount_cents !== amountCents) {
    throw new RefundPendingError(
      `A refund of ${pending.amount_cents} cents is pending at ${providerName(order.payment)}; ask for that amount again to retry it first.`,
    );
  }
  return {
    refundID: Number(pending.refund_id),
    amountCents,
    payment: order.payment,
    statusBefore: order.status === 'refunded' ? 'paid' : order.status,
  };
}

async function recordRefund(
  db: Kysely<GameDatabase>,
  orderID: string,
  input: { amountCents: number; reason: string },
  context: AdminChange,
  now: Date,
): Promise<RecordedRefund> {
  return db.transaction().execute(async (trx) => {
    const row = await requireOrderRow(trx, orderID);
    if (!(PAID_MERCH_STATUSES as readonly string[]).includes(row.status)) {
      throw new MerchOrderStateError(MERCH_MESSAGES.refundUnpaid);
    }
    const refundable = row.total_cents - row.refunded_cents;
    if (input.amountCents > refundable) throw new RefundTooLargeError(MERCH_MESSAGES.refundTooLarge, [['amountCents']]);
    const credits = row.payment === 'credits' ? creditsBack(row, input.amountCents) : null;
    await appendAdminLog(
      trx,
      adminLogRecord(context, MERCH_ORDER_ACTIONS.refund, {
        orderID,
        userID: row.user_id,
        amountCents: input.amountCents,
        credits,
        reason: input.reason,
      }),
    );
    const moved = await trx
      .updateTable('merch_orders')
      .set((eb) => ({
        refunded_cents: eb('refunded_cents', '+', input.amountCents),
        ...(input.amountCents === refundable ? { status: 'refunded' } : {}),
        version: eb('version', '+', 1),
        updated_at: now.toISOString(),
      }))
      .where('order_id', '=', orderID)
      // The refunded total it was read with: of two refunds racing from the same state, one records.
      .where('refunded_cents', '=', row.refunded_cents)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) {
      throw new MerchOrderStateError('Another refund of this order was recorded a moment ago; reload it first.');
    }
    const refund = await trx
      .insertInto('merch_refunds')
      .values({
        order_id: orderID,
        amount_cents: input.amountCents,
        credits,
        reason: input.reason,
        provider_reference: null,
        status: row.payment === 'credits' ? 'done' : 'pending',
        admin: context.admin,
        created_at: now.toISOString(),
      })
      .returning('refund_id')
      .executeTakeFirstOrThrow();
    if (credits !== null && credits > 0) {
      await credit(trx, {
        userId: row.user_id,
        amount: credits,
        reason: 'refund',
        reference: `merch-refund:${refund.refund_id}`,
        now,
      });
    }
    return {
      refundID: Number(refund.refund_id),
      amountCents: input.amountCents,
      payment: row.payment,
      statusBefore: row.status,
    };
  });
}

/** The provider refused: the refund was never made, so its record goes and the total returns. */
async function undoRefund(
  db: Kysely<GameDatabase>,
  orderID: string,
  refund: RecordedRefund,
  reason: string,
  context: AdminChange,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await appendAdminLog(
      trx,
      adminLogRecord(context, MERCH_ORDER_ACTIONS.refundRefused, {
        orderID,
        refundID: refund.refundID,
        amountCents: refund.amountCents,
        reason,
      }),
    );
    await trx.deleteFrom('merch_refunds').where('refund_id', '=', refund.refundID).execute();
    await trx
      .updateTable('merch_orders')
      .set((eb) => ({
        refunded_cents: eb('refunded_cents', '-', refund.amountCents),
        status: eb.case().when('status', '=', 'refunded').then(refund.statusBefore).else(eb.ref('status')).end(),
        version: eb('version', '+', 1),
        updated_at: now.toISOString(),
      }))
      .where('order_id', '=', orderID)
      .execute();
  });
}

const DAY_MS = 86_400_000;

/** The dashboard's Recent Sales (7d): merch orders paid in the last seven days that go out (not refunded, none owed back). */
/** Merch orders paid (and not refunded) per bucket of a window (the live stats' purchases chart). */
export async function countMerchSalesPerBucket(
  db: Kysely<GameDatabase>,
  since: string,
  unit: TimeUnit,
): Promise<ReadonlyMap<string, number>> {
  const bucket = bucketOf(sql.ref('paid_at'), unit);
  const rows = await db
    .selectFrom('merch_orders')
    .where('paid_at', '>=', since)
    .where('status', 'in', SOLD_MERCH_STATUSES)
    .select((eb) => [bucket.as('bucket'), eb.fn.countAll<string | number>().as('value')])
    .groupBy(bucket)
    .execute();
  return bucketValues(rows);
}

export async function countRecentMerchSales(db: Kysely<GameDatabase>, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('merch_orders')
    .where('paid_at', '>=', new Date(now.getTime() - 7 * DAY_MS).toISOString())
    // Bounded at `now`, so the week before is the figure as it stood then (the dashboard's change).
    .where('paid_at', '<', now.toISOString())
    .where('status', 'in', SOLD_MERCH_STATUSES)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** How many orders are in `status` now: paid ones wait to be packed, packed ones to be shipped (the dashboard's attention list). */
export async function countMerchOrdersIn(db: Kysely<GameDatabase>, status: MerchOrderStatus): Promise<number> {
  const row = await db
    .selectFrom('merch_orders')
    .where('status', '=', status)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/* ------------------------------------------------------------------ the contact form */

function toContact(row: MerchContactRow): MerchContact {
  return {
    contactID: Number(row.contact_id),
    email: row.email,
    name: row.name,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    userID: row.user_id,
  };
}

export async function insertMerchContact(
  db: Kysely<GameDatabase>,
  input: Required<MerchContactInput>,
  userId: string | null,
  now = new Date(),
): Promise<MerchContact> {
  const row = await db
    .insertInto('merch_contacts')
    .values({ ...input, created_at: now.toISOString(), user_id: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toContact(row);
}

export async function listMerchContacts(
  db: Kysely<GameDatabase>,
  query: z.output<typeof merchContactListQuerySchema>,
): Promise<AdminListPage<MerchContact>> {
  let filtered = db.selectFrom('merch_contacts');
  if (query.search) filtered = filtered.where(containsText(['email', 'name', 'subject', 'message'], query.search));
  const { rows, ...page } = await fetchListPage(
    filtered,
    filtered.selectAll().orderBy('created_at', query.order).orderBy('contact_id', query.order),
    query,
  );
  return { ...page, rows: rows.map(toContact) };
}

/* ------------------------------------------------------------------ ecom-products */

/**
 * Every variety of every product with what the shop did with it: stock left, units held by
 * reservations, units sold. The catalogue is hundreds of varieties, not millions, so the page is
 * sorted and cut after the sums.
 */
export async function listEcomProducts(
  db: Kysely<GameDatabase>,
  query: z.output<typeof ecomProductListQuerySchema>,
): Promise<AdminListPage<EcomProduct>> {
  let varieties = db
    .selectFrom('product_varieties')
    .innerJoin('products', 'products.product_id', 'product_varieties.product_id')
    .leftJoin('merch_drop_products', 'merch_drop_products.product_id', 'products.product_id')
    .select([
      'products.product_id',
      'products.name',
      'products.status',
      'products.price',
      'product_varieties.variety_id',
      'product_varieties.variety_name',
      'product_varieties.stripe_id',
      'product_varieties.quantity',
      'product_varieties.position',
      'merch_drop_products.drop_id',
    ]);
  if (query.search) {
    varieties = varieties.where(
      containsText(['products.name', 'products.product_id', 'product_varieties.stripe_id'], query.search),
    );
  }
  const rows = await varieties.execute();
  const direction = query.order === 'asc' ? 1 : -1;
  const byName = (a: Listed, b: Listed) =>
    a.name.localeCompare(b.name) || a.product_id.localeCompare(b.product_id) || a.position - b.position;
  const start = (query.page - 1) * query.pageSize;
  const page = (listed: readonly Listed[]) => listed.slice(start, start + query.pageSize);
  // Ordered by units sold, the page needs every variety's sums; in any other order only its own.
  if (query.sort !== 'sold') {
    rows.sort((a, b) =>
      query.sort === 'stock' ? direction * (a.quantity - b.quantity) || byName(a, b) : direction * byName(a, b),
    );
    const shown = page(rows);
    const moved = await unitsMoved(db, shown);
    return {
      rows: shown.map((row) => ecomProduct(row, moved)),
      total: rows.length,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
  const moved = await unitsMoved(db, rows);
  const listed = rows.map((row) => ({ row, product: ecomProduct(row, moved) }));
  listed.sort((a, b) => direction * (a.product.sold - b.product.sold) || byName(a.row, b.row));
  return {
    rows: page(listed.map(({ row }) => row)).map((row) => ecomProduct(row, moved)),
    total: listed.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

interface Listed {
  product_id: string;
  name: string;
  status: EcomProduct['status'];
  price: number;
  variety_id: string;
  variety_name: string;
  stripe_id: string;
  quantity: number;
  position: number;
  drop_id: string | null;
}

interface UnitsMoved {
  product_id: string;
  variety_id: string;
  status: string;
  units: string | number;
}

/**
 * Units of `varieties` ordered, by order status (ecomProduct picks the reserved and the sold): one grouped
 * read of their order lines through merch_order_lines_variety, never every line the shop has sold. Naming
 * the statuses here would lead SQLite, which keeps no statistics, in through merch_orders_reservations
 * to every sold order instead.
 */
async function unitsMoved(db: Kysely<GameDatabase>, varieties: readonly Listed[]): Promise<UnitsMoved[]> {
  if (varieties.length === 0) return [];
  return db
    .selectFrom('merch_order_lines')
    .innerJoin('merch_orders', 'merch_orders.order_id', 'merch_order_lines.order_id')
    .select((eb) => [
      'merch_order_lines.product_id',
      'merch_order_lines.variety_id',
      'merch_orders.status',
      eb.fn.sum<string | number>('merch_order_lines.quantity').as('units'),
    ])
    .where((eb) =>
      eb(
        eb.refTuple('merch_order_lines.product_id', 'merch_order_lines.variety_id'),
        'in',
        varieties.map((variety) => eb.tuple(variety.product_id, variety.variety_id)),
      ),
    )
    .groupBy(['merch_order_lines.product_id', 'merch_order_lines.variety_id', 'merch_orders.status'])
    .execute();
}

function ecomProduct(row: Listed, moved: readonly UnitsMoved[]): EcomProduct {
  const units = (statuses: readonly string[]) =>
    moved
      .filter(
        (unit) =>
          unit.product_id === row.product_id && unit.variety_id === row.variety_id && statuses.includes(unit.status),
      )
      .reduce((sum, unit) => sum + Number(unit.units), 0);
  return {
    productID: row.product_id,
    name: row.name,
    status: row.status,
    varietyID: row.variety_id,
    varietyName: row.variety_name,
    stripeID: row.stripe_id,
    price: row.price,
    stock: row.quantity,
    reserved: units(['reserved']),
    sold: units(SOLD_MERCH_STATUSES),
    dropID: row.drop_id,
  };
}

/** The newest merch orders by order time (the live stats' recent merch orders, docs/product.md §9.2). */
export async function listRecentMerchOrders(
  db: Kysely<GameDatabase>,
  limit: number,
): Promise<LiveStats['recentMerchOrders']> {
  const rows = await db
    .selectFrom('merch_orders')
    .innerJoin('payment_orders', 'payment_orders.order_id', 'merch_orders.order_id')
    .select([
      'merch_orders.order_id',
      'payment_orders.order_number',
      'merch_orders.user_id',
      'merch_orders.order_time',
      'merch_orders.status',
      'merch_orders.total_cents',
    ])
    .orderBy('merch_orders.order_time', 'desc')
    .orderBy('merch_orders.order_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    orderID: row.order_id,
    orderNumber: row.order_number,
    userID: row.user_id,
    orderTime: row.order_time,
    status: row.status as MerchOrderStatus,
    totalCents: row.total_cents,
  }));
}
