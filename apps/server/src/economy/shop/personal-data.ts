import { anonymiseColumns, type PersonalDataPart } from '../../platform/personal-data';
import type { GameDatabase } from '../../stores';

/**
 * The shop's payments (credit packs, spins, merch payments) and what PayPal said about them are
 * sales records: they stay under the anonymous id; the download has them.
 */
export const shopPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const [orders, spins, paypal] = await Promise.all([
      db.selectFrom('shop_orders').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
      db
        .selectFrom('spins')
        .leftJoin('items_master', 'items_master.item_id', 'spins.item_id')
        .select(['spins.spin_id', 'spins.machine_id', 'spins.item_id', 'items_master.name', 'spins.created_at'])
        .where('spins.user_id', '=', userId)
        .orderBy('spins.created_at')
        .execute(),
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
      spins: spins.map((spin) => ({
        spinID: spin.spin_id,
        machineID: spin.machine_id,
        itemID: spin.item_id,
        itemName: spin.name ?? spin.item_id,
        spunAt: spin.created_at,
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
    anonymiseColumns(trx, { shop_orders: ['user_id'], paypal_transactions: ['user_id'], spins: ['user_id'] }, subject),
};
