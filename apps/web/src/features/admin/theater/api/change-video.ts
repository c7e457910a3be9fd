import type { Environment } from '@outpost/contracts/environments';
import {
  adminTheaterVideoSchema,
  type CreateTheaterVideoInput,
  theaterDeletedSchema,
  type UpdateTheaterVideoInput,
} from '@outpost/contracts/theater';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { refreshVideosAndCollections, theaterAdminPath } from './query-keys';

/** A change to the theater videos: create, save (PUT with the version loaded) or delete. */
export type VideoChange =
  | { kind: 'create'; input: CreateTheaterVideoInput }
  | { kind: 'update'; videoID: string; input: UpdateTheaterVideoInput }
  | { kind: 'delete'; videoID: string };

export async function changeVideo(environment: Environment, change: VideoChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return requestJson(theaterAdminPath(environment, 'videos'), adminTheaterVideoSchema, {
        method: 'POST',
        body: change.input,
      });
    case 'update':
      return requestJson(theaterAdminPath(environment, 'videos', change.videoID), adminTheaterVideoSchema, {
        method: 'PUT',
        body: change.input,
      });
    case 'delete':
      return requestJson(theaterAdminPath(environment, 'videos', change.videoID), theaterDeletedSchema, {
        method: 'DELETE',
      });
  }
}

export function useChangeVideo(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: VideoChange) => changeVideo(environment, change),
    onSuccess: () => refreshVideosAndCollections(queryClient, environment),
  });
}
