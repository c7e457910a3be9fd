import { type LightingPresetInput, lightingPresetSchema } from '@outpost/contracts/lighting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { lightingPresetsQueryKey } from './get-lighting-presets';

/** POST /api/lighting-presets: a new preset of the viewer (a visitor's belongs to the guests). */
export function createLightingPreset(input: LightingPresetInput) {
  return requestJson('/api/lighting-presets', lightingPresetSchema, { method: 'POST', body: input });
}

export function useCreateLightingPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLightingPreset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lightingPresetsQueryKey }),
  });
}
