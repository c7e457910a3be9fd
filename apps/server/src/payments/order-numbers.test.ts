import type { MerchOrder } from '@outpost/contracts/merch';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppStores } from '../database';
import { type SignedIn, signUpPlayers } from '../identity/testing';
import { putTestProduct, readyToShop } from '../merch/testing';
import { STORE_MIGRATIONS } from '../stores';
import { buildTestApp, buildUnreadyTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { openUnmigratedStore, type UnmigratedStore } from '../testing/unmigrated-store';
import type { PaymentOrderTable } from './tables';

/*
 * Orders' numbers (#1047): given by the store (platform/db/row-numbers.ts), so checkouts on two
 * instances at once never share one; the orders a store held before numbers came are numbered in
 * the order they were created.
 */

const ORDER_NUMBERS = '2026-12-21-order-numbers';

type UnnumberedOrder = Omit<PaymentOrderTable, 'order_number'>;

const order = (id: string, createdAt: string): UnnumberedOrder => ({
  order_id: id,
  user_id: 'player-1',
  kind: 'credit-pack',
  payment: 'paypal',
  pack_id: 'pack-1',
  machine_id: null,
  amount_cents: 499,
  credits: 500,
  currency: 'USD',
  paypal_order_id: null,
  stripe_session_id: null,
  stripe_payment_intent: null,
  status: 'created',
  created_at: createdAt,
  settled_at: null,
});

describe.each(TEST_DIALECTS)('order numbers on %s', (dialect) => {
  describe('the migration', () => {
    let store: UnmigratedStore | undefined;
    afterEach(async () => {
      await store?.cleanup();
      store = undefined;
    });

    it('numbers the orders already there by creation, then every new one after them', async () => {
      store = await openUnmigratedStore(dialect, STORE_MIGRATIONS.game);
      await store.migrateToJustBefore(ORDER_NUMBERS);
      const { db } = store;
      // Written in another order than created, ids sorting in yet another: the time decides, the id breaks a tie.
      await db
        .insertInto('payment_orders')
        .values([
          order('c', '2026-12-02T09:00:00.000Z'),
          order('z', '2026-12-01T09:00:00.000Z'),
          order('b', '2026-12-02T09:00:00.000Z'),
          order('a', '2026-12-03T09:00:00.000Z'),
        ])
        .execute();
      await store.migrateToLatest();

      const numbers = async () =>
        (
          await db.selectFrom('payment_orders').select(['order_id', 'order_number']).orderBy('order_number').execute()
        ).map((row) => [row.order_id, row.order_number]);
      expect(await numbers()).toEqual([
        ['z', 1],
        ['b', 2],
        ['c', 3],
        ['a', 4],
      ]);
      await db
        .insertInto('payment_orders')
        .values([order('new-1', '2026-12-04T09:00:00.000Z'), order('new-2', '2026-12-04T09:00:00.000Z')])
        .execute();
      expect((await numbers()).slice(4)).toEqual([
        ['new-1', 5],
        ['new-2', 6],
      ]);
      // The unique index stands behind the numbering.
      await expect(
        db
          .insertInto('payment_orders')
          .values({ ...order('twin', '2026-12-05T09:00:00.000Z'), order_number: 6 })
          .execute(),
      ).rejects.toThrow();

      await store.migrateToJustBefore(ORDER_NUMBERS);
      const columns = await store.columnsOf('payment_orders');
      expect(columns).toContain('order_id');
      expect(columns).not.toContain('order_number');
    });
  });

  describe('checkouts on two instances at once', () => {
    let t: TestApp;
    let secondStores: AppStores;
    let second: FastifyInstance;
    const bases: string[] = [];
    let players: SignedIn[] = [];
    const PRODUCTS = ['numbered-tee', 'numbered-cap', 'numbered-mug', 'numbered-pin'];

    beforeAll(async () => {
      t = await buildTestApp(dialect);
      secondStores = await t.reopen();
      second = await buildUnreadyTestApp({ ...t, stores: secondStores });
      await second.ready();
      bases.push(
        await t.app.listen({ port: 0, host: '127.0.0.1' }),
        await second.listen({ port: 0, host: '127.0.0.1' }),
      );
      const db = t.stores.game.development;
      for (const productID of PRODUCTS) await putTestProduct(db, { productID, price: 100, varieties: [['m', 1000]] });
      players = await Promise.all(
        (await signUpPlayers(t.app, t.stores.identity, `numbers-${dialect}`, 20)).map((player) =>
          readyToShop(t.app, db, player, 10_000),
        ),
      );
    });
    afterAll(async () => {
      await second?.close();
      await secondStores?.close();
      await t?.cleanup();
    });

    const call = async <T>(base: string, player: SignedIn, path: string, body?: object): Promise<T> => {
      const response = await fetch(`${base}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: player.bearer, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      return JSON.parse(text) as T;
    };

    it('gives each order its own number, as the player reads it back', async () => {
      // Two orders per player, of different products (so in batches and transactions of their own), over HTTP
      // to both instances at once.
      const placed = await Promise.all(
        players.flatMap((player, index) =>
          [0, 1].map((round) =>
            call<MerchOrder>(bases[(index + round) % 2] as string, player, '/api/shop/merch/orders', {
              lines: [{ productID: PRODUCTS[(index + round) % PRODUCTS.length], varietyID: 'm', quantity: 1 }],
              payment: 'credits',
            }),
          ),
        ),
      );
      const numbers = placed.map((placedOrder) => placedOrder.orderNumber);
      expect(numbers.every((value) => Number.isInteger(value) && value > 0)).toBe(true);
      expect(new Set(numbers).size).toBe(placed.length);

      const stored = await t.stores.game.development
        .selectFrom('payment_orders')
        .select(['order_id', 'order_number'])
        .execute();
      expect(new Map(stored.map((row) => [row.order_id, row.order_number]))).toEqual(
        new Map(placed.map((placedOrder) => [placedOrder.orderID, placedOrder.orderNumber])),
      );
      // The player's own list names each order by the number its checkout answered.
      const player = players[0] as SignedIn;
      const listed = await call<{ rows: MerchOrder[] }>(bases[1] as string, player, '/api/account/orders');
      expect(listed.rows.map((row) => row.orderNumber).sort()).toEqual(
        placed
          .filter((placedOrder) => placedOrder.userID === player.userId)
          .map((placedOrder) => placedOrder.orderNumber)
          .sort(),
      );
    });
  });
});
