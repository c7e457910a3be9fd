import type { Environment } from '@outpost/contracts/environments';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import type { QueryClient } from '@tanstack/react-query';

type TheaterPart = 'episodes' | 'videos' | 'collections';

/** Everything the theater admin caches for one environment, by part; a change invalidates the parts it touches. */
export const theaterAdminQueryKey = QUERY_KEYS.theaterAdmin;

/** `/api/admin/:env/theater/<part>`, and one record's address under it. */
export const theaterAdminPath = (environment: Environment, part: TheaterPart, id?: string) =>
  `/api/admin/${environment}/theater/${part}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

/**
 * Videos and collections show each other (a video's collections, a collection's videos with
 * their titles and thumbnails): a change to either refreshes both.
 */
export const refreshVideosAndCollections = (queryClient: QueryClient, environment: Environment) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: theaterAdminQueryKey(environment, 'videos') }),
    queryClient.invalidateQueries({ queryKey: theaterAdminQueryKey(environment, 'collections') }),
  ]);
