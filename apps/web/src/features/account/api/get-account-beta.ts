import { accountBetaSchema } from '@outpost/contracts/beta';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { accountQueryKey } from '../../../lib/commerce/query-keys';

export const accountBetaQueryKey = [...accountQueryKey, 'beta'] as const;

/** GET /api/account/beta: the player's beta request, the invites they share, the one they came in with. */
export const accountBetaQueryOptions = queryOptions({
  queryKey: accountBetaQueryKey,
  queryFn: () => requestJson('/api/account/beta', accountBetaSchema),
});

export function useAccountBeta() {
  return useQuery(accountBetaQueryOptions);
}
