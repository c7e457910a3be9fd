import type { Environment } from '@outpost/contracts/environments';
import { merchContactListPageSchema } from '@outpost/contracts/merch';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** GET /api/admin/:env/merch/contacts: one page of the merch contact form's messages, newest first. */
export function getMerchContacts(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `/api/admin/${environment}/merch/contacts?${adminListSearchParams(query)}`,
    merchContactListPageSchema,
  );
}
