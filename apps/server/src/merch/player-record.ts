import { adminMerchOrderPath } from '@outpost/contracts/admin-routes';
import { MERCH_ORDER_STATUS_LABELS, type MerchOrderStatus } from '@outpost/contracts/merch';
import { shortNumber } from '@outpost/contracts/short-numbers';
import type { PlayerRecordPart } from '../domain';
import { creditsCell, instantCell, linkCell, moneyCell, newestSection, textCell } from '../platform/player-record';

/** Merch's part of the player page: their orders, each linking to its page, where staff refund it. */
export const merchPlayerRecord: PlayerRecordPart = async ({ game }, userId) => {
  const orders = game.selectFrom('merch_orders').where('merch_orders.user_id', '=', userId);
  return [
    await newestSection(
      {
        key: 'orders',
        title: 'Merch orders',
        columns: [
          { key: 'order', label: 'Order', primary: true },
          { key: 'status', label: 'Status' },
          { key: 'total', label: 'Total' },
          { key: 'refunded', label: 'Refunded' },
          { key: 'when', label: 'Placed' },
        ],
        empty: 'No merch orders.',
      },
      orders,
      orders
        // An order's number for people is its payment record's (docs/decisions/0133-short-numbers-for-people.md).
        .leftJoin('payment_orders', 'payment_orders.order_id', 'merch_orders.order_id')
        .select([
          'merch_orders.order_id',
          'payment_orders.order_number',
          'merch_orders.order_time',
          'merch_orders.status',
          'merch_orders.total_cents',
          'merch_orders.total_credits',
          'merch_orders.refunded_cents',
        ])
        .orderBy('merch_orders.order_time', 'desc')
        .orderBy('merch_orders.order_id', 'desc'),
      (row) => ({
        id: row.order_id,
        cells: {
          order: linkCell(
            row.order_number === null ? 'Order' : `Order ${shortNumber(row.order_number)}`,
            adminMerchOrderPath(row.order_id),
          ),
          status: textCell(MERCH_ORDER_STATUS_LABELS[row.status as MerchOrderStatus] ?? row.status),
          total: row.total_credits === null ? moneyCell(row.total_cents, 'USD') : creditsCell(row.total_credits),
          refunded: row.refunded_cents > 0 ? moneyCell(row.refunded_cents, 'USD') : null,
          when: instantCell(row.order_time),
        },
      }),
    ),
  ];
};
