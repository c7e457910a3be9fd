import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import * as revenueDays from './migrations/2026-12-28-revenue-days';
import * as settledOrderDays from './migrations/2026-12-31-settled-order-days';
import { claimFulfilment } from './payment-orders';
import { paymentsRevenue } from './revenue';
import { countSettledOrdersPerBucket } from './settled-orders';

const DAY_MS = 24 * 60 * 60_000;
const T0 = Date.parse('2026-11-01T00:00:00.000Z');
const PAYMENTS = ['paypal', 'stripe', 'credits'] as const;
const KINDS = ['credit-pack', 'merch'] as const;

/*
 * Revenue and the series of settled orders read the day sums the store keeps of payment_orders
 * (migrations/2026-12-28-revenue-days.ts, 2026-12-31-settled-order-days.ts). Whatever writes the orders
 * (settlements, repeats of one, outcomes that are not payments, an operator's hand moving, repricing,
 * re-kinding or deleting a settled order, settlements side by side), every range must read what the orders
 * themselves add up to, as revenue and the series read them before the sums.
 */
describe.each(TEST_DIALECTS)('the day sums of payment orders on %s', (dialect) => {
  let t: TestStores;
  const game = () => t.stores.game.development;
  let next = 0;

  /** An order placed and not yet paid, as checkout writes it (payments/payment-orders.ts, merch/placing.ts). */
  const place = async (payment: string, amountCents: number, currency = 'USD') => {
    next += 1;
    const orderID = `${dialect}-order-${next}`;
    await game()
      .insertInto('payment_orders')
      .values({
        order_id: orderID,
        user_id: `player-${next % 7}`,
        kind: KINDS[next % KINDS.length] ?? 'merch',
        payment,
        pack_id: null,
        machine_id: null,
        amount_cents: amountCents,
        credits: 0,
        currency,
        paypal_order_id: null,
        stripe_session_id: null,
        stripe_payment_intent: null,
        status: 'created',
        created_at: new Date(T0).toISOString(),
        settled_at: null,
      })
      .execute();
    return orderID;
  };
  /** The fulfilment's claim, in a transaction of its own as each settlement runs. */
  const settle = (orderID: string, at: number) =>
    game()
      .transaction()
      .execute((trx) => claimFulfilment(trx, orderID, new Date(at)));

  /** What the orders add up to per day, channel and currency in a range, as revenue read them before the sums. */
  const fromOrders = async (since: string, until: string) => {
    const orders = await game().selectFrom('payment_orders').selectAll().execute();
    const sums = new Map<string, number>();
    for (const order of orders) {
      const settled = order.settled_at;
      if (order.status !== 'completed' || settled === null || !['paypal', 'stripe'].includes(order.payment)) continue;
      if (settled < since || settled >= until) continue;
      const key = `${settled.slice(0, 10)} ${order.payment} ${order.currency.toUpperCase()}`;
      sums.set(key, (sums.get(key) ?? 0) + order.amount_cents);
    }
    return sums;
  };
  const read = async (since: string, until: string) => {
    const sums = new Map<string, number>();
    for (const entry of await paymentsRevenue(game(), { since, until })) {
      expect(entry.refundCents).toBe(0);
      const key = `${entry.day} ${entry.channel} ${entry.currency}`;
      sums.set(key, (sums.get(key) ?? 0) + entry.grossCents);
    }
    return sums;
  };
  /** The completed orders of a kind per day settled from `since` on, as the series counted them before the sums. */
  const settledFromOrders = async (kind: string, since: string) => {
    const orders = await game().selectFrom('payment_orders').selectAll().where('kind', '=', kind).execute();
    const counts = new Map<string, number>();
    for (const { status, settled_at: settled } of orders) {
      if (status !== 'completed' || settled === null || settled < since) continue;
      counts.set(settled.slice(0, 10), (counts.get(settled.slice(0, 10)) ?? 0) + 1);
    }
    return counts;
  };
  /** Every range: the whole span, a month, a week, one day, a day with nothing. */
  const expectSameAsOrders = async () => {
    const day = (offset: number) => new Date(T0 + offset * DAY_MS).toISOString();
    for (const [since, until] of [
      [day(-30), day(400)],
      [day(0), day(30)],
      [day(10), day(17)],
      [day(3), day(4)],
      [day(-10), day(-9)],
    ] as const) {
      expect(await read(since, until), `${since} – ${until}`).toEqual(await fromOrders(since, until));
      for (const kind of KINDS) {
        expect(await countSettledOrdersPerBucket(game(), kind, since, 'day'), `${kind} from ${since}`).toEqual(
          await settledFromOrders(kind, since),
        );
      }
    }
  };

  beforeAll(async () => {
    t = await openTestStores(dialect);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('reads what the orders add up to through settlements, repeats, failed payments and an operator’s hand', async () => {
    const orders: string[] = [];
    for (let index = 0; index < 120; index += 1) {
      const payment = PAYMENTS[index % PAYMENTS.length] ?? 'paypal';
      orders.push(
        await place(payment, payment === 'credits' ? 0 : 199 + (index % 13) * 100, index % 5 === 0 ? 'eur' : 'USD'),
      );
    }
    // Most settle, some on the same day and some late in a day; a few twice (the second claim moves nothing).
    for (const [index, orderID] of orders.entries()) {
      if (index % 6 === 5) continue;
      const at = T0 + ((index * 7919) % 40) * DAY_MS + ((index * 104_729) % DAY_MS);
      expect(await settle(orderID, at)).toBe(true);
      if (index % 9 === 0) expect(await settle(orderID, at + DAY_MS)).toBe(false);
    }
    // Outcomes that are not payments, as PayPal's capture and Stripe's mismatch record them: never a completed order.
    for (const orderID of orders.slice(0, 30)) {
      await game()
        .updateTable('payment_orders')
        .set({ status: 'declined' })
        .where('order_id', '=', orderID)
        .where('status', '!=', 'completed')
        .execute();
    }
    expect((await read(new Date(T0).toISOString(), new Date(T0 + 40 * DAY_MS).toISOString())).size).toBeGreaterThan(30);
    await expectSameAsOrders();

    // By hand: a settled order taken back to pending, one repriced, one settled on another day, one deleted,
    // one paid another way, one of another kind; a player's orders anonymised.
    const [away, repriced, moved, deleted, switched, rekinded] = orders.filter((_, index) => index % 6 !== 5);
    await game()
      .updateTable('payment_orders')
      .set({ status: 'pending' })
      .where('order_id', '=', away ?? '')
      .execute();
    await game()
      .updateTable('payment_orders')
      .set({ amount_cents: 12_345 })
      .where('order_id', '=', repriced ?? '')
      .execute();
    await game()
      .updateTable('payment_orders')
      .set({ settled_at: new Date(T0 + 33 * DAY_MS).toISOString() })
      .where('order_id', '=', moved ?? '')
      .execute();
    await game()
      .deleteFrom('payment_orders')
      .where('order_id', '=', deleted ?? '')
      .execute();
    await game()
      .updateTable('payment_orders')
      .set({ payment: 'credits' })
      .where('order_id', '=', switched ?? '')
      .execute();
    await game()
      .updateTable('payment_orders')
      .set((eb) => ({ kind: eb.case().when('kind', '=', 'merch').then('credit-pack').else('merch').end() }))
      .where('order_id', '=', rekinded ?? '')
      .execute();
    await game()
      .updateTable('payment_orders')
      .set({ user_id: 'anonymous-1' })
      .where('user_id', '=', 'player-3')
      .execute();
    // The pending order settles again, later.
    expect(await settle(away ?? '', T0 + 35 * DAY_MS)).toBe(true);
    await expectSameAsOrders();
    // A day's only order taken back: the day has no orders, not a day of none.
    const lone = await place('paypal', 900);
    expect(await settle(lone, T0 + 300 * DAY_MS)).toBe(true);
    await expectSameAsOrders();
    await game().updateTable('payment_orders').set({ status: 'pending' }).where('order_id', '=', lone).execute();
    await expectSameAsOrders();
  });

  it('counts settlements side by side exactly once each', async () => {
    const at = T0 + 50 * DAY_MS + 3_600_000;
    const orders = await Promise.all(
      Array.from({ length: 40 }, (_, index) => place(index % 2 ? 'paypal' : 'stripe', 500 + index)),
    );
    // Each order claimed twice at once (a webhook and the player's return), every order at once.
    const claims = await Promise.all([...orders, ...orders].map((orderID) => settle(orderID, at)));
    expect(claims.filter(Boolean)).toHaveLength(orders.length);
    const day = new Date(at).toISOString().slice(0, 10);
    const sums = await game()
      .selectFrom('payment_revenue_days')
      .select(['payment', 'orders', 'gross_cents'])
      .where('day', '=', day)
      .orderBy('payment')
      .execute();
    const half = (odd: number) => orders.reduce((sum, _, index) => sum + (index % 2 === odd ? 500 + index : 0), 0);
    expect(sums.map((row) => [row.payment, Number(row.orders), Number(row.gross_cents)])).toEqual([
      ['paypal', 20, half(1)],
      ['stripe', 20, half(0)],
    ]);
    const settled = await game()
      .selectFrom('payment_order_days')
      .select(['kind', 'orders'])
      .where('day', '=', day)
      .orderBy('kind')
      .execute();
    const placed = await game().selectFrom('payment_orders').select('kind').where('order_id', 'in', orders).execute();
    expect(settled.map((row) => [row.kind, Number(row.orders)])).toEqual(
      KINDS.map((kind) => [kind, placed.filter((order) => order.kind === kind).length]),
    );
    await expectSameAsOrders();
  });

  it('fills the sums from the orders already there when the migrations run', async () => {
    for (const migration of [settledOrderDays, revenueDays]) await migration.down(game());
    for (const migration of [revenueDays, settledOrderDays]) await migration.up(game());
    expect((await game().selectFrom('payment_revenue_days').selectAll().execute()).length).toBeGreaterThan(30);
    expect((await game().selectFrom('payment_order_days').selectAll().execute()).length).toBeGreaterThan(30);
    await expectSameAsOrders();
    // And keeps them from then on.
    expect(await settle(await place('stripe', 777), T0 + 5 * DAY_MS)).toBe(true);
    await expectSameAsOrders();
  });
});
