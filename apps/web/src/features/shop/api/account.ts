import { accountItemsSchema, creditsSchema } from '@outpost/contracts/economy';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { shopQueryKey } from './shop';

/** The player's own economy; every purchase, spin and redemption invalidates this one prefix. */
export const accountQueryKey = ['account'] as const;

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

/** After a payment, spin or redemption: the balance, history, inventory and stock shown are stale. */
export function refreshAfterPurchase(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountQueryKey }),
    queryClient.invalidateQueries({ queryKey: shopQueryKey }),
  ]);
}
