import { type Kysely, sql } from 'kysely';
import { addDaySums, type DaySums, dropDaySums } from '../../platform/db/day-sums';

/*
 * The orders settled per day and kind, kept as orders settle: the live stats' series of credit purchases read
 * every credit-pack order of its range at each request (the bench's 30,000 of 90 days: 60 ms on PostgreSQL,
 * over the back office's 50 ms, docs/decisions/0153-settled-orders-per-day.md) and now reads its days. An
 * order counts while it is completed, on the day it was settled, whatever paid for it.
 */
export const SETTLED_ORDER_DAYS: DaySums = {
  table: 'payment_order_days',
  rows: 'payment_orders',
  keys: { kind: (row) => row('kind') },
  counts: [{ day: 'settled_at', where: (row) => sql`${row('status')} = 'completed'`, adds: { orders: () => sql`1` } }],
  columns: ['status', 'settled_at', 'kind'],
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await addDaySums(db, SETTLED_ORDER_DAYS);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await dropDaySums(db, SETTLED_ORDER_DAYS);
}
