import type { Environment } from '@outpost/contracts/environments';
import { creditPackListPageSchema } from '@outpost/contracts/shop';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/credit-packs: one page of every pack, unavailable ones included (docs/product.md §6.1). */
export function getCreditPacks(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `/api/admin/${environment}/credit-packs?${adminListSearchParams(query)}`,
    creditPackListPageSchema,
  );
}
