import { claimCodeListPageSchema } from '@outpost/contracts/claim-codes';
import type { Environment } from '@outpost/contracts/environments';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';

/** Everything the code screens cache for one environment; a change invalidates it. */
export const claimCodesQueryKey = (environment: Environment) => ['admin', environment, 'claim-codes'] as const;

/** GET /api/admin/:env/claim-codes: one page of the batches (the admin list protocol). */
export function getClaimCodes(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/claim-codes?${adminListSearchParams(query)}`, claimCodeListPageSchema);
}
