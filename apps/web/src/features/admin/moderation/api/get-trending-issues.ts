import type { Environment } from '@outpost/contracts/environments';
import { trendingIssuesSchema } from '@outpost/contracts/moderation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { moderationQueryKey } from './query-keys';

/** GET /api/admin/:env/reports/trending: the (category, target) pairs the Trending Issues figure counts. */
export function getTrendingIssues(environment: Environment) {
  return requestJson(`/api/admin/${environment}/reports/trending`, trendingIssuesSchema);
}

export const trendingIssuesQueryOptions = (environment: Environment) =>
  queryOptions({
    queryKey: [...moderationQueryKey(environment, 'reports'), 'trending'],
    queryFn: () => getTrendingIssues(environment),
    // Players and the game file reports all the time: asked again on each visit.
    staleTime: 0,
  });

export function useTrendingIssues(environment: Environment) {
  return useQuery(trendingIssuesQueryOptions(environment));
}
