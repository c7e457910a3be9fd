import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import type { Me } from '@outpost/contracts/identity';
import type { ProfileKey } from '@outpost/contracts/permissions';
import { userKeysResultSchema } from '@outpost/contracts/user-search';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { meQueryKey } from '../../../../lib/session';
import { userSearchQueryKey } from '../../api/search-users';
import { partnersAdminQueryKey } from '../../partners/api/query-keys';
import { adminUsersQueryKey } from './get-admin-user';

/** PUT /api/admin/:env/users/:userID/keys: the user's whole set of keys (admins only). */
export function changeUserKeys(environment: Environment, userID: string, keys: readonly ProfileKey[]) {
  return requestJson(`/api/admin/${environment}/users/${encodeURIComponent(userID)}/keys`, userKeysResultSchema, {
    method: 'PUT',
    body: { keys },
  });
}

/**
 * What shows keys: every environment's searches, player pages and partner lists (keys are shared
 * by the environments, and the partners are the players with the partner key), and the session of
 * an admin who changed their own keys.
 */
function refreshKeysShown(queryClient: QueryClient, userID: string) {
  const own = queryClient.getQueryData<Me>(meQueryKey)?.user?.id === userID;
  return Promise.all([
    ...ENVIRONMENTS.flatMap((each) => [
      queryClient.invalidateQueries({ queryKey: userSearchQueryKey(each) }),
      queryClient.invalidateQueries({ queryKey: adminUsersQueryKey(each) }),
      queryClient.invalidateQueries({ queryKey: partnersAdminQueryKey(each, 'partners') }),
    ]),
    ...(own ? [queryClient.invalidateQueries({ queryKey: meQueryKey })] : []),
  ]);
}

/**
 * After a refusal too: a 409 means someone changed the keys meanwhile, and the hit should show
 * the keys stored.
 */
export function useChangeUserKeys(environment: Environment, userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keys: readonly ProfileKey[]) => changeUserKeys(environment, userID, keys),
    onSettled: () => refreshKeysShown(queryClient, userID),
  });
}
