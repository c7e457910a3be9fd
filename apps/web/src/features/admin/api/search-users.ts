import type { Environment } from '@outpost/contracts/environments';
import { USER_SEARCH_LIMITS, userSearchResultSchema } from '@outpost/contracts/user-search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

/** Every cached user search of one environment; a change to a player's keys invalidates it. */
export const userSearchQueryKey = (environment: Environment) => ['admin', environment, 'user-search'] as const;

/** POST /api/admin/:env/user-search (spec §7's user-search-{env}): the hits, best first. */
function searchUsers(environment: Environment, query: string) {
  return requestJson(`/api/admin/${environment}/user-search`, userSearchResultSchema, {
    method: 'POST',
    body: { query },
  });
}

/**
 * Searches once `query` is long enough; the last hits stay on screen (marked busy) while the next
 * load. Used by moderation's user search and by the reward screen's player finder.
 */
export function useUserSearch(environment: Environment, query: string) {
  return useQuery({
    queryKey: [...userSearchQueryKey(environment), query],
    queryFn: () => searchUsers(environment, query),
    enabled: query.length >= USER_SEARCH_LIMITS.queryMinLength,
    placeholderData: keepPreviousData,
  });
}
