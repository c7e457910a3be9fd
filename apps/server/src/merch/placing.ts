import {
  creditsForCents,
  MAX_OPEN_MERCH_ORDERS,
  type MerchPaymentMethod,
  type OrderProfile,
} from '@outpost/contracts/merch';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { getBalances } from '../ledger/index';
import { CURRENCY } from '../payments/index';
import { type BatchOutcome, BatchQueue } from '../platform/batch-queue';
import { type LockedProduct, lockProductsForSale, takeSoldStock } from '../products/index';
import { readMerchConfig } from './config';
import { readOrderProfiles, shippingOf } from './order-profile';
import type { MerchOrderLineRow, MerchOrderRow } from './tables';

/*
 * Placing merch orders, in batches (docs/decisions/0116-merch-checkouts-in-batches.md). Every order of a
 * product locks that product's row until it commits, so in a limited drop the orders of its one
 * product would run one after the other, whatever the number of instances. The orders of the same
 * products that arrive together are therefore placed in one transaction (platform/batch-queue.ts):
 * it locks the products and reads their stock, the drops, the credit price, and the players' order
 * profiles, open orders and balances once, decides the orders one after the other in arrival
 * order, each on the stock the ones before it left, and writes the accepted ones in five
 * statements and one commit. An order refused (no order profile, sold out, too many unpaid orders,
 * credits short, not on sale) changes nothing and only its player hears of it; a batch whose
 * transaction fails fails every order in it, and none was placed.
 */

/** The player has no order profile yet (or one today's rules no longer accept): where would it ship? */
export class MerchProfileRequiredError extends Error {}
export class ProductNotOnSaleError extends Error {
  constructor(readonly productID: string) {
    super(`Product ${productID} is not on sale.`);
  }
}
export class VarietyNotFoundError extends Error {
  constructor(
    readonly productID: string,
    readonly varietyID: string,
  ) {
    super(`Product ${productID} has no variety ${varietyID}.`);
  }
}
export class DropNotOpenError extends Error {
  constructor(
    readonly dropName: string,
    readonly opensAt: string,
  ) {
    super(`${dropName} opens at ${opensAt}.`);
  }
}
export class MerchSoldOutError extends Error {
  constructor(
    readonly productName: string,
    readonly varietyName: string,
  ) {
    super(`${productName} (${varietyName})`);
  }
}
/** The player's credits do not cover the order; nothing changed. */
export class OrderCreditsShortError extends Error {
  constructor(
    readonly balance: number,
    readonly cost: number,
  ) {
    super(`The order costs ${cost} credits; the balance is ${balance}.`);
  }
}
/** The player has MAX_OPEN_MERCH_ORDERS orders waiting for payment already. */
export class TooManyOpenOrdersError extends Error {}

/** An order to place; its player's profile and the credit price are read by its batch. */
export interface OrderRequest {
  orderID: string;
  userId: string;
  lines: readonly { productID: string; varietyID: string; quantity: number }[];
  payment: MerchPaymentMethod;
  reservedUntil: Date;
  now: Date;
}

/** A line as the order reserved it: Outpost's price and names, and the variety's Stripe price. */
export interface ReservedLine {
  productID: string;
  varietyID: string;
  productName: string;
  varietyName: string;
  quantity: number;
  unitPrice: number;
  stripeID: string;
}

/** An order accepted: its rows to write, its lines in the player's order, and its player's profile. */
interface AcceptedOrder {
  profile: OrderProfile;
  row: MerchOrderRow;
  lineRows: MerchOrderLineRow[];
  lines: ReservedLine[];
}

/** An order placed: as accepted, with the number the store gave it. */
export interface PlacedOrder extends AcceptedOrder {
  orderNumber: number;
}

/** The most orders one batch decides: it holds the products' locks while it runs. */
const MAX_BATCH = 100;

/** What a batch read once, under the products' locks, for all its orders. */
interface BatchState {
  profiles: Map<string, OrderProfile>;
  creditsPerUSD: number;
  /** Reserved orders per player, with the ones this batch accepted so far. */
  open: Map<string, number>;
  products: Map<string, LockedProduct>;
  /** The drop of each product that has one. */
  drops: Map<string, { name: string; opens_at: string }>;
  /** Units per variety (keyed by stockKey) as the orders decided so far left them. */
  stock: Map<string, number>;
  balances: Map<string, number>;
}

const stockKey = (productID: string, varietyID: string) => JSON.stringify([productID, varietyID]);

const refused = (error: unknown): BatchOutcome<never> => ({ ok: false, error });

/**
 * One order's lines and the units it wants per variety, on what the orders before it left, or its
 * refusal; it takes nothing (decide() does, once the order is accepted). Lines are checked by product
 * and variety, as the order in which a refusal is named does not depend on how they were listed.
 */
function reserve(
  request: OrderRequest,
  state: BatchState,
): { lines: ReservedLine[]; wanted: Map<string, number> } | Error {
  const sorted = [...request.lines].sort(
    (a, b) => a.productID.localeCompare(b.productID) || a.varietyID.localeCompare(b.varietyID),
  );
  const wanted = new Map<string, number>();
  for (const line of sorted) {
    const product = state.products.get(line.productID);
    if (!product) return new ProductNotOnSaleError(line.productID);
    const drop = state.drops.get(line.productID);
    if (drop && drop.opens_at > request.now.toISOString()) return new DropNotOpenError(drop.name, drop.opens_at);
    const variety = product.varieties.find((item) => item.varietyID === line.varietyID);
    if (!variety) return new VarietyNotFoundError(line.productID, line.varietyID);
    const key = stockKey(line.productID, line.varietyID);
    const total = (wanted.get(key) ?? 0) + line.quantity;
    if ((state.stock.get(key) ?? 0) < total) return new MerchSoldOutError(product.name, variety.varietyName);
    wanted.set(key, total);
  }
  const lines = request.lines.map((line) => {
    const product = state.products.get(line.productID) as LockedProduct;
    const variety = product.varieties.find(
      (item) => item.varietyID === line.varietyID,
    ) as LockedProduct['varieties'][number];
    return {
      ...line,
      productName: product.name,
      varietyName: variety.varietyName,
      unitPrice: product.price,
      stripeID: variety.stripeID,
    };
  });
  return { lines, wanted };
}

/** Decides one order of a batch; an accepted one's stock and open order count for the ones after it. */
function decide(request: OrderRequest, state: BatchState): BatchOutcome<AcceptedOrder> {
  const profile = state.profiles.get(request.userId);
  if (!profile) return refused(new MerchProfileRequiredError());
  const open = state.open.get(request.userId) ?? 0;
  if (open >= MAX_OPEN_MERCH_ORDERS) return refused(new TooManyOpenOrdersError());
  const reserved = reserve(request, state);
  if (reserved instanceof Error) return refused(reserved);
  const { lines, wanted } = reserved;
  const totalCents = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const totalCredits = request.payment === 'credits' ? creditsForCents(totalCents, state.creditsPerUSD) : null;
  // Stock is held only for an order its player can pay: credits they do not have would hold it for nothing.
  if (totalCredits !== null) {
    const balance = state.balances.get(request.userId) ?? 0;
    if (balance < totalCredits) return refused(new OrderCreditsShortError(balance, totalCredits));
  }
  for (const [key, units] of wanted) state.stock.set(key, (state.stock.get(key) ?? 0) - units);
  state.open.set(request.userId, open + 1);
  const at = request.now.toISOString();
  const row: MerchOrderRow = {
    order_id: request.orderID,
    user_id: request.userId,
    order_time: at,
    status: 'reserved',
    payment: request.payment,
    total_cents: totalCents,
    total_credits: totalCredits,
    reserved_until: request.reservedUntil.toISOString(),
    paid_at: null,
    packed_at: null,
    shipped_at: null,
    tracking_reference: null,
    refunded_cents: 0,
    shipping: JSON.stringify(shippingOf(profile)),
    checkout_url: null,
    version: 1,
    updated_at: at,
  };
  const lineRows = lines.map((line, index) => ({
    order_id: request.orderID,
    line_no: index + 1,
    product_id: line.productID,
    variety_id: line.varietyID,
    product_name: line.productName,
    variety_name: line.varietyName,
    quantity: line.quantity,
    unit_price: line.unitPrice,
  }));
  return { ok: true, value: { profile, row, lineRows, lines } };
}

/** The players' unpaid orders, counted by player (read through the merch_orders_open index). */
export function openOrderCounts(db: Kysely<GameDatabase>, userIds: readonly string[]) {
  return db
    .selectFrom('merch_orders')
    .select((eb) => ['user_id', eb.fn.countAll<string | number>().as('total')])
    .where('user_id', 'in', userIds)
    .where('status', '=', 'reserved')
    .groupBy('user_id');
}

/** Reads, under the products' locks, what the batch's orders are decided on. */
async function readBatchState(trx: Kysely<GameDatabase>, requests: readonly OrderRequest[]): Promise<BatchState> {
  const userIds = [...new Set(requests.map((request) => request.userId))];
  const productIDs = requests.flatMap((request) => request.lines.map((line) => line.productID));
  const products = await lockProductsForSale(trx, productIDs);
  const onSale = [...products.keys()];
  const open = await openOrderCounts(trx, userIds).execute();
  const drops =
    onSale.length === 0
      ? []
      : await trx
          .selectFrom('merch_drop_products')
          .innerJoin('merch_drops', 'merch_drops.drop_id', 'merch_drop_products.drop_id')
          .select(['merch_drop_products.product_id', 'merch_drops.name', 'merch_drops.opens_at'])
          .where('merch_drop_products.product_id', 'in', onSale)
          .execute();
  const profiles = await readOrderProfiles(trx, userIds);
  const { creditsPerUSD } = await readMerchConfig(trx);
  const balances = await getBalances(
    trx,
    requests.filter((request) => request.payment === 'credits').map((request) => request.userId),
  );
  const stock = new Map<string, number>();
  for (const product of products.values()) {
    for (const variety of product.varieties)
      stock.set(stockKey(product.productID, variety.varietyID), variety.quantity);
  }
  return {
    profiles,
    creditsPerUSD,
    open: new Map(open.map((row) => [row.user_id, Number(row.total)])),
    products,
    drops: new Map(drops.map((row) => [row.product_id, row])),
    stock,
    balances,
  };
}

/**
 * Writes the accepted orders of a batch: their stock, their payment records, their rows and lines;
 * answers the numbers the store gave them, by order id.
 */
async function writeOrders(trx: Kysely<GameDatabase>, placed: readonly AcceptedOrder[]): Promise<Map<string, number>> {
  await takeSoldStock(
    trx,
    placed.flatMap((order) => order.lines),
  );
  await trx
    .insertInto('payment_orders')
    .values(
      placed.map(({ row }) => ({
        order_id: row.order_id,
        user_id: row.user_id,
        kind: 'merch',
        payment: row.payment,
        pack_id: null,
        machine_id: null,
        amount_cents: row.payment === 'credits' ? 0 : row.total_cents,
        credits: row.total_credits ?? 0,
        currency: CURRENCY,
        paypal_order_id: null,
        status: 'created',
        created_at: row.order_time,
        settled_at: null,
      })),
    )
    .execute();
  await trx
    .insertInto('merch_orders')
    .values(placed.map((order) => order.row))
    .execute();
  await trx
    .insertInto('merch_order_lines')
    .values(placed.flatMap((order) => order.lineRows))
    .execute();
  // Read back: SQLite numbers a row after its insert (platform/db/row-numbers.ts).
  const numbers = await trx
    .selectFrom('payment_orders')
    .select(['order_id', 'order_number'])
    .where(
      'order_id',
      'in',
      placed.map(({ row }) => row.order_id),
    )
    .execute();
  return new Map(numbers.map((row) => [row.order_id, row.order_number]));
}

/** Places a batch of orders in the caller's transaction: one outcome per request, in order. */
export async function placeOrders(
  trx: Kysely<GameDatabase>,
  requests: readonly OrderRequest[],
): Promise<BatchOutcome<PlacedOrder>[]> {
  const state = await readBatchState(trx, requests);
  const outcomes = requests.map((request) => decide(request, state));
  const accepted = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
  const numbers = accepted.length > 0 ? await writeOrders(trx, accepted) : new Map<string, number>();
  const numbered = (order: AcceptedOrder): PlacedOrder => {
    const orderNumber = numbers.get(order.row.order_id);
    if (orderNumber === undefined) throw new Error(`The store gave the order ${order.row.order_id} no number.`);
    return { ...order, orderNumber };
  };
  return outcomes.map((outcome) => (outcome.ok ? { ok: true, value: numbered(outcome.value) } : outcome));
}

/** The batch an order joins: the orders of the same products, whatever their lines' order. */
function batchKey(request: OrderRequest): string {
  return JSON.stringify([...new Set(request.lines.map((line) => line.productID))].sort());
}

/** Each store's order batches, one queue per set of products. */
const queues = new WeakMap<Kysely<GameDatabase>, BatchQueue<string, OrderRequest, PlacedOrder>>();

function queueOf(db: Kysely<GameDatabase>): BatchQueue<string, OrderRequest, PlacedOrder> {
  let queue = queues.get(db);
  if (!queue) {
    queue = new BatchQueue<string, OrderRequest, PlacedOrder>(
      (_key, requests) => db.transaction().execute((trx) => placeOrders(trx, requests)),
      { maxBatch: MAX_BATCH },
    );
    queues.set(db, queue);
  }
  return queue;
}

/**
 * Reserves an order's stock and records it, in a batch of the orders of the same products; in
 * the caller's transaction, when given one, as a batch of one. Rejects with the order's own refusal.
 */
export async function reserveOrder(db: Kysely<GameDatabase>, request: OrderRequest): Promise<PlacedOrder> {
  if (!db.isTransaction) return queueOf(db).submit(batchKey(request), request);
  const [outcome] = await placeOrders(db, [request]);
  if (!outcome) throw new Error('A batch of one order answered nothing.');
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
