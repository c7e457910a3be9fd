import { adminMerchOrderPath } from '@outpost/contracts/admin-routes';
import { parseShortNumber, shortNumber } from '@outpost/contracts/short-numbers';
import type { SearchSource } from '../domain';
import { startsWithText } from '../platform/db/text-search';

/**
 * The back office's search among merch orders: the one whose number the query is ("1047", "#1047"),
 * or those whose id starts with it (an id pasted from a payment provider's page or a log).
 */
export const searchMerchOrders: SearchSource = async ({ game }, query, limit) => {
  const orderNumber = parseShortNumber(query);
  const rows = await game
    .selectFrom('merch_orders')
    .innerJoin('payment_orders', 'payment_orders.order_id', 'merch_orders.order_id')
    .select(['merch_orders.order_id', 'payment_orders.order_number', 'merch_orders.status', 'merch_orders.order_time'])
    .where((eb) =>
      orderNumber === undefined
        ? startsWithText('merch_orders.order_id', query)
        : eb.or([eb('payment_orders.order_number', '=', orderNumber), startsWithText('merch_orders.order_id', query)]),
    )
    .orderBy('merch_orders.order_time', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    kind: 'order' as const,
    id: row.order_id,
    title: `Order ${shortNumber(row.order_number)}`,
    detail: `${row.status[0]?.toUpperCase()}${row.status.slice(1)}, placed ${row.order_time.slice(0, 10)}`,
    path: adminMerchOrderPath(row.order_id),
  }));
};
