import { deletedClaimCodeBatchSchema } from '@outpost/contracts/claim-codes';
import type { Environment } from '@outpost/contracts/environments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { claimCodeBatchQueryOptions } from './get-claim-code-batch';
import { claimCodesQueryKey } from './get-claim-codes';

/** DELETE /api/admin/:env/claim-codes/:claimCodeID: the batch and its codes; 404 when it is gone already. */
export function deleteClaimCodeBatch(environment: Environment, claimCodeID: string) {
  return requestJson(
    `/api/admin/${environment}/claim-codes/${encodeURIComponent(claimCodeID)}`,
    deletedClaimCodeBatchSchema,
    { method: 'DELETE' },
  );
}

/**
 * The cached list pages are dropped, so the list the screen goes back to loads without the batch
 * rather than showing it until a refetch. The batch's own query is only marked stale: the screen
 * still showing it leaves right away, and a refetch there would ask for a batch that is gone.
 */
export function useDeleteClaimCodeBatch(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimCodeID: string) => deleteClaimCodeBatch(environment, claimCodeID),
    onSuccess: (_deleted, claimCodeID) => {
      queryClient.removeQueries({ queryKey: [...claimCodesQueryKey(environment), 'list'] });
      return queryClient.invalidateQueries({
        queryKey: claimCodeBatchQueryOptions(environment, claimCodeID).queryKey,
        refetchType: 'none',
      });
    },
  });
}
