import {
  MAX_OPEN_MERCH_ORDERS,
  MERCH_MESSAGES,
  type OrderProfile,
  tooManyOpenOrdersText,
} from '@outpost/contracts/merch';
import { CompiledQuery } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers } from '../identity/testing';
import { credit } from '../ledger/ledger';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { readOrderProfile, shippingOf } from './order-profile';
import {
  MerchProfileRequiredError,
  MerchSoldOutError,
  OrderCreditsShortError,
  type OrderRequest,
  openOrderCounts,
  reserveOrder,
  TooManyOpenOrdersError,
  VarietyNotFoundError,
} from './placing';
import { placeOrder, putTestProduct, readyToShop, varietyStock } from './testing';

/*
 * Orders of one product placed together run in one batch (placing.ts): each order is accepted or
 * refused on what the orders before it in the batch left, and a refusal reaches its player alone.
 */

/** A price of 100 cents costs 100 credits at the default 100 credits per dollar. */
const PRICE = 100;

describe.each(TEST_DIALECTS)('merch orders placed in batches on %s', (dialect) => {
  let t: TestApp;
  let crowd: SignedIn[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    crowd = await signUpPlayers(t.app, t.stores.identity, `placing-${dialect}`, 110);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function shopper(credits: number): Promise<SignedIn> {
    const player = crowd.pop();
    if (!player) throw new Error('The test needs a larger crowd.');
    return readyToShop(t.app, db(), player, credits);
  }

  /** A player already holding as many unpaid orders as allowed (of a product of their own). */
  async function busyShopper(productID: string): Promise<SignedIn> {
    const player = await shopper(10_000);
    for (let index = 0; index < MAX_OPEN_MERCH_ORDERS; index += 1) {
      const placed = await placeOrder(t.app, player, {
        lines: [{ productID, varietyID: 'm', quantity: 1 }],
        payment: 'credits',
      });
      expect(placed.statusCode, placed.body).toBe(200);
    }
    return player;
  }

  async function productVersion(productID: string): Promise<number> {
    const row = await db()
      .selectFrom('products')
      .select('version')
      .where('product_id', '=', productID)
      .executeTakeFirstOrThrow();
    return row.version;
  }

  it('decides one batch order by order: each refusal reaches its own player, the others are placed', async () => {
    await putTestProduct(db(), {
      productID: 'batch-tee',
      price: PRICE,
      varieties: [
        ['m', 3],
        ['s', 1],
      ],
    });
    await putTestProduct(db(), { productID: 'batch-other', price: PRICE, varieties: [['m', 10]] });
    const busy = await busyShopper('batch-other');
    const [rich1, rich2, poor, greedy, rich3, typo, rich4] = await Promise.all([
      shopper(1000),
      shopper(1000),
      shopper(50),
      shopper(1000),
      shopper(1000),
      shopper(1000),
      shopper(1000),
    ]);
    // Signed in with credits, but no order profile saved: nowhere to ship.
    const unprofiled = crowd.pop() as SignedIn;
    await credit(db(), { userId: unprofiled.userId, amount: 1000, reason: 'reward', reference: 'grant:unprofiled' });
    const versionBefore = await productVersion('batch-tee');
    const now = new Date();
    const order = (player: SignedIn, lines: OrderRequest['lines']): OrderRequest => ({
      orderID: timeOrderedId(),
      userId: player.userId,
      lines,
      payment: 'credits',
      reservedUntil: new Date(now.getTime() + 15 * 60_000),
      now,
    });
    const m = (quantity: number) => ({ productID: 'batch-tee', varietyID: 'm', quantity });
    const s = { productID: 'batch-tee', varietyID: 's', quantity: 1 };
    // Submitted in one turn of the event loop: one batch, decided in this order.
    const requests = [
      order(unprofiled, [m(1)]),
      order(rich1 as SignedIn, [m(1)]),
      order(poor as SignedIn, [m(1)]),
      order(busy, [m(1)]),
      order(rich2 as SignedIn, [m(1)]),
      order(greedy as SignedIn, [m(2)]),
      order(typo as SignedIn, [s, { productID: 'batch-tee', varietyID: 'xl', quantity: 1 }]),
      order(rich3 as SignedIn, [m(1)]),
      order(rich4 as SignedIn, [s]),
    ];
    const outcomes = await Promise.allSettled(requests.map((request) => reserveOrder(db(), request)));
    const reasonOf = (index: number) => {
      const outcome = outcomes[index];
      return outcome?.status === 'rejected' ? outcome.reason : undefined;
    };
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'rejected',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(reasonOf(0)).toBeInstanceOf(MerchProfileRequiredError);
    expect(reasonOf(2)).toBeInstanceOf(OrderCreditsShortError);
    expect(reasonOf(2)).toMatchObject({ balance: 50, cost: 100 });
    expect(reasonOf(3)).toBeInstanceOf(TooManyOpenOrdersError);
    // Two of three units went to the orders before it: two more are not there.
    expect(reasonOf(5)).toBeInstanceOf(MerchSoldOutError);
    // The unknown variety refuses the whole order: its size S is still there for the order after it.
    expect(reasonOf(6)).toBeInstanceOf(VarietyNotFoundError);

    expect(await varietyStock(db(), 'batch-tee', 'm')).toBe(0);
    expect(await varietyStock(db(), 'batch-tee', 's')).toBe(0);
    // One batch, one transaction: the product's version moved once for the four sales.
    expect(await productVersion('batch-tee')).toBe(versionBefore + 1);
    const placedIDs = [1, 4, 7, 8].map((index) => (requests[index] as OrderRequest).orderID).sort();
    const rows = await db()
      .selectFrom('merch_orders')
      .innerJoin('payment_orders', 'payment_orders.order_id', 'merch_orders.order_id')
      .select([
        'merch_orders.order_id',
        'merch_orders.status',
        'merch_orders.total_credits',
        'merch_orders.shipping',
        'payment_orders.credits',
      ])
      .where(
        'merch_orders.order_id',
        'in',
        requests.map((request) => request.orderID),
      )
      .orderBy('merch_orders.order_id')
      .execute();
    // Every player saved the same profile (readyToShop).
    const { profile } = await readOrderProfile(db(), (rich1 as SignedIn).userId);
    expect(rows).toEqual(
      placedIDs.map((order_id) => ({
        order_id,
        status: 'reserved',
        total_credits: PRICE,
        // Each order keeps its player's profile as the batch read it.
        shipping: JSON.stringify(shippingOf(profile as OrderProfile)),
        credits: PRICE,
      })),
    );
    const lines = await db()
      .selectFrom('merch_order_lines')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where('order_id', 'in', placedIDs)
      .executeTakeFirstOrThrow();
    expect(Number(lines.total)).toBe(4);
  });

  it('sells 40 units to exactly 40 of 100 concurrent checkouts mixing players who may not buy', async () => {
    await putTestProduct(db(), { productID: 'rush-tee', price: PRICE, varieties: [['m', 40]] });
    await putTestProduct(db(), { productID: 'rush-other', price: PRICE, varieties: [['m', 100]] });
    const busy: SignedIn[] = [];
    for (let index = 0; index < 5; index += 1) busy.push(await busyShopper('rush-other'));
    const poor = await Promise.all(Array.from({ length: 15 }, () => shopper(10)));
    const rich = await Promise.all(Array.from({ length: 80 }, () => shopper(1000)));
    // The players who may not buy are spread through the rush, not queued at its end.
    const everyone = [...rich];
    [...busy, ...poor].forEach((player, index) => {
      everyone.splice(index * 4, 0, player);
    });
    const outcomes = await Promise.all(
      everyone.map(async (player) => {
        const placed = await placeOrder(t.app, player, {
          lines: [{ productID: 'rush-tee', varietyID: 'm', quantity: 1 }],
          payment: 'credits',
        });
        return {
          player,
          status: placed.statusCode,
          message: placed.statusCode === 200 ? '' : placed.json().error.message,
        };
      }),
    );
    const of = (players: SignedIn[]) => outcomes.filter((outcome) => players.includes(outcome.player));
    expect(of(busy).map((outcome) => [outcome.status, outcome.message])).toEqual(
      busy.map(() => [409, tooManyOpenOrdersText()]),
    );
    // Stock is looked at before credits: a poor player arriving once it is gone hears it is sold out.
    expect(
      of(poor).every(
        (outcome) =>
          outcome.status === 409 &&
          (outcome.message === MERCH_MESSAGES.notEnoughCredits || outcome.message.startsWith(MERCH_MESSAGES.soldOut)),
      ),
    ).toBe(true);
    const richOutcomes = of(rich);
    expect(richOutcomes.filter((outcome) => outcome.status === 200)).toHaveLength(40);
    const soldOut = richOutcomes.filter((outcome) => outcome.status !== 200);
    expect(soldOut).toHaveLength(40);
    expect(
      soldOut.every((outcome) => outcome.status === 409 && outcome.message.startsWith(MERCH_MESSAGES.soldOut)),
    ).toBe(true);
    expect(await varietyStock(db(), 'rush-tee', 'm')).toBe(0);
    const held = await db()
      .selectFrom('merch_order_lines')
      .innerJoin('merch_orders', 'merch_orders.order_id', 'merch_order_lines.order_id')
      .select((eb) => eb.fn.sum<string | number>('merch_order_lines.quantity').as('units'))
      .where('merch_order_lines.product_id', '=', 'rush-tee')
      .where('merch_orders.status', '=', 'reserved')
      .executeTakeFirstOrThrow();
    expect(Number(held.units)).toBe(40);
  });

  // SQLite plans without statistics: with a status index beside the player's, it read every
  // reserved order of the shop for each batch, so a drop's checkouts slowed with each order placed.
  it.runIf(dialect === 'sqlite')(
    'counts a batch’s open orders through its players’ rows, not every reserved order',
    async () => {
      const query = openOrderCounts(db(), ['a-player', 'another-player']).compile();
      const plan = await db().executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      expect(plan.rows.map((row) => row.detail)).toEqual([
        expect.stringContaining('INDEX merch_orders_open (user_id=? AND status=?)'),
      ]);
    },
  );
});
