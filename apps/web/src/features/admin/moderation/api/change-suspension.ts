import type { LiftSuspensionInput, SuspendInput } from '@outpost/contracts/account-lifecycle';
import { ENVIRONMENTS, type Environment } from '@outpost/contracts/environments';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from '../../../../lib/api';
import { adminLogQueryKey } from '../../api/get-admin-log';
import { moderationDashboardQueryOptions } from '../../api/get-dashboard';
import { adminUserApiPath, adminUserQueryKey } from './get-admin-user';

/** A change of a player's suspension: suspend (or change the suspension in force), or lift it. */
export type SuspensionChange = { kind: 'suspend'; input: SuspendInput } | { kind: 'lift'; input: LiftSuspensionInput };

/**
 * POST …/users/:userID/suspension or …/suspension/lift (staff and admins). The page shows what
 * the server stores by reading the player again afterwards, so the answer's shape is not relied on.
 */
export function changeSuspension(environment: Environment, userID: string, change: SuspensionChange) {
  const path = `${adminUserApiPath(environment, userID)}/suspension`;
  return change.kind === 'suspend'
    ? requestJson(path, z.unknown(), { method: 'POST', body: change.input })
    : requestJson(`${path}/lift`, z.unknown(), { method: 'POST', body: change.input });
}

/**
 * What shows a suspension: the player's page in every environment (accounts are shared), every
 * environment's dashboard (its Suspended Players counts accounts), and the admin log of the
 * environment the change was made in. Awaited, so the page shows the stored state when the
 * mutation settles.
 */
function refreshSuspensionShown(queryClient: QueryClient, environment: Environment, userID: string) {
  return Promise.all([
    ...ENVIRONMENTS.flatMap((each) => [
      queryClient.invalidateQueries({ queryKey: adminUserQueryKey(each, userID) }),
      queryClient.invalidateQueries({ queryKey: moderationDashboardQueryOptions(each).queryKey }),
    ]),
    queryClient.invalidateQueries({ queryKey: adminLogQueryKey(environment) }),
  ]);
}

/** After a refusal too: a 409 means someone else changed it meanwhile, a 404 that the account went. */
export function useChangeSuspension(environment: Environment, userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SuspensionChange) => changeSuspension(environment, userID, change),
    onSettled: () => refreshSuspensionShown(queryClient, environment, userID),
  });
}
