import { partnerInviteClaimSchema } from '@outpost/contracts/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { accountQueryKey } from '../../../../lib/commerce/query-keys';
import { meQueryKey } from '../../../../lib/session';

/** POST /api/account/partner-invites/:inviteID/claim: the player becomes a partner (a new key, a link, maybe credits). */
export function useClaimPartnerInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteID: string) =>
      requestJson(`/api/account/partner-invites/${encodeURIComponent(inviteID)}/claim`, partnerInviteClaimSchema, {
        method: 'POST',
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
