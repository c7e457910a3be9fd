import type { Environment } from '@outpost/contracts/environments';
import { ecomProductListPageSchema } from '@outpost/contracts/merch';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/ecom-products: one page of every variety on sale with its stock, reservations and sales. */
export function getEcomProducts(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `/api/admin/${environment}/ecom-products?${adminListSearchParams(query)}`,
    ecomProductListPageSchema,
  );
}
