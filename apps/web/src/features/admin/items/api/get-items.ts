import type { Environment } from '@outpost/contracts/environments';
import { itemListPageSchema } from '@outpost/contracts/items';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** Everything the item and purchasable screens cache for one environment; a change invalidates it. */
export const itemsQueryKey = (environment: Environment) => ['admin', environment, 'items'] as const;

/** GET /api/admin/:env/items: one page of items-master (the admin list protocol). */
export function getItems(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/items?${adminListSearchParams(query)}`, itemListPageSchema);
}
