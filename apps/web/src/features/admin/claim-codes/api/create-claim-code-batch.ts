import { type CreateClaimCodeBatchInput, claimCodeBatchSchema } from '@outpost/contracts/claim-codes';
import type { Environment } from '@outpost/contracts/environments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { claimCodeBatchQueryOptions } from './get-claim-code-batch';
import { claimCodesQueryKey } from './get-claim-codes';

/** POST /api/admin/:env/claim-codes: a new batch with its codes; 409 when a custom name is taken. */
export function createClaimCodeBatch(environment: Environment, input: CreateClaimCodeBatchInput) {
  return requestJson(`/api/admin/${environment}/claim-codes`, claimCodeBatchSchema, { method: 'POST', body: input });
}

/** The new batch goes into the cache, so its screen opens without loading it again. */
export function useCreateClaimCodeBatch(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClaimCodeBatchInput) => createClaimCodeBatch(environment, input),
    onSuccess: (batch) => {
      queryClient.setQueryData(claimCodeBatchQueryOptions(environment, batch.claimCodeID).queryKey, batch);
      return queryClient.invalidateQueries({ queryKey: [...claimCodesQueryKey(environment), 'list'] });
    },
  });
}
