import type { Environment } from '@outpost/contracts/environments';
import { adminTheaterVideoSchema } from '@outpost/contracts/theater';
import { queryOptions } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { theaterAdminPath, theaterAdminQueryKey } from './query-keys';

/** GET /api/admin/:env/theater/videos/:videoID: the video as saved now (404 when it is gone). */
export function getVideo(environment: Environment, videoID: string) {
  return requestJson(theaterAdminPath(environment, 'videos', videoID), adminTheaterVideoSchema);
}

/** Read when a save met someone else's newer one: never from the cache, which may hold the old one. */
export const videoQueryOptions = (environment: Environment, videoID: string) =>
  queryOptions({
    queryKey: [...theaterAdminQueryKey(environment, 'videos'), 'video', videoID],
    queryFn: () => getVideo(environment, videoID),
    staleTime: 0,
  });
