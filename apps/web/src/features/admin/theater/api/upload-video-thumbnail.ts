import type { Environment } from '@outpost/contracts/environments';
import { adminTheaterVideoSchema } from '@outpost/contracts/theater';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { imageForm } from './image-form';
import { refreshVideosAndCollections, theaterAdminPath } from './query-keys';

/**
 * PUT /api/admin/:env/theater/videos/:videoID/thumbnail: the server checks the image, stores its
 * 320 px WebP and answers the video with its new thumbnail (and version).
 */
export function uploadVideoThumbnail(environment: Environment, videoID: string, file: File) {
  return requestJson(`${theaterAdminPath(environment, 'videos', videoID)}/thumbnail`, adminTheaterVideoSchema, {
    method: 'PUT',
    body: imageForm(file),
  });
}

export function useUploadVideoThumbnail(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ videoID, file }: { videoID: string; file: File }) =>
      uploadVideoThumbnail(environment, videoID, file),
    onSuccess: () => refreshVideosAndCollections(queryClient, environment),
  });
}
