import { invitePreviewSchema } from '@outpost/contracts/beta';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

export const inviteQueryKey = (inviteID: string) => ['invite', inviteID] as const;

/** GET /api/account/invites/:inviteID: the invite as this player would meet it (claimable, own, …). */
export function inviteQueryOptions(inviteID: string) {
  return queryOptions({
    queryKey: inviteQueryKey(inviteID),
    queryFn: () => requestJson(`/api/account/invites/${encodeURIComponent(inviteID)}`, invitePreviewSchema),
    // A refusal (unknown code, rate limit) is the answer to show, not a hiccup to retry.
    retry: false,
  });
}

export function useInvite(inviteID: string, enabled: boolean) {
  return useQuery({ ...inviteQueryOptions(inviteID), enabled });
}
