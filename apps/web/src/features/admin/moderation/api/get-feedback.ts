import { feedbackListPageSchema } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { moderationQueryKey } from './query-keys';

/** GET /api/admin/:env/feedback: one page of the players' feedback (the admin list protocol). */
export function getFeedback(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/feedback?${adminListSearchParams(query)}`, feedbackListPageSchema);
}

/** How much feedback waits for review: the total of a one-row page of the unreviewed. */
export const feedbackWaitingQueryOptions = (environment: Environment) =>
  queryOptions({
    queryKey: [...moderationQueryKey(environment, 'feedback'), 'waiting'],
    queryFn: async () =>
      (
        await getFeedback(environment, {
          page: 1,
          pageSize: 1,
          sort: 'timestamp',
          order: 'desc',
          filters: { reviewed: 'false' },
        })
      ).total,
    staleTime: 0,
  });

export function useFeedbackWaiting(environment: Environment) {
  return useQuery(feedbackWaitingQueryOptions(environment));
}
