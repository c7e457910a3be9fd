import { type OrderProfile, savedOrderProfileSchema } from '@outpost/contracts/merch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callHttpFunction } from '../callable';
import { orderProfileQueryKey } from './get-order-profile';

/** POST /api/fn/set-order-profile (docs/product.md §7.1): the whole profile as the JSON body; answers the saved one. */
export function setOrderProfile(profile: OrderProfile) {
  return callHttpFunction({ method: 'POST', name: 'set-order-profile', body: profile }, savedOrderProfileSchema);
}

/** Saving answers the profile as stored (trimmed, lower-cased email), which the screens show at once. */
export function useSetOrderProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderProfile,
    onSuccess: (saved) => queryClient.setQueryData(orderProfileQueryKey, saved),
  });
}
