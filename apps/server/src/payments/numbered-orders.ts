import type { NumberedRecords } from '../domain';

/** The order whose number (#1047) this is: every order, credit pack, spin or merch, has its number here. */
export const ordersNumbered: NumberedRecords = async (db, shortNumber) => {
  const rows = await db
    .selectFrom('payment_orders')
    .select('order_id')
    .where('order_number', '=', shortNumber)
    .execute();
  return rows.map((row) => row.order_id);
};
