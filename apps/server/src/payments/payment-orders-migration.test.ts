import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameDatabase } from '../database';
import type { Dialect } from '../platform/db/stores';
import { STORE_MIGRATIONS } from '../stores';
import { TEST_DIALECTS } from '../testing/test-stores';
import { openUnmigratedStore, type UnmigratedStore } from '../testing/unmigrated-store';
import { findPaymentOrder } from './payment-orders';
import type { PaymentOrderTable } from './tables';

const RENAME = '2026-12-17-payment-orders';
/** The next change of the table, which this file's tests stop before. */
const ORDER_NUMBERS = '2026-12-21-order-numbers';

/** A row as the store held it before orders had numbers. */
type UnnumberedOrder = Omit<PaymentOrderTable, 'order_number'>;

const order = (id: string, fields: Partial<UnnumberedOrder>): UnnumberedOrder => ({
  order_id: id,
  user_id: 'player-1',
  kind: 'credit-pack',
  payment: 'paypal',
  pack_id: null,
  machine_id: null,
  amount_cents: 0,
  credits: 0,
  currency: 'USD',
  paypal_order_id: null,
  stripe_session_id: null,
  stripe_payment_intent: null,
  status: 'created',
  created_at: '2026-12-01T10:00:00.000Z',
  settled_at: null,
  ...fields,
});

/** What a store held before the rename: an order of each kind, paid each way. */
const ORDERS: readonly UnnumberedOrder[] = [
  order('order-a', {
    pack_id: 'pack-1',
    amount_cents: 1999,
    credits: 2000,
    paypal_order_id: 'PAYPAL-A',
    status: 'completed',
    settled_at: '2026-12-01T10:01:00.000Z',
  }),
  order('order-b', { kind: 'spin', payment: 'credits', machine_id: 'machine-1', credits: 50, user_id: 'player-2' }),
  order('order-c', {
    kind: 'merch',
    payment: 'stripe',
    amount_cents: 4500,
    stripe_session_id: 'cs_test_c',
    stripe_payment_intent: 'pi_c',
    status: 'pending',
  }),
];

/** The names of a table's indexes (its key's and unique columns' among them), sorted. */
async function indexNames(db: Kysely<GameDatabase>, dialect: Dialect, table: string): Promise<string[]> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = ${table}`.execute(db)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db);
  return rows.map((row) => row.name).sort();
}

/** The indexes a table of payment orders has under `table`'s name, as each dialect names them. */
const expectedIndexes = (dialect: Dialect, table: string) =>
  (dialect === 'postgres'
    ? [`${table}_paypal_order_id_key`, `${table}_pkey`, `${table}_stripe_session`, `${table}_user`]
    : [`${table}_stripe_session`, `${table}_user`, `sqlite_autoindex_${table}_1`, `sqlite_autoindex_${table}_2`]
  ).sort();

describe.each(TEST_DIALECTS)('payment_orders, once shop_orders, on %s', (dialect) => {
  let store: UnmigratedStore | undefined;
  afterEach(async () => {
    await store?.cleanup();
    store = undefined;
  });

  /** A store migrated to just before the rename, holding ORDERS in shop_orders. */
  async function storeBeforeTheRename(): Promise<UnmigratedStore> {
    store = await openUnmigratedStore(dialect, STORE_MIGRATIONS.game);
    await store.migrateToJustBefore(RENAME);
    await store.db.withTables<{ shop_orders: UnnumberedOrder }>().insertInto('shop_orders').values(ORDERS).execute();
    return store;
  }

  it('keeps every row, key and index of a store written before the rename', async () => {
    const { db } = await storeBeforeTheRename();
    expect(await indexNames(db, dialect, 'shop_orders')).toEqual(expectedIndexes(dialect, 'shop_orders'));

    await store?.migrateToJustBefore(ORDER_NUMBERS);
    expect(await db.selectFrom('payment_orders').selectAll().orderBy('order_id').execute()).toEqual(ORDERS);
    expect(await indexNames(db, dialect, 'payment_orders')).toEqual(expectedIndexes(dialect, 'payment_orders'));
    expect(await indexNames(db, dialect, 'shop_orders')).toEqual([]);
    await expect(
      db.withTables<{ shop_orders: UnnumberedOrder }>().selectFrom('shop_orders').selectAll().execute(),
    ).rejects.toThrow();
    // Payments' own reads find the orders by either id.
    expect(await findPaymentOrder(db, { paypalOrderID: 'PAYPAL-A' })).toMatchObject({ order_id: 'order-a' });
    expect(await findPaymentOrder(db, { orderID: 'order-c' })).toEqual(ORDERS[2]);
    // The key and the unique columns still refuse a second order of the same id, PayPal order or Stripe session.
    for (const twin of [
      order('order-a', {}),
      order('order-d', { paypal_order_id: 'PAYPAL-A' }),
      order('order-e', { stripe_session_id: 'cs_test_c' }),
    ]) {
      await expect(db.insertInto('payment_orders').values(twin).execute()).rejects.toThrow();
    }
    await db
      .insertInto('payment_orders')
      .values(order('order-f', { paypal_order_id: 'PAYPAL-F' }))
      .execute();
    expect(await db.selectFrom('payment_orders').select('order_id').orderBy('order_id').execute()).toHaveLength(4);
  });

  it('takes the rename back, rows and indexes with it', async () => {
    const { db } = await storeBeforeTheRename();
    await store?.migrateToJustBefore(ORDER_NUMBERS);
    await store?.migrateToJustBefore(RENAME);
    const before = db.withTables<{ shop_orders: UnnumberedOrder }>();
    expect(await before.selectFrom('shop_orders').selectAll().orderBy('order_id').execute()).toEqual(ORDERS);
    expect(await indexNames(db, dialect, 'shop_orders')).toEqual(expectedIndexes(dialect, 'shop_orders'));
  });
});
