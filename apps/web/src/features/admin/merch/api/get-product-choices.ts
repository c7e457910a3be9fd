import type { Environment } from '@outpost/contracts/environments';
import { productListPageSchema } from '@outpost/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { merchAdminQueryKey } from './query-keys';

/** The largest page the protocol gives, by name: the drop form's product choices (far more than a shop sells). */
const CHOICES_QUERY: AdminListQuery = { page: 1, pageSize: 500, sort: 'name', order: 'asc', filters: {} };

/** GET /api/admin/:env/products: the environment's products a drop may open, whatever their status. */
export function useProductChoices(environment: Environment) {
  return useQuery(
    queryOptions({
      queryKey: merchAdminQueryKey(environment, 'product-choices'),
      queryFn: () =>
        requestJson(
          `/api/admin/${environment}/products?${adminListSearchParams(CHOICES_QUERY)}`,
          productListPageSchema,
        ),
    }),
  );
}
