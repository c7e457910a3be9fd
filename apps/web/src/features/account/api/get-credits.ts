import { creditsSchema } from '@outpost/contracts/economy';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { accountQueryKey } from '../../../lib/commerce/query-keys';

export const CREDIT_HISTORY_PAGE_SIZE = 10;

/** GET /api/account/credits (the list protocol): the balance and one page of the history, newest first. */
export function creditsPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...accountQueryKey, 'credits', { page, pageSize: CREDIT_HISTORY_PAGE_SIZE }],
    queryFn: () =>
      requestJson(`/api/account/credits?page=${page}&pageSize=${CREDIT_HISTORY_PAGE_SIZE}&order=desc`, creditsSchema),
  });
}

export function useCreditsPage(page: number) {
  return useQuery({ ...creditsPageQueryOptions(page), placeholderData: keepPreviousData });
}
