import type { Environment } from '@outpost/contracts/environments';
import { theaterVideoListPageSchema } from '@outpost/contracts/theater';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { theaterAdminPath, theaterAdminQueryKey } from './query-keys';

/** GET /api/admin/:env/theater/videos: one page of the theater videos (the admin list protocol). */
export function getVideos(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `${theaterAdminPath(environment, 'videos')}?${adminListSearchParams(query)}`,
    theaterVideoListPageSchema,
  );
}

/** The largest page the protocol gives: every video a collection may take, by title. */
const CHOICES_QUERY: AdminListQuery = { page: 1, pageSize: 500, sort: 'title', order: 'asc', filters: {} };

/** The environment's videos for the collection editor's "Add a video"; under the videos' key, so a video change refreshes it. */
export const videoChoicesQueryOptions = (environment: Environment) =>
  queryOptions({
    queryKey: [...theaterAdminQueryKey(environment, 'videos'), 'choices'],
    queryFn: () => getVideos(environment, CHOICES_QUERY),
  });

export function useVideoChoices(environment: Environment) {
  return useQuery(videoChoicesQueryOptions(environment));
}
