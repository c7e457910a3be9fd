import { type BetaRequestInput, betaRequestSchema } from '@outpost/contracts/beta';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { accountBetaQueryKey } from './get-account-beta';

/** PUT /api/account/beta/request: creates the request (status 1), or replaces only its answers. */
export function requestBeta(input: BetaRequestInput) {
  return requestJson('/api/account/beta/request', betaRequestSchema, { method: 'PUT', body: input });
}

export function useRequestBeta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestBeta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountBetaQueryKey }),
  });
}
