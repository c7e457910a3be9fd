import { accountReferralSchema, tierClaimSchema } from '@outpost/contracts/partners';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { accountQueryKey } from '../../../../lib/commerce/query-keys';
import { useSpend } from '../../../../lib/use-spend';

export const referralLinkQueryKey = [...accountQueryKey, 'referral-link'] as const;

/** GET /api/account/referral-link: a partner's link (created on demand), tiers and latest referrals. */
export const referralLinkQueryOptions = queryOptions({
  queryKey: referralLinkQueryKey,
  queryFn: () => requestJson('/api/account/referral-link', accountReferralSchema),
});

export function useReferralLink() {
  return useQuery(referralLinkQueryOptions);
}

/** POST …/tiers/:tierID/claim: a reached tier, once; the balance and items move with it. */
export function useClaimTier() {
  const queryClient = useQueryClient();
  return useSpend({
    spend: (tierID: string, requestKey) =>
      requestJson(`/api/account/referral-link/tiers/${encodeURIComponent(tierID)}/claim`, tierClaimSchema, {
        method: 'POST',
        requestKey,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
