import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';

/**
 * A player's payments (credit packs, spins, merch) and what PayPal said about them are sales
 * records: they stay under the anonymous id; the download has them.
 */
export const paymentsPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const [orders, paypal] = await Promise.all([
      db.selectFrom('payment_orders').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
      db.selectFrom('paypal_transactions').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    ]);
    return {
      payments: orders.map((order) => ({
        orderID: order.order_id,
        kind: order.kind,
        payment: order.payment,
        packID: order.pack_id,
        machineID: order.machine_id,
        amountCents: order.amount_cents,
        currency: order.currency,
        credits: order.credits,
        status: order.status,
        createdAt: order.created_at,
        settledAt: order.settled_at,
      })),
      paypalTransactions: paypal.map((row) => ({
        paypalOrderID: row.order_id,
        result: row.result,
        shipping: row.shipping === null ? null : JSON.parse(row.shipping),
        at: row.created_at,
      })),
    };
  },
  erase: (trx, subject) =>
    anonymiseColumns(trx, { payment_orders: ['user_id'], paypal_transactions: ['user_id'] }, subject),
};
