import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../platform/db/sqlite-driver';
import { sqliteStatistics } from '../platform/db/statistics';
import { sqliteStoreFile } from '../platform/db/stores';
import { planOf, plansOf } from '../testing/query-plans';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { countRecentMerchSales } from './admin-queries';

const DAY_MS = 24 * 60 * 60_000;
const NOW = new Date('2026-12-01T12:00:00.000Z');
const ORDERS = 5_000;
const RUN = { attempt: 1, extendLease: async () => true };

/*
 * A store whose sold merch orders span a year: the week's sales are a few of them, but without
 * statistics SQLite reads every sold order through merch_orders_reservations (status). The
 * statistics job makes both connections of the store (the writer and the read-only reader of
 * decision 0007) plan the week on merch_orders_paid.
 */
describe('SQLite statistics', () => {
  let t: TestStores;
  const game = () => t.stores.game.development;
  const recentSales = async (db = game()) => {
    const [planned] = await plansOf(db, 'sqlite', (recorded) => countRecentMerchSales(recorded, NOW));
    if (!planned) throw new Error('countRecentMerchSales made no query');
    return planned;
  };

  beforeAll(async () => {
    t = await openTestStores('sqlite');
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ORDERS})
              insert into merch_orders (order_id, user_id, order_time, status, payment, total_cents, total_credits,
                                        reserved_until, paid_at, packed_at, shipped_at, tracking_reference,
                                        refunded_cents, shipping, checkout_url, version, updated_at)
              select 'order-' || i, 'player-' || (i % 300), t.at, 'shipped', 'stripe', 2500, null, null, t.at, t.at,
                     t.at, null, 0, '{}', null, 1, t.at
              from (select i, strftime('%Y-%m-%dT%H:%M:%fZ', ${NOW.toISOString()}, '-' || (i * 6000) || ' seconds') as at
                    from n) as t`.execute(game());
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('plans the week’s sales on merch_orders_paid on the writer and the reader once the job ran', async () => {
    expect((await recentSales()).plan).toMatch(/USING INDEX merch_orders_reservations/);
    // What the dashboard reads; sold orders of the last week, every 100 minutes.
    expect(await countRecentMerchSales(game(), NOW)).toBe(Math.floor((7 * DAY_MS) / 6_000_000));

    const [job] = sqliteStatistics(t.stores);
    await job?.run(null, RUN);

    const { query, plan } = await recentSales();
    expect(plan).toMatch(/^SEARCH merch_orders USING INDEX merch_orders_paid \(paid_at>\? AND paid_at<\?\)$/m);
    // While a transaction holds the writer, a read outside it answers from the reader (decision 0007).
    const onReader = await game()
      .transaction()
      .execute(() => planOf(game(), 'sqlite', query));
    expect(onReader).toMatch(/^SEARCH merch_orders USING INDEX merch_orders_paid /m);
  });

  it('gathers them as a store opens, for the connections opened after', async () => {
    await sql`drop table sqlite_stat1`.execute(game());
    const reopened = await t.reopen();
    try {
      const reader = new Database(sqliteStoreFile(t.dataDir, 'development'), { readonly: true, fileMustExist: true });
      try {
        const stats = reader.prepare('select count(*) as n from sqlite_stat1 where tbl = ?').get('merch_orders');
        expect(stats).toEqual({ n: expect.any(Number) });
        expect((stats as { n: number }).n).toBeGreaterThan(0);
      } finally {
        reader.close();
      }
      expect((await recentSales(reopened.game.development)).plan).toMatch(/USING INDEX merch_orders_paid /);
    } finally {
      await reopened.close();
    }
  });
});

describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))('statistics on %s', (dialect) => {
  it('are autovacuum’s: no job', async () => {
    const t = await openTestStores(dialect);
    try {
      expect(sqliteStatistics(t.stores)).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });
});
