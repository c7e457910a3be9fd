import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { ProfileKey } from '@outpost/contracts/permissions';
import { userKeysResultSchema } from '@outpost/contracts/user-search';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { userSearchQueryKey } from '../../api/search-users';

/** PUT /api/admin/:env/users/:userID/keys: the user's whole set of keys (admins only). */
export function changeUserKeys(environment: Environment, userID: string, keys: readonly ProfileKey[]) {
  return requestJson(`/api/admin/${environment}/users/${encodeURIComponent(userID)}/keys`, userKeysResultSchema, {
    method: 'PUT',
    body: { keys },
  });
}

/**
 * Keys are shared by the environments, so every environment's searches are asked again, after a
 * refusal too: a 409 means someone changed them meanwhile, and the hit should show their keys.
 */
export function useChangeUserKeys(environment: Environment, userID: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(ENVIRONMENTS.map((each) => queryClient.invalidateQueries({ queryKey: userSearchQueryKey(each) })));
  return useMutation({
    mutationFn: (keys: readonly ProfileKey[]) => changeUserKeys(environment, userID, keys),
    onSettled: refresh,
  });
}
