import type { Environment } from '@outpost/contracts/environments';
import { adminTheaterCollectionSchema } from '@outpost/contracts/theater';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { CallableError } from '../../../../lib/callable';
import { theaterAdminPath, theaterAdminQueryKey } from './query-keys';

/** GET /api/admin/:env/theater/collections/:collectionID: the collection with its videos in videoNumber order. */
export function getCollection(environment: Environment, collectionID: string) {
  return requestJson(theaterAdminPath(environment, 'collections', collectionID), adminTheaterCollectionSchema);
}

export const collectionQueryOptions = (environment: Environment, collectionID: string) =>
  queryOptions({
    queryKey: [...theaterAdminQueryKey(environment, 'collections'), 'collection', collectionID],
    queryFn: () => getCollection(environment, collectionID),
    // An unknown collection stays unknown: asking again would only delay the message.
    retry: (failures, error) => !(error instanceof CallableError && error.status === 'not-found') && failures < 1,
  });

export function useCollection(environment: Environment, collectionID: string) {
  return useQuery(collectionQueryOptions(environment, collectionID));
}
