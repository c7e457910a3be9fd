import type { Environment } from '@outpost/contracts/environments';
import { episodeListPageSchema } from '@outpost/contracts/theater';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { theaterAdminPath } from './query-keys';

/** GET /api/admin/:env/theater/episodes: one page of mtota (the admin list protocol). */
export function getEpisodes(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `${theaterAdminPath(environment, 'episodes')}?${adminListSearchParams(query)}`,
    episodeListPageSchema,
  );
}
