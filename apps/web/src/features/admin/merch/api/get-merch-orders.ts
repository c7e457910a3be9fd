import type { Environment } from '@outpost/contracts/environments';
import { adminMerchOrderPageSchema, RECENT_MERCH_ORDERS } from '@outpost/contracts/merch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { merchAdminQueryKey } from './query-keys';

/** GET /api/admin/:env/merch/orders: one page of the environment's merch orders, newest first by default. */
export function getMerchOrders(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `/api/admin/${environment}/merch/orders?${adminListSearchParams(query)}`,
    adminMerchOrderPageSchema,
  );
}

/** The dashboard's recent merch orders, the 20 newest by orderTime (docs/product.md §9.2). */
const RECENT_QUERY: AdminListQuery = {
  page: 1,
  pageSize: RECENT_MERCH_ORDERS,
  sort: 'orderTime',
  order: 'desc',
  filters: {},
};

export const recentMerchOrdersQueryOptions = (environment: Environment) =>
  queryOptions({
    queryKey: [...merchAdminQueryKey(environment, 'orders'), 'recent'],
    queryFn: () => getMerchOrders(environment, RECENT_QUERY),
    // Players order while the dashboard is away: asked again on each visit and on coming back to the tab.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useRecentMerchOrders(environment: Environment) {
  return useQuery(recentMerchOrdersQueryOptions(environment));
}
