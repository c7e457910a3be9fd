import type { Environment } from '@outpost/contracts/environments';
import {
  USER_SEARCH_LIMITS,
  USER_SEARCH_MESSAGES,
  type UserSearchResult,
  userSearchResultSchema,
} from '@outpost/contracts/user-search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

/** Every cached user search of one environment; a change to a player's keys invalidates it. */
export const userSearchQueryKey = (environment: Environment) => ['admin', environment, 'user-search'] as const;

/** POST /api/admin/:env/user-search (docs/product.md §7.7's user-search-{env}): the hits, best first. */
function searchUsers(environment: Environment, query: string) {
  return requestJson(`/api/admin/${environment}/user-search`, userSearchResultSchema, {
    method: 'POST',
    body: { query },
  });
}

export interface UserSearch {
  /** The hits of `query`; undefined while it is too short or its first answer is on its way. */
  result: UserSearchResult | undefined;
  /** USER_SEARCH_MESSAGES.queryTooShort once something too short is typed; null otherwise. */
  tooShortMessage: string | null;
  /** Whether the hits of `query` are being asked for (the last ones stay on screen meanwhile). */
  searching: boolean;
  /** Why the search of `query` failed, or null. */
  failure: Error | null;
  retry: () => void;
}

/**
 * Searches once `query` is long enough; the last hits stay on screen (marked busy) while the next
 * load. A query made too short shows no hits at all: those kept from a longer one would pass for
 * its own. Used by moderation's user search and by the reward screen's player finder.
 */
export function useUserSearch(environment: Environment, query: string): UserSearch {
  const tooShort = query.length < USER_SEARCH_LIMITS.queryMinLength;
  const search = useQuery({
    queryKey: [...userSearchQueryKey(environment), query],
    queryFn: () => searchUsers(environment, query),
    enabled: !tooShort,
    placeholderData: keepPreviousData,
  });
  return {
    result: tooShort ? undefined : search.data,
    tooShortMessage: tooShort && query.length > 0 ? USER_SEARCH_MESSAGES.queryTooShort : null,
    searching: !tooShort && search.isFetching,
    failure: tooShort ? null : search.error,
    retry: () => void search.refetch(),
  };
}
