import { savedOrderProfileSchema } from '@outpost/contracts/merch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../api';
import { accountQueryKey } from './query-keys';

export const orderProfileQueryKey = [...accountQueryKey, 'order-profile'] as const;

/** GET /api/account/order-profile: the player's saved order profile, or null before the first save. */
export const orderProfileQueryOptions = queryOptions({
  queryKey: orderProfileQueryKey,
  queryFn: () => requestJson('/api/account/order-profile', savedOrderProfileSchema),
});

export function useOrderProfile(enabled: boolean) {
  return useQuery({ ...orderProfileQueryOptions, enabled });
}
