import { MAX_OPEN_MERCH_ORDERS, orderProfileSchema } from '@outpost/contracts/merch';
import type { Kysely } from 'kysely';
import type { GameDatabase, IdentityDatabase } from '../../apps/server/src/database';
import { clonePlayers } from '../../apps/server/src/identity/testing';
import { credit } from '../../apps/server/src/ledger/ledger';
import { saveOrderProfile } from '../../apps/server/src/merch/order-profile';
import { putTestProduct, validOrderProfile } from '../../apps/server/src/merch/testing';
import { PLENTY, signUpOverHttp } from './seed';

/*
 * The merch checkout the bench measures: a player's POST /api/shop/merch/orders, which reserves a
 * unit of a drop's product in one transaction (the open-order check, the product's row lock, the
 * drop check, the stock taken, the balance check, the order and its payment record), paid in
 * credits: the path that needs no outside provider. Every order of a run takes the same variety,
 * a hot drop's one row, with stock no run can exhaust. A player holds at most
 * MAX_OPEN_MERCH_ORDERS unpaid orders, so the orders come from a crowd: each player orders at
 * most that many times, as in a drop where thousands of players each check out.
 */

export const CHECKOUT_PATH = '/api/shop/merch/orders';
const PRODUCT_ID = 'bench-checkout-tee';
const VARIETY_ID = 'm';
const DROP_ID = 'bench-checkout-drop';
/** More credits than every order a player can hold costs (2,500 credits each at the default 100 per dollar). */
const CREDITS_EACH = 1_000_000;

export interface CheckoutCrowd {
  /** The order every player places: one unit of the drop's product, paid in credits. */
  jsonBody: string;
  /** `Authorization` values of the crowd's players, each with an order profile and credits. */
  bearers: readonly string[];
  /** Checks that no unit was sold twice or lost (see CheckoutAudit); throws when one was. */
  audit(): Promise<CheckoutAudit>;
}

/**
 * What the orders took: the units held by orders plus the units on the shelf are the units
 * seeded, never a unit below zero, and no player holds more open orders than allowed.
 */
export interface CheckoutAudit {
  orders: number;
  unitsHeld: number;
  stockLeft: number;
  stockSeeded: number;
}

/** What every order of the bench asks for: one unit of the drop's product, paid in credits. */
export const CHECKOUT_ORDER_BODY = JSON.stringify({
  lines: [{ productID: PRODUCT_ID, varietyID: VARIETY_ID, quantity: 1 }],
  payment: 'credits',
});

/** The drop's product on sale with `units` units of its one variety, in a drop that opened an hour ago. */
export async function openCheckoutDrop(game: Kysely<GameDatabase>, units: number, now = new Date()): Promise<void> {
  await putTestProduct(game, { productID: PRODUCT_ID, varieties: [[VARIETY_ID, units]] });
  const at = now.toISOString();
  await game
    .insertInto('merch_drops')
    .values({
      drop_id: DROP_ID,
      name: 'Bench drop',
      opens_at: new Date(now.getTime() - 3_600_000).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .execute();
  await game
    .insertInto('merch_drop_products')
    .values({ drop_id: DROP_ID, product_id: PRODUCT_ID, position: 0 })
    .execute();
}

/**
 * An order profile and credits for every order a player can hold, for each of `userIds`, written by
 * the shop's and the ledger's own code in one transaction.
 */
export async function equipShoppers(game: Kysely<GameDatabase>, userIds: readonly string[], now = new Date()) {
  const profile = orderProfileSchema.parse(validOrderProfile());
  await game.transaction().execute(async (trx) => {
    for (const userId of userIds) {
      await saveOrderProfile(trx, userId, profile, now);
      await credit(trx, { userId, amount: CREDITS_EACH, reason: 'adjustment', reference: `bench:shopper:${userId}` });
    }
  });
}

/**
 * A product of a drop that opened an hour ago, with PLENTY units of one variety, and `players`
 * shoppers: one signed up through the app's own route, the others copies of their account and
 * session rows (a sign-up hashes a password for half a second); each has an order profile and
 * credits (equipShoppers).
 */
export async function seedCheckoutCrowd(
  origin: string,
  publicUrl: string,
  stores: { game: Kysely<GameDatabase>; identity: Kysely<IdentityDatabase> },
  players: number,
): Promise<CheckoutCrowd> {
  const { game, identity } = stores;
  await openCheckoutDrop(game, PLENTY);
  const first = await signUpOverHttp(origin, publicUrl, {
    email: 'bench-shopper-0@example.com',
    password: 'bench shopper password',
    name: 'bench-shopper-0',
  });
  const copies = await clonePlayers(identity, first.userId, 'bench-shopper', players - 1);
  const crowd = [first, ...copies];
  await equipShoppers(
    game,
    crowd.map((player) => player.userId),
  );
  return {
    jsonBody: CHECKOUT_ORDER_BODY,
    bearers: crowd.map((player) => player.bearer),
    audit: () => auditCheckouts(game, PLENTY),
  };
}

/**
 * Reads the shelf, the units reserved orders hold and the busiest player's open orders in one
 * statement (one snapshot), so an order still committing when a run ends cannot fall between two
 * reads; throws when they do not add up to the `stockSeeded` units.
 */
export async function auditCheckouts(game: Kysely<GameDatabase>, stockSeeded: number): Promise<CheckoutAudit> {
  const row = await game
    .selectNoFrom((eb) => [
      eb
        .selectFrom('product_varieties')
        .select('quantity')
        .where('product_id', '=', PRODUCT_ID)
        .where('variety_id', '=', VARIETY_ID)
        .as('stockLeft'),
      // Reserved orders hold their units; a lapsed or cancelled one gave them back.
      eb
        .selectFrom('merch_order_lines')
        .innerJoin('merch_orders', 'merch_orders.order_id', 'merch_order_lines.order_id')
        .select((inner) => inner.fn.countAll<number | string>().as('orders'))
        .where('merch_order_lines.product_id', '=', PRODUCT_ID)
        .where('merch_orders.status', '=', 'reserved')
        .as('orders'),
      eb
        .selectFrom('merch_order_lines')
        .innerJoin('merch_orders', 'merch_orders.order_id', 'merch_order_lines.order_id')
        .select((inner) => inner.fn.sum<number | string | null>('merch_order_lines.quantity').as('units'))
        .where('merch_order_lines.product_id', '=', PRODUCT_ID)
        .where('merch_orders.status', '=', 'reserved')
        .as('unitsHeld'),
      eb
        .selectFrom('merch_orders')
        .select((inner) => inner.fn.countAll<number | string>().as('open'))
        .where('status', '=', 'reserved')
        .groupBy('user_id')
        .orderBy('open', 'desc')
        .limit(1)
        .as('busiest'),
    ])
    .executeTakeFirstOrThrow();
  const audit = {
    orders: Number(row.orders ?? 0),
    unitsHeld: Number(row.unitsHeld ?? 0),
    stockLeft: Number(row.stockLeft),
    stockSeeded,
  };
  const busiest = Number(row.busiest ?? 0);
  const problems = [
    ...(audit.stockLeft < 0 ? [`the stock is ${audit.stockLeft}`] : []),
    ...(audit.stockLeft + audit.unitsHeld !== stockSeeded
      ? [`${audit.unitsHeld} units held + ${audit.stockLeft} left is not the ${stockSeeded} seeded`]
      : []),
    ...(busiest > MAX_OPEN_MERCH_ORDERS
      ? [`a player holds ${busiest} open orders (at most ${MAX_OPEN_MERCH_ORDERS})`]
      : []),
  ];
  if (problems.length > 0) throw new Error(`The merch checkouts oversold or lost stock: ${problems.join('; ')}.`);
  return audit;
}
