import type { Environment } from '@outpost/contracts/environments';
import { partnerListPageSchema } from '@outpost/contracts/partners';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/partners: players with the 'partner' key, with their link in the environment. */
export function getPartners(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/partners?${adminListSearchParams(query)}`, partnerListPageSchema);
}
