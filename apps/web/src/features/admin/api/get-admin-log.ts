import { adminLogPageSchema } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { type AdminListQuery, adminListSearchParams } from '../../../components/admin-list/list-view';
import { requestJson } from '../../../lib/api';

/** Every cached admin-log page of one environment; a change that logs itself invalidates it. */
export const adminLogQueryKey = QUERY_KEYS.adminLog;

/** GET /api/admin/:env/admin-log: one page of the environment's admin log. */
export function getAdminLog(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/admin-log?${adminListSearchParams(query)}`, adminLogPageSchema);
}
