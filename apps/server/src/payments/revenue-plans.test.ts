import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches, looksUpByKey, planOfOnly, settleForPlans } from '../testing/query-plans';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { paymentsRevenue } from './revenue';
import { countSettledOrdersPerBucket } from './settled-orders';
import type { PaymentOrderTable } from './tables';

const DAY_MS = 24 * 60 * 60_000;
const NOW = new Date('2026-12-01T12:00:00.000Z');
const ORDERS = 3_000;
const KINDS = ['credit-pack', 'merch', 'spin'] as const;
const PAYMENTS = ['paypal', 'stripe', 'credits'] as const;

/*
 * Revenue over a range of days reads the range's days from payment_revenue_days by its key
 * (migrations/2026-12-28-revenue-days.ts) on both stores, never the orders, and sums what the orders add
 * up to: a plan that reads every day or any order fails. The series of settled orders by the day reads
 * payment_order_days (2026-12-31-settled-order-days.ts) the same way.
 */
describe.each(TEST_DIALECTS)('revenue’s read of payment orders on %s', (dialect) => {
  let t: TestApp;
  const game = () => t.stores.game.development;
  const orders: Insertable<PaymentOrderTable>[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (let index = 0; index < ORDERS; index += 1) {
      const at = new Date(NOW.getTime() - (index % 365) * DAY_MS - index * 1_000).toISOString();
      orders.push({
        order_id: `order-${index}`,
        user_id: `player-${index % 300}`,
        kind: KINDS[index % KINDS.length] ?? 'merch',
        payment: PAYMENTS[index % PAYMENTS.length] ?? 'paypal',
        pack_id: null,
        machine_id: null,
        amount_cents: 100 + (index % 50),
        credits: 0,
        currency: index % 4 === 0 ? 'eur' : 'usd',
        paypal_order_id: null,
        stripe_session_id: null,
        stripe_payment_intent: null,
        status: index % 10 === 0 ? 'created' : 'completed',
        created_at: at,
        settled_at: index % 10 === 0 ? null : at,
      });
    }
    await inBatches(orders, (batch) => game().insertInto('payment_orders').values(batch).execute());
    await settleForPlans(game(), dialect, ['payment_revenue_days', 'payment_order_days']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  // Whole days, as the back office asks (RevenueSource).
  const midnight = (at: number) => `${new Date(at).toISOString().slice(0, 10)}T00:00:00.000Z`;
  const range = { since: midnight(NOW.getTime() - 30 * DAY_MS), until: midnight(NOW.getTime()) };

  it('finds a range’s days through payment_revenue_days’ key', async () => {
    const plan = await planOfOnly(game(), dialect, (db) => paymentsRevenue(db, range));
    expect(plan).not.toMatch(/payment_orders/);
    expect(looksUpByKey(dialect, plan, 'payment_revenue_days'), plan).toBe(true);
  });

  it('sums each day’s orders paid with money by channel and currency', async () => {
    const expected = new Map<string, number>();
    for (const order of orders) {
      const settled = order.settled_at ?? null;
      if (order.status !== 'completed' || settled === null || !['paypal', 'stripe'].includes(order.payment)) continue;
      if (settled < range.since || settled >= range.until) continue;
      const key = `${settled.slice(0, 10)} ${order.payment} ${order.currency.toUpperCase()}`;
      expected.set(key, (expected.get(key) ?? 0) + order.amount_cents);
    }
    const entries = await paymentsRevenue(game(), range);
    const found = new Map(
      entries.map((entry) => [`${entry.day} ${entry.channel} ${entry.currency}`, entry.grossCents] as const),
    );
    expect(expected.size).toBeGreaterThan(20);
    expect(found).toEqual(expected);
    expect(entries.every((entry) => entry.refundCents === 0)).toBe(true);
  });

  const since = midnight(NOW.getTime() - 89 * DAY_MS);

  // A row a day and kind: the planner may read them all (a year's are fewer than a page of orders), never an order.
  it('reads a chart’s days of settled orders from payment_order_days alone', async () => {
    const plan = await planOfOnly(game(), dialect, (db) =>
      countSettledOrdersPerBucket(db, 'credit-pack', since, 'day'),
    );
    expect(plan).not.toMatch(/payment_orders\b/);
    expect(plan).toMatch(/payment_order_days/);
  });

  it('counts each day’s settled orders of a kind, by the day and by the hour', async () => {
    for (const unit of ['day', 'hour'] as const) {
      const width = unit === 'day' ? 10 : 13;
      const from = unit === 'day' ? since : new Date(NOW.getTime() - 23 * 3_600_000).toISOString().slice(0, 13);
      const expected = new Map<string, number>();
      for (const order of orders) {
        const settled = order.settled_at ?? null;
        if (order.kind !== 'credit-pack' || order.status !== 'completed' || settled === null || settled < from)
          continue;
        expected.set(settled.slice(0, width), (expected.get(settled.slice(0, width)) ?? 0) + 1);
      }
      expect(expected.size, unit).toBeGreaterThan(unit === 'day' ? 20 : 0);
      expect(await countSettledOrdersPerBucket(game(), 'credit-pack', from, unit), unit).toEqual(expected);
    }
  });
});
