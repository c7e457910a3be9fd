import { randomUUID } from 'node:crypto';
import { ecomProductListQuerySchema, SOLD_MERCH_STATUSES } from '@outpost/contracts/merch';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksUp, plansOf, settleForPlans } from '../testing/query-plans';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { listEcomProducts } from './admin-queries';
import { idPrefixRange, searchMerchOrders } from './search';
import { putTestMerchOrders, putTestProduct } from './testing';

const DAY_MS = 24 * 60 * 60_000;
const NOW = new Date('2026-12-01T12:00:00.000Z');
const ORDERS = 2_000;
const PRODUCTS = 10;
const VARIETIES = ['s', 'm', 'l'] as const;
const STATUSES = ['reserved', 'paid', 'packed', 'shipped', 'cancelled'] as const;

interface Seeded {
  orderID: string;
  productID: string;
  varietyID: string;
  status: string;
  quantity: number;
  orderTime: string;
}

/*
 * The back office's reads of merch orders that walked every order: the header search finds an order by
 * its number and by its id's start through indexes (search.ts), and ecom-products sums the order lines
 * of its page's varieties only, through merch_order_lines_variety (admin-queries.ts). A plan that
 * reads every order fails, and the answers are those the seeded orders make.
 */
describe.each(TEST_DIALECTS)('merch’s back-office reads on %s', (dialect) => {
  let t: TestApp;
  const game = () => t.stores.game.development;
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    for (let product = 0; product < PRODUCTS; product += 1)
      await putTestProduct(game(), {
        productID: `plan-${product}`,
        varieties: VARIETIES.map((variety) => [variety, 100] as const),
      });
    for (let index = 0; index < ORDERS; index += 1)
      seeded.push({
        orderID: randomUUID(),
        productID: `plan-${index % PRODUCTS}`,
        varietyID: VARIETIES[index % VARIETIES.length] ?? 's',
        status: STATUSES[index % STATUSES.length] ?? 'paid',
        quantity: 1 + (index % 3),
        orderTime: new Date(NOW.getTime() - (index % 365) * DAY_MS - index * 1_000).toISOString(),
      });
    await putTestMerchOrders(
      game(),
      seeded.map((order) => ({
        orderID: order.orderID,
        userID: 'player',
        at: order.orderTime,
        status: order.status,
        lines: [{ productID: order.productID, varietyID: order.varietyID, quantity: order.quantity }],
      })),
    );
    await settleForPlans(game(), dialect, ['payment_orders', 'merch_orders', 'merch_order_lines']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const readsEveryOrder = (plan: string) =>
    dialect === 'sqlite'
      ? /SCAN (merch_orders|merch_order_lines|payment_orders)\b/.test(plan)
      : /Seq Scan on (merch_orders|merch_order_lines|payment_orders)\b|using merch_orders_time\b/.test(plan);
  const stores = () => ({ game: game(), identity: t.stores.identity, environment: 'development' as const });

  it('finds an order by its number and by the start of its id, reading neither every order', async () => {
    const wanted = seeded[ORDERS - 7];
    if (!wanted) throw new Error('no order seeded');
    const { order_number } = await game()
      .selectFrom('payment_orders')
      .select('order_number')
      .where('order_id', '=', wanted.orderID)
      .executeTakeFirstOrThrow();
    for (const query of [`#${order_number}`, wanted.orderID.slice(0, 8).toUpperCase()]) {
      const planned = await plansOf(game(), dialect, (db) => searchMerchOrders({ ...stores(), game: db }, query, 5));
      for (const { plan } of planned) expect(readsEveryOrder(plan), plan).toBe(false);
      const hits = await searchMerchOrders(stores(), query, 5);
      expect(hits.map((hit) => hit.id)).toContain(wanted.orderID);
    }
    // A prefix of digits is also an order's number, which the search finds as well: this one holds a letter.
    const prefix = seeded.map((order) => order.orderID.slice(0, 2)).find((start) => /[a-f]/.test(start)) ?? '';
    const expected = seeded
      .filter((order) => order.orderID.startsWith(prefix))
      .sort((a, b) => b.orderTime.localeCompare(a.orderTime))
      .slice(0, 5)
      .map((order) => order.orderID);
    expect((await searchMerchOrders(stores(), prefix.toUpperCase(), 5)).map((hit) => hit.id)).toEqual(expected);
  });

  it('sums the units of the page’s varieties only, through merch_order_lines_variety', async () => {
    const query = ecomProductListQuerySchema.parse({ page: '2', pageSize: '4', sort: 'name', order: 'asc' });
    const planned = await plansOf(game(), dialect, (db) => listEcomProducts(db, query));
    const sums = planned.find((made) => made.sql.includes('merch_order_lines'));
    expect(looksUp(dialect, sums?.plan ?? '', 'merch_order_lines', 'merch_order_lines_variety'), sums?.plan).toBe(true);
    for (const { plan } of planned)
      expect(
        dialect === 'sqlite' ? /SCAN merch_order/.test(plan) : /Seq Scan on merch_order_lines/.test(plan),
        plan,
      ).toBe(false);

    const listed = await listEcomProducts(game(), query);
    expect(listed.total).toBe(PRODUCTS * VARIETIES.length);
    expect(listed.rows).toHaveLength(4);
    for (const row of listed.rows) {
      const lines = seeded.filter((order) => order.productID === row.productID && order.varietyID === row.varietyID);
      const units = (statuses: readonly string[]) =>
        lines.filter((order) => statuses.includes(order.status)).reduce((sum, order) => sum + order.quantity, 0);
      expect(row.reserved).toBe(units(['reserved']));
      expect(row.sold).toBe(units(SOLD_MERCH_STATUSES));
    }
  });

  it('bounds an id’s start so that every id starting with it lies inside, in code point order and the common collations', async () => {
    // Every start of these ids, up to past the first hyphen: each hex digit and the hyphen end one.
    const ids = seeded.slice(0, 40).map((order) => order.orderID);
    const starts = ids.flatMap((id) =>
      Array.from({ length: 13 }, (_, length) => ({ id, ...idPrefixRange(id.slice(0, length + 1).toUpperCase()) })),
    );
    for (const last of [...'0123456789abcdef-'])
      expect(
        starts.some(({ from }) => from.endsWith(last)),
        last,
      ).toBe(true);
    // A database may be created with a linguistic collation: there ':', the successor of '9', sorts before the digits.
    const collations =
      dialect === 'sqlite'
        ? [null]
        : [
            null,
            'C',
            ...(
              await sql<{ collname: string }>`
                select collname from pg_collation where collname in ('en-US-x-icu', 'und-x-icu', 'de-DE-x-icu')
              `.execute(game())
            ).rows.map((row) => row.collname),
          ];
    for (const collation of collations) {
      const collate = collation === null ? sql`` : sql` collate ${sql.id(collation)}`;
      const rows = starts.map(({ id, from, to }) => sql`(${id}, ${from}, ${to})`);
      const { rows: outside } = await sql<{ id: string }>`
        with v (id, lower_bound, upper_bound) as (values ${sql.join(rows)})
        select v.id from v where not (v.id${collate} >= v.lower_bound and v.id${collate} < v.upper_bound)
      `.execute(game());
      expect(outside, collation ?? 'the database’s own').toEqual([]);
    }
  });
});
