import type { Environment } from '@outpost/contracts/environments';
import { adminEpisodeSchema } from '@outpost/contracts/theater';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { imageForm } from './image-form';
import { theaterAdminPath, theaterAdminQueryKey } from './query-keys';

/**
 * PUT /api/admin/:env/theater/episodes/:episodeID/banner: the server checks the image, stores it
 * with its 320 px thumbnail and answers the episode with its new banner (and version).
 */
export function uploadEpisodeBanner(environment: Environment, episodeID: string, file: File) {
  return requestJson(`${theaterAdminPath(environment, 'episodes', episodeID)}/banner`, adminEpisodeSchema, {
    method: 'PUT',
    body: imageForm(file),
  });
}

export function useUploadEpisodeBanner(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ episodeID, file }: { episodeID: string; file: File }) =>
      uploadEpisodeBanner(environment, episodeID, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: theaterAdminQueryKey(environment, 'episodes') }),
  });
}
