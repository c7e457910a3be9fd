import type { Environment } from '@outpost/contracts/environments';
import {
  adminEpisodeSchema,
  type CreateEpisodeInput,
  theaterDeletedSchema,
  type UpdateEpisodeInput,
} from '@outpost/contracts/theater';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { theaterAdminPath, theaterAdminQueryKey } from './query-keys';

/** A change to mtota: create, save (PUT with the version loaded) or delete. */
export type EpisodeChange =
  | { kind: 'create'; input: CreateEpisodeInput }
  | { kind: 'update'; episodeID: string; input: UpdateEpisodeInput }
  | { kind: 'delete'; episodeID: string };

export async function changeEpisode(environment: Environment, change: EpisodeChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return requestJson(theaterAdminPath(environment, 'episodes'), adminEpisodeSchema, {
        method: 'POST',
        body: change.input,
      });
    case 'update':
      return requestJson(theaterAdminPath(environment, 'episodes', change.episodeID), adminEpisodeSchema, {
        method: 'PUT',
        body: change.input,
      });
    case 'delete':
      return requestJson(theaterAdminPath(environment, 'episodes', change.episodeID), theaterDeletedSchema, {
        method: 'DELETE',
      });
  }
}

export function useChangeEpisode(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: EpisodeChange) => changeEpisode(environment, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: theaterAdminQueryKey(environment, 'episodes') }),
  });
}
