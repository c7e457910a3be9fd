import type { OrderProfileInput } from '@outpost/contracts/merch';
import { PRODUCT_STATUS, type ProductStatus } from '@outpost/contracts/products';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { SignedIn } from '../identity/testing';
import { credit } from '../ledger/ledger';
import { putProducts } from '../products/queries';
import { inBatches } from '../testing/query-plans';

/**
 * Test helpers for the merch shop: products and orders written straight into a store, and calls as a player
 * makes them.
 */

export interface TestMerchProduct {
  productID: string;
  price?: number;
  status?: ProductStatus;
  /** [varietyID, quantity, stripeID?] */
  varieties: readonly (readonly [string, number, string?])[];
}

export async function putTestProduct(db: Kysely<GameDatabase>, product: TestMerchProduct): Promise<void> {
  const at = new Date().toISOString();
  await putProducts(db, [
    {
      product: {
        product_id: product.productID,
        name: `Product ${product.productID}`,
        description: 'A test product.',
        price: product.price ?? 2500,
        is_digital_double: 0,
        release_date: null,
        total_quantity: product.varieties.reduce((sum, [, quantity]) => sum + quantity, 0),
        status: product.status ?? PRODUCT_STATUS.active,
        version: 1,
        created_at: at,
        updated_at: at,
      },
      varieties: product.varieties.map(([varietyID, quantity, stripeID], position) => ({
        product_id: product.productID,
        variety_id: varietyID,
        position,
        variety_name: `Size ${varietyID.toUpperCase()}`,
        stripe_id: stripeID ?? `prod_${product.productID}_${varietyID}`,
        quantity,
        original_quantity: quantity,
        lifetime_quantity: quantity,
      })),
    },
  ]);
}

export interface TestMerchOrder {
  orderID: string;
  userID: string;
  /** When it was placed, and paid unless it is reserved or expired. */
  at: string;
  status: string;
  /** Its price, paid in credits: as many credits as cents unless told. */
  cents?: number;
  credits?: number;
  lines?: readonly { productID: string; varietyID: string; quantity: number }[];
}

/** Orders paid in credits as placing.ts stores them (their payment records, then the orders and their lines). */
export async function putTestMerchOrders(db: Kysely<GameDatabase>, orders: readonly TestMerchOrder[]): Promise<void> {
  const paidAt = (order: TestMerchOrder) => (['reserved', 'expired'].includes(order.status) ? null : order.at);
  const cents = (order: TestMerchOrder) => order.cents ?? 2500;
  const credits = (order: TestMerchOrder) => order.credits ?? cents(order);
  await inBatches(
    orders.map((order) => ({
      order_id: order.orderID,
      user_id: order.userID,
      kind: 'merch',
      payment: 'credits',
      pack_id: null,
      machine_id: null,
      amount_cents: 0,
      credits: credits(order),
      currency: 'USD',
      paypal_order_id: null,
      status: paidAt(order) ? 'completed' : 'created',
      created_at: order.at,
      settled_at: paidAt(order),
    })),
    (batch) => db.insertInto('payment_orders').values(batch).execute(),
  );
  await inBatches(
    orders.map((order) => ({
      order_id: order.orderID,
      user_id: order.userID,
      order_time: order.at,
      status: order.status,
      payment: 'credits',
      total_cents: cents(order),
      total_credits: credits(order),
      reserved_until: null,
      paid_at: paidAt(order),
      packed_at: null,
      shipped_at: null,
      tracking_reference: null,
      refunded_cents: 0,
      shipping: '{}',
      checkout_url: null,
      version: 1,
      updated_at: order.at,
    })),
    (batch) => db.insertInto('merch_orders').values(batch).execute(),
  );
  await inBatches(
    orders.flatMap((order) =>
      (order.lines ?? []).map((line, index) => ({
        order_id: order.orderID,
        line_no: index + 1,
        product_id: line.productID,
        variety_id: line.varietyID,
        product_name: `Product ${line.productID}`,
        variety_name: `Size ${line.varietyID.toUpperCase()}`,
        quantity: line.quantity,
        unit_price: cents(order),
      })),
    ),
    (batch) => db.insertInto('merch_order_lines').values(batch).execute(),
  );
}

export async function varietyStock(db: Kysely<GameDatabase>, productID: string, varietyID: string): Promise<number> {
  const row = await db
    .selectFrom('product_varieties')
    .select('quantity')
    .where('product_id', '=', productID)
    .where('variety_id', '=', varietyID)
    .executeTakeFirstOrThrow();
  return row.quantity;
}

export function validOrderProfile(overrides: Partial<OrderProfileInput> = {}): OrderProfileInput {
  return {
    email: 'player@example.com',
    phone: '555 010 2030',
    countryCode: '+1',
    firstName: 'Rae',
    lastName: 'Scout',
    cut: 'unisex',
    shippingAddress: {
      line1: '1 Container Yard',
      line2: '',
      city: 'Portland',
      state: 'OR',
      zipcode: '97201',
      country: 'US',
    },
    sizes: { shirtSize: 'M', hoodieSize: 'L', pantSize: '32', shoeSize: '10' },
    ...overrides,
  };
}

export function setOrderProfile(
  app: FastifyInstance,
  player: SignedIn,
  profile: unknown = validOrderProfile(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/fn/set-order-profile',
    headers: { authorization: player.bearer },
    payload: profile as object,
  });
}

/** Gets a signed-in player ready to shop: an order profile saved through the real route, and credits if asked. */
export async function readyToShop(
  app: FastifyInstance,
  db: Kysely<GameDatabase>,
  player: SignedIn,
  credits = 0,
): Promise<SignedIn> {
  const saved = await setOrderProfile(app, player);
  if (saved.statusCode !== 200) throw new Error(`set-order-profile failed: ${saved.statusCode} ${saved.body}`);
  if (credits > 0) {
    await credit(db, { userId: player.userId, amount: credits, reason: 'reward', reference: `grant:${player.userId}` });
  }
  return player;
}

export function placeOrder(
  app: FastifyInstance,
  player: SignedIn,
  body: { lines: { productID: string; varietyID: string; quantity: number }[]; payment: string },
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/shop/merch/orders',
    headers: { authorization: player.bearer },
    payload: body,
  });
}

export function payWithCredits(
  app: FastifyInstance,
  player: SignedIn,
  orderID: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: `/api/fn/process-direct-transaction?orderID=${encodeURIComponent(orderID)}`,
    headers: { authorization: player.bearer },
  });
}
