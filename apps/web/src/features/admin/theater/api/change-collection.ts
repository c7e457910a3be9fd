import type { Environment } from '@outpost/contracts/environments';
import {
  adminTheaterCollectionSchema,
  type CreateTheaterCollectionInput,
  theaterDeletedSchema,
} from '@outpost/contracts/theater';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { refreshVideosAndCollections, theaterAdminPath } from './query-keys';

/** A collection created (empty, to fill in its editor) or deleted; saving one is save-collection.ts. */
export type CollectionChange =
  | { kind: 'create'; input: CreateTheaterCollectionInput }
  | { kind: 'delete'; collectionID: string };

export async function changeCollection(environment: Environment, change: CollectionChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return requestJson(theaterAdminPath(environment, 'collections'), adminTheaterCollectionSchema, {
        method: 'POST',
        body: change.input,
      });
    case 'delete':
      return requestJson(theaterAdminPath(environment, 'collections', change.collectionID), theaterDeletedSchema, {
        method: 'DELETE',
      });
  }
}

export function useChangeCollection(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CollectionChange) => changeCollection(environment, change),
    onSuccess: () => refreshVideosAndCollections(queryClient, environment),
  });
}
