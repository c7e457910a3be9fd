import { lightingPresetListSchema } from '@outpost/contracts/lighting';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';

/** The presets' queries: the list depends on who asks (a player, or a visitor as the guest). */
export const lightingPresetsQueryKey = ['lighting-presets'] as const;

/** GET /api/lighting-presets: the owner's presets and the others' public ones. */
export const lightingPresetsQueryOptions = (owner: string) =>
  queryOptions({
    queryKey: [...lightingPresetsQueryKey, owner],
    queryFn: () => requestJson('/api/lighting-presets', lightingPresetListSchema),
  });

export function useLightingPresets(owner: string) {
  return useQuery(lightingPresetsQueryOptions(owner));
}
