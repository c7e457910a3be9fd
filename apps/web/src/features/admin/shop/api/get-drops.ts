import type { Environment } from '@outpost/contracts/environments';
import { dropListPageSchema } from '@outpost/contracts/shop';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/drops: one page of the drops, latest opening first by default. */
export function getDrops(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/drops?${adminListSearchParams(query)}`, dropListPageSchema);
}
