import { betaRequestListPageSchema } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/beta-requests: one page of the beta requests (the admin list protocol). */
export function getBetaRequests(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `/api/admin/${environment}/beta-requests?${adminListSearchParams(query)}`,
    betaRequestListPageSchema,
  );
}
