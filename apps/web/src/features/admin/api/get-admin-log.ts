import { adminLogPageSchema } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import { type AdminListQuery, adminListSearchParams } from '../../../components/admin-list/list-view';
import { requestJson } from '../../../lib/api';

/** GET /api/admin/:env/admin-log: one page of the environment's admin log. */
export function getAdminLog(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/admin-log?${adminListSearchParams(query)}`, adminLogPageSchema);
}
