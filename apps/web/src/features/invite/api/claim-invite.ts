import { inviteClaimSchema } from '@outpost/contracts/beta';
import { useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { accountQueryKey } from '../../../lib/commerce/query-keys';
import { useSpend } from '../../../lib/use-spend';
import { inviteQueryKey } from './get-invite';

/** POST /api/account/invites/:inviteID/claim: the accepted claim, or a refusal with its `details.code`. */
export function claimInvite(inviteID: string, requestKey: string) {
  return requestJson(`/api/account/invites/${encodeURIComponent(inviteID)}/claim`, inviteClaimSchema, {
    method: 'POST',
    requestKey,
  });
}

/** Afterwards the invite's state and the player's beta section (the invite they came in with) have moved. */
export function useClaimInvite(inviteID: string) {
  const queryClient = useQueryClient();
  return useSpend({
    spend: (_input: undefined, requestKey) => claimInvite(inviteID, requestKey),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inviteQueryKey(inviteID) }),
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
      ]),
  });
}
