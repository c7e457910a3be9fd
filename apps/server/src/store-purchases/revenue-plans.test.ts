import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches, looksUpByKey, planOfOnly, settleForPlans } from '../testing/query-plans';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { storePurchasesRevenue } from './revenue';

const DAY_MS = 24 * 60 * 60_000;
const NOW = Date.parse('2026-12-01T00:00:00.000Z');
const PURCHASES = 3_000;

/*
 * The stores' revenue over a range of days reads the range's days from store_revenue_days by its key
 * (migrations/2026-12-28-store-revenue-days.ts) on both stores, never the purchases: a plan that reads
 * every day or any purchase fails.
 */
describe.each(TEST_DIALECTS)('the stores’ revenue read on %s', (dialect) => {
  let t: TestStores;
  const game = () => t.stores.game.development;

  beforeAll(async () => {
    t = await openTestStores(dialect);
    const purchases = Array.from({ length: PURCHASES }, (_, index) => {
      const at = new Date(NOW - (index % 365) * DAY_MS - index * 1_000).toISOString();
      return {
        store: index % 2 === 0 ? 'app-store' : 'google-play',
        transaction_id: `tx-${index}`,
        user_id: `player-${index % 300}`,
        product_id: 'pack-500',
        kind: 'credit-pack',
        credits: 500,
        subscription_id: null,
        amount_cents: 499,
        currency: index % 4 === 0 ? 'EUR' : 'USD',
        environment: 'production',
        purchased_at: at,
        granted_at: at,
        reversal: index % 20 === 0 ? 'refund' : null,
        reversed_at: index % 20 === 0 ? new Date(Date.parse(at) + DAY_MS).toISOString() : null,
        credits_taken_back: index % 20 === 0 ? 500 : null,
      };
    });
    await inBatches(purchases, (batch) => game().insertInto('store_purchases').values(batch).execute());
    await settleForPlans(game(), dialect, ['store_revenue_days']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('finds a range’s days through store_revenue_days’ key', async () => {
    const range = { since: new Date(NOW - 30 * DAY_MS).toISOString(), until: new Date(NOW).toISOString() };
    const plan = await planOfOnly(game(), dialect, (db) => storePurchasesRevenue(db, range));
    expect(plan).not.toMatch(/store_purchases/);
    expect(looksUpByKey(dialect, plan, 'store_revenue_days'), plan).toBe(true);
    expect((await storePurchasesRevenue(game(), range)).length).toBeGreaterThan(60);
  });
});
