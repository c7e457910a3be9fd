import type { Kysely } from 'kysely';
import { addRowNumber, dropRowNumber, type RowNumber } from '../../platform/db/row-numbers';

/*
 * Every order (credit pack, spin, merch) gets a short number for players and staff to name it by
 * (#1047) instead of its id: one series per store, the orders already there numbered in the order
 * they were created.
 */
const ORDER_NUMBER: RowNumber = {
  table: 'payment_orders',
  column: 'order_number',
  key: 'order_id',
  writtenAt: 'created_at',
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await addRowNumber(db, ORDER_NUMBER);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await dropRowNumber(db, ORDER_NUMBER);
}
