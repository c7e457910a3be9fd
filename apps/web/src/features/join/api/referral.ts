import { referralJoinSchema, referralLandingSchema } from '@outpost/contracts/partners';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { useSpend } from '../../../lib/use-spend';

export const referralQueryKey = (referralID: string) => ['referral', referralID] as const;

/** GET /api/referrals/:referralID: the partner's name, the join message, and where this viewer stands. */
export function referralQueryOptions(referralID: string, signedIn: boolean) {
  return queryOptions({
    // The answer differs for a visitor and a player.
    queryKey: [...referralQueryKey(referralID), signedIn] as const,
    queryFn: () => requestJson(`/api/referrals/${encodeURIComponent(referralID)}`, referralLandingSchema),
    // An unknown link is the answer to show, not a hiccup to retry.
    retry: false,
  });
}

export function useReferral(referralID: string, signedIn: boolean, enabled: boolean) {
  return useQuery({ ...referralQueryOptions(referralID, signedIn), enabled });
}

/** POST /api/account/referrals/:referralID/join: recorded once; a refusal carries its `details.code`. */
export function useJoinReferral(referralID: string) {
  const queryClient = useQueryClient();
  return useSpend({
    spend: (_input: undefined, requestKey) =>
      requestJson(`/api/account/referrals/${encodeURIComponent(referralID)}/join`, referralJoinSchema, {
        method: 'POST',
        requestKey,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralQueryKey(referralID) }),
  });
}
