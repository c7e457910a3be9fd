import { accountItemsSchema, creditsSchema } from '@outpost/contracts/economy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { accountQueryKey } from '../../../lib/commerce/query-keys';

/** GET /api/account/credits: the balance and the latest changes. */
export const creditsQueryOptions = queryOptions({
  queryKey: [...accountQueryKey, 'credits'],
  queryFn: () => requestJson('/api/account/credits?pageSize=10', creditsSchema),
});

/** GET /api/account/items: the player's game inventory. */
export const itemsQueryOptions = queryOptions({
  queryKey: [...accountQueryKey, 'items'],
  queryFn: () => requestJson('/api/account/items', accountItemsSchema),
});

export function useCredits(enabled: boolean) {
  return useQuery({ ...creditsQueryOptions, enabled });
}

export function useItems(enabled: boolean) {
  return useQuery({ ...itemsQueryOptions, enabled });
}
