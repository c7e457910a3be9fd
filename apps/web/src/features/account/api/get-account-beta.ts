import { accountBetaSchema } from '@outpost/contracts/beta';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

export const accountBetaQueryKey = QUERY_KEYS.accountBeta;

/** GET /api/account/beta: the player's beta request, the invites they share, the one they came in with. */
export const accountBetaQueryOptions = queryOptions({
  queryKey: accountBetaQueryKey,
  queryFn: () => requestJson('/api/account/beta', accountBetaSchema),
});

export function useAccountBeta() {
  return useQuery(accountBetaQueryOptions);
}
