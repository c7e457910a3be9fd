import type { Environment } from '@outpost/contracts/environments';
import { adminTheaterCollectionSchema, type UpdateTheaterCollectionInput } from '@outpost/contracts/theater';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { collectionQueryOptions } from './get-collection';
import { refreshVideosAndCollections, theaterAdminPath } from './query-keys';

/**
 * PUT /api/admin/:env/theater/collections/:collectionID: the title and the members in their new
 * order with the version loaded; the server answers the collection numbered 1, 2, … (videoNumber).
 */
export function saveCollection(environment: Environment, collectionID: string, input: UpdateTheaterCollectionInput) {
  return requestJson(theaterAdminPath(environment, 'collections', collectionID), adminTheaterCollectionSchema, {
    method: 'PUT',
    body: input,
  });
}

/** The saved collection, as the server answers it, replaces the cached one. */
export function useSaveCollection(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionID, input }: { collectionID: string; input: UpdateTheaterCollectionInput }) =>
      saveCollection(environment, collectionID, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(collectionQueryOptions(environment, saved.collectionID).queryKey, saved);
      return refreshVideosAndCollections(queryClient, environment);
    },
  });
}
