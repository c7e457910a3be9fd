import type { Environment } from '@outpost/contracts/environments';
import { purchasableListPageSchema } from '@outpost/contracts/items';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { itemsQueryKey } from './get-items';

/** Purchasables name their item, so they are cached under the items' key: renaming an item refreshes them. */
export const purchasablesQueryKey = (environment: Environment) =>
  [...itemsQueryKey(environment), 'purchasables'] as const;

/** GET /api/admin/:env/purchasables: one page (the admin list protocol), with `capped`. */
export function getPurchasables(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `/api/admin/${environment}/purchasables?${adminListSearchParams(query)}`,
    purchasableListPageSchema,
  );
}

/**
 * How the game's refresh fares: one row of the unfiltered list, for its total and `capped`
 * (docs/product.md §9.1: the refresh reads at most 5000).
 */
export const refreshStatusQueryOptions = (environment: Environment) =>
  queryOptions({
    queryKey: [...purchasablesQueryKey(environment), 'refresh-status'],
    queryFn: async () => {
      const page = await getPurchasables(environment, {
        page: 1,
        pageSize: 1,
        sort: 'updatedAt',
        order: 'desc',
        filters: {},
      });
      return { total: page.total, capped: page.capped };
    },
  });

export function useRefreshStatus(environment: Environment) {
  return useQuery(refreshStatusQueryOptions(environment));
}
