import type { Environment } from '@outpost/contracts/environments';
import { reportListPageSchema } from '@outpost/contracts/moderation';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/reports: one page of the reports (the admin list protocol; unresolved unless `show` says). */
export function getReports(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/reports?${adminListSearchParams(query)}`, reportListPageSchema);
}
