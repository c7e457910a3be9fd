import { type LightingPresetInput, lightingPresetSchema } from '@outpost/contracts/lighting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { lightingPresetsQueryKey } from './get-lighting-presets';

/** PUT /api/lighting-presets/:presetID: the preset's name, settings and public flag, replaced. */
export function updateLightingPreset({ presetID, input }: { presetID: string; input: LightingPresetInput }) {
  return requestJson(`/api/lighting-presets/${encodeURIComponent(presetID)}`, lightingPresetSchema, {
    method: 'PUT',
    body: input,
  });
}

export function useUpdateLightingPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLightingPreset,
    // A refusal (deleted meanwhile) also means the list shown is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: lightingPresetsQueryKey }),
  });
}
