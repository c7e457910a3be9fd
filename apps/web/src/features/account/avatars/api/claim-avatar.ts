import { type AvatarClaim, type AvatarList, avatarClaimSchema } from '@outpost/contracts/avatars';
import { useQueryClient } from '@tanstack/react-query';
import { callHttpFunction } from '../../../../lib/callable';
import { useSpend } from '../../../../lib/use-spend';
import { avatarsQueryKey, avatarsQueryOptions } from './get-avatars';

/** GET /api/fn/claim-avatar?avatarID=…&userID=… (docs/product.md §7.1): the signed-in player's own userID only. */
export function claimAvatar(
  { avatarID, userID }: { avatarID: string; userID: string },
  requestKey: string,
): Promise<AvatarClaim> {
  return callHttpFunction({ method: 'GET', name: 'claim-avatar', query: { avatarID, userID } }, avatarClaimSchema, {
    attestation: true,
    requestKey,
  });
}

const withClaim = (list: AvatarList, claim: AvatarClaim): AvatarList => ({
  avatars: list.avatars.map((avatar) =>
    avatar.avatarID === claim.avatarID
      ? { ...avatar, claimedAt: claim.claimedAt, claimedCount: claim.claimedCount }
      : avatar,
  ),
});

/** Claims an avatar for `userId`; the list shows the claim at once, then is read again. */
export function useClaimAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useSpend({
    spend: (avatarID: string, requestKey) => claimAvatar({ avatarID, userID: userId }, requestKey),
    onSuccess: (claim) => {
      const key = avatarsQueryOptions(userId).queryKey;
      const list = queryClient.getQueryData(key);
      if (list) queryClient.setQueryData(key, withClaim(list, claim));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: avatarsQueryKey }),
  });
}
