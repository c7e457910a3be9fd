import { profileSchema, type UpdateProfileInput } from '@outpost/contracts/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { meQueryKey } from '../../../lib/session';

/** PUT /api/account/profile: the player's new display name; answers the profile as stored. */
export function updateProfile(input: UpdateProfileInput) {
  return requestJson('/api/account/profile', profileSchema, { method: 'PUT', body: input });
}

/** The bar and every screen read the name from the session, so a rename refreshes it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
