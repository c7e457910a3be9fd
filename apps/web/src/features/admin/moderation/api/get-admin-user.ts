import { adminUserSchema } from '@outpost/contracts/account-lifecycle';
import type { Environment } from '@outpost/contracts/environments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { CallableError } from '../../../../lib/callable';

/**
 * Every cached player page of one environment. A player's keys and suspensions are shared by the
 * environments, so a change to either invalidates this in each of them.
 */
export const adminUsersQueryKey = (environment: Environment) => ['admin', environment, 'users'] as const;

/** One player's page in one environment (its figures are that environment's). */
export const adminUserQueryKey = (environment: Environment, userID: string) =>
  [...adminUsersQueryKey(environment), userID] as const;

export const adminUserApiPath = (environment: Environment, userID: string) =>
  `/api/admin/${environment}/users/${encodeURIComponent(userID)}`;

/** GET /api/admin/:env/users/:userID: profile, keys, this environment's figures and the suspensions; 404 when there is none. */
export function getAdminUser(environment: Environment, userID: string) {
  return requestJson(adminUserApiPath(environment, userID), adminUserSchema);
}

export const adminUserQueryOptions = (environment: Environment, userID: string) =>
  queryOptions({
    queryKey: adminUserQueryKey(environment, userID),
    queryFn: () => getAdminUser(environment, userID),
    // Other staff suspend and lift, and suspensions end by themselves: each visit asks again.
    staleTime: 0,
    retry: (failures, error) => !(error instanceof CallableError && error.status === 'not-found') && failures < 1,
  });

export function useAdminUser(environment: Environment, userID: string) {
  return useQuery(adminUserQueryOptions(environment, userID));
}
