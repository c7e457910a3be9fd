import { avatarListSchema } from '@outpost/contracts/avatars';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { accountQueryKey } from '../../../../lib/commerce/query-keys';

/** The avatars' queries; each player's list is their own (it says which they claimed). */
export const avatarsQueryKey = [...accountQueryKey, 'avatars'] as const;

/** GET /api/avatars: every avatar, with when the signed-in player claimed it. */
export const avatarsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...avatarsQueryKey, userId],
    queryFn: () => requestJson('/api/avatars', avatarListSchema),
  });

export function useAvatars(userId: string) {
  return useQuery(avatarsQueryOptions(userId));
}
