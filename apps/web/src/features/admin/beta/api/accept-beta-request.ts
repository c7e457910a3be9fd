import { acceptedBetaRequestSchema } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { betaAdminQueryKey } from './query-keys';

/** POST /api/admin/:env/beta-requests/:userID/accept: status 2 and the player's invites, created together. */
export function useAcceptBetaRequest(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userID: string) =>
      requestJson(
        `/api/admin/${environment}/beta-requests/${encodeURIComponent(userID)}/accept`,
        acceptedBetaRequestSchema,
        { method: 'POST' },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: betaAdminQueryKey(environment, 'requests') }),
        queryClient.invalidateQueries({ queryKey: betaAdminQueryKey(environment, 'invites') }),
      ]),
  });
}
