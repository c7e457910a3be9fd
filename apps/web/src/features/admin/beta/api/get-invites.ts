import { inviteListPageSchema } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/invites: one page of the invites, admins' and players' (the admin list protocol). */
export function getInvites(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/invites?${adminListSearchParams(query)}`, inviteListPageSchema);
}
