import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { savedOrderProfileSchema } from '@outpost/contracts/merch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../api';

/** Under the account's key (QUERY_KEYS.account): whatever refreshes the player's own data refreshes it too. */
export const orderProfileQueryKey = QUERY_KEYS.orderProfile;

/** GET /api/account/order-profile: the player's saved order profile, or null before the first save. */
export const orderProfileQueryOptions = queryOptions({
  queryKey: orderProfileQueryKey,
  queryFn: () => requestJson('/api/account/order-profile', savedOrderProfileSchema),
});

export function useOrderProfile(enabled: boolean) {
  return useQuery({ ...orderProfileQueryOptions, enabled });
}
