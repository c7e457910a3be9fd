import { partnerInviteClaimSchema } from '@outpost/contracts/partners';
import { useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { accountQueryKey } from '../../../../lib/commerce/query-keys';
import { meQueryKey } from '../../../../lib/session';
import { useSpend } from '../../../../lib/use-spend';

/** POST /api/account/partner-invites/:inviteID/claim: the player becomes a partner (a new key, a link, maybe credits). */
export function useClaimPartnerInvite() {
  const queryClient = useQueryClient();
  return useSpend({
    spend: (inviteID: string, requestKey) =>
      requestJson(`/api/account/partner-invites/${encodeURIComponent(inviteID)}/claim`, partnerInviteClaimSchema, {
        method: 'POST',
        requestKey,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
