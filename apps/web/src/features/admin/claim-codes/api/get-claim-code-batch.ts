import { claimCodeBatchOrNullSchema } from '@outpost/contracts/claim-codes';
import type { Environment } from '@outpost/contracts/environments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { claimCodesQueryKey } from './get-claim-codes';

/**
 * GET /api/admin/:env/claim-codes/:claimCodeID: the batch and its codes; null when there is none
 * (docs/product.md §8.5).
 */
export function getClaimCodeBatch(environment: Environment, claimCodeID: string) {
  return requestJson(
    `/api/admin/${environment}/claim-codes/${encodeURIComponent(claimCodeID)}`,
    claimCodeBatchOrNullSchema,
  );
}

export const claimCodeBatchQueryOptions = (environment: Environment, claimCodeID: string) =>
  queryOptions({
    queryKey: [...claimCodesQueryKey(environment), 'batch', claimCodeID],
    queryFn: () => getClaimCodeBatch(environment, claimCodeID),
    // Players redeem while the screen is open: its used and available codes follow on each visit.
    staleTime: 0,
  });

export function useClaimCodeBatch(environment: Environment, claimCodeID: string) {
  return useQuery(claimCodeBatchQueryOptions(environment, claimCodeID));
}
