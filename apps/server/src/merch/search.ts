import { adminMerchOrderPath } from '@outpost/contracts/admin-routes';
import type { SearchSource } from '../domain';
import { startsWithText } from '../platform/db/text-search';

/** The back office's search among merch orders: those whose number starts with the query. */
export const searchMerchOrders: SearchSource = async ({ game }, query, limit) => {
  const rows = await game
    .selectFrom('merch_orders')
    .select(['order_id', 'status', 'order_time'])
    .where(startsWithText('order_id', query))
    .orderBy('order_time', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    kind: 'order' as const,
    id: row.order_id,
    title: `Order ${row.order_id}`,
    detail: `${row.status[0]?.toUpperCase()}${row.status.slice(1)}, placed ${row.order_time.slice(0, 10)}`,
    path: adminMerchOrderPath(row.order_id),
  }));
};
