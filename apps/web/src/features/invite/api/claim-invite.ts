import { inviteClaimSchema } from '@outpost/contracts/beta';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { accountQueryKey } from '../../../lib/commerce/query-keys';
import { inviteQueryKey } from './get-invite';

/** POST /api/account/invites/:inviteID/claim: the accepted claim, or a refusal with its `details.code`. */
export function claimInvite(inviteID: string) {
  return requestJson(`/api/account/invites/${encodeURIComponent(inviteID)}/claim`, inviteClaimSchema, {
    method: 'POST',
  });
}

/** Afterwards the invite's state and the player's beta section (the invite they came in with) have moved. */
export function useClaimInvite(inviteID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => claimInvite(inviteID),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inviteQueryKey(inviteID) }),
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
      ]),
  });
}
