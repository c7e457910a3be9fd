import type { Environment } from '@outpost/contracts/environments';
import { merchDropListPageSchema } from '@outpost/contracts/merch';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/merch/drops: one page of the merch drops with their subscribers, latest opening first. */
export function getMerchDrops(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/merch/drops?${adminListSearchParams(query)}`, merchDropListPageSchema);
}
