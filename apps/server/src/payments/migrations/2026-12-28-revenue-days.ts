import { type Kysely, sql } from 'kysely';
import { addDaySums, type DaySums, dropDaySums } from '../../platform/db/day-sums';

/*
 * The web's sales per day, channel and currency, kept as orders settle (payments/revenue.ts): a year's
 * revenue read a year of orders from payment_orders_revenue at every request (p95 88.9 ms at a year, over
 * the back office's 50 ms, decision 0144), and now reads its days. An order counts while it is completed
 * and paid with money, on the day it was settled; the orders are counted so that a day whose orders all
 * left it is no line, as it was none before. payment_orders_revenue served that read alone, so it goes.
 */
export const PAYMENT_REVENUE_DAYS: DaySums = {
  table: 'payment_revenue_days',
  rows: 'payment_orders',
  keys: { payment: (row) => row('payment'), currency: (row) => row('currency') },
  counts: [
    {
      day: 'settled_at',
      where: (row) => sql`${row('status')} = 'completed' and ${row('payment')} in ('paypal', 'stripe')`,
      adds: { orders: () => sql`1`, gross_cents: (row) => row('amount_cents') },
    },
  ],
  columns: ['status', 'settled_at', 'payment', 'currency', 'amount_cents'],
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await addDaySums(db, PAYMENT_REVENUE_DAYS);
  await db.schema.dropIndex('payment_orders_revenue').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('payment_orders_revenue')
    .on('payment_orders')
    .columns(['status', 'settled_at', 'payment', 'currency', 'amount_cents'])
    .execute();
  await dropDaySums(db, PAYMENT_REVENUE_DAYS);
}
