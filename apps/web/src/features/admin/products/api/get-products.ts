import type { Environment } from '@outpost/contracts/environments';
import { productListPageSchema } from '@outpost/contracts/products';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** Everything the product screens cache for one environment; a change invalidates it. */
export const productsQueryKey = (environment: Environment) => ['admin', environment, 'products'] as const;

/** GET /api/admin/:env/products: one page of the environment's products (the admin list protocol). */
export function getProducts(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/products?${adminListSearchParams(query)}`, productListPageSchema);
}
