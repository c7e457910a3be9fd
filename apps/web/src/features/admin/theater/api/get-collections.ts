import type { Environment } from '@outpost/contracts/environments';
import { theaterCollectionListPageSchema } from '@outpost/contracts/theater';
import { type AdminListQuery, adminListSearchParams } from '../../../../components/admin-list/list-view';
import { requestJson } from '../../../../lib/api';
import { theaterAdminPath } from './query-keys';

/** GET /api/admin/:env/theater/collections: one page of the collections with their videos in order. */
export function getCollections(environment: Environment, query: AdminListQuery) {
  return requestJson(
    `${theaterAdminPath(environment, 'collections')}?${adminListSearchParams(query)}`,
    theaterCollectionListPageSchema,
  );
}
