import { type AvatarClaim, type AvatarList, avatarClaimSchema } from '@outpost/contracts/avatars';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callHttpFunction } from '../../../../lib/callable';
import { avatarsQueryKey, avatarsQueryOptions } from './get-avatars';

/** GET /api/fn/claim-avatar?avatarID=…&userID=… (spec §7): the signed-in player's own userID only. */
export function claimAvatar({ avatarID, userID }: { avatarID: string; userID: string }): Promise<AvatarClaim> {
  return callHttpFunction({ method: 'GET', name: 'claim-avatar', query: { avatarID, userID } }, avatarClaimSchema);
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
  return useMutation({
    mutationFn: (avatarID: string) => claimAvatar({ avatarID, userID: userId }),
    onSuccess: (claim) => {
      const key = avatarsQueryOptions(userId).queryKey;
      const list = queryClient.getQueryData(key);
      if (list) queryClient.setQueryData(key, withClaim(list, claim));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: avatarsQueryKey }),
  });
}
