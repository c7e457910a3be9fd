import { deletedLightingPresetSchema } from '@outpost/contracts/lighting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { lightingPresetsQueryKey } from './get-lighting-presets';

/** DELETE /api/lighting-presets/:presetID. */
export function deleteLightingPreset(presetID: string) {
  return requestJson(`/api/lighting-presets/${encodeURIComponent(presetID)}`, deletedLightingPresetSchema, {
    method: 'DELETE',
  });
}

export function useDeleteLightingPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLightingPreset,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lightingPresetsQueryKey }),
  });
}
