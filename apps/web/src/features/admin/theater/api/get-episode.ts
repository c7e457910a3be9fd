import type { Environment } from '@outpost/contracts/environments';
import { adminEpisodeSchema } from '@outpost/contracts/theater';
import { queryOptions } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { theaterAdminPath, theaterAdminQueryKey } from './query-keys';

/** GET /api/admin/:env/theater/episodes/:episodeID: the episode as saved now (404 when it is gone). */
export function getEpisode(environment: Environment, episodeID: string) {
  return requestJson(theaterAdminPath(environment, 'episodes', episodeID), adminEpisodeSchema);
}

/** Read when a save met someone else's newer one: never from the cache, which may hold the old one. */
export const episodeQueryOptions = (environment: Environment, episodeID: string) =>
  queryOptions({
    queryKey: [...theaterAdminQueryKey(environment, 'episodes'), 'episode', episodeID],
    queryFn: () => getEpisode(environment, episodeID),
    staleTime: 0,
  });
