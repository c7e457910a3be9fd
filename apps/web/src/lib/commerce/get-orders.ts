import { merchOrderPageSchema, RECENT_MERCH_ORDERS } from '@outpost/contracts/merch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../api';
import { accountQueryKey } from './query-keys';

export const ordersQueryKey = [...accountQueryKey, 'orders'] as const;

/** GET /api/account/orders (the list protocol): one page of the player's merch orders, newest first. */
export function ordersQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...ordersQueryKey, { page }],
    queryFn: () =>
      requestJson(`/api/account/orders?page=${page}&pageSize=${RECENT_MERCH_ORDERS}&order=desc`, merchOrderPageSchema),
  });
}

export function useOrders(page: number, options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({ ...ordersQueryOptions(page), placeholderData: (previous) => previous, ...options });
}
