import { adminInviteSchema, type CreateAdminInvite } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { betaAdminQueryKey } from './query-keys';

/** POST /api/admin/:env/invites: an admin invite any number of players may claim; 409 when the code is taken. */
export function useCreateInvite(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAdminInvite) =>
      requestJson(`/api/admin/${environment}/invites`, adminInviteSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: betaAdminQueryKey(environment, 'invites') }),
  });
}
