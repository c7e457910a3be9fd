import { adminUserSchema } from '@outpost/contracts/account-lifecycle';
import type { Environment } from '@outpost/contracts/environments';
import { QUERY_KEYS } from '@outpost/contracts/live-topics';
import { queryOptions, useMutationState, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { CallableError } from '../../../../lib/callable';

/**
 * Every cached player page of one environment. A player's keys and suspensions are shared by the
 * environments, so a change to either invalidates this in each of them; live, the admin log's topic
 * does (live-topics.ts).
 */
export const adminUsersQueryKey = QUERY_KEYS.adminUsers;

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
  return useQuery({ ...adminUserQueryOptions(environment, userID), enabled: useStillThere(environment, userID) });
}

/** The deletion of a player's account asked from their page (account-tools.tsx). */
export const accountDeletionKey = (environment: Environment, userID: string) =>
  ['admin', environment, 'account-deletion', userID] as const;

/**
 * False once the player's deletion has been asked from their page, and after it: the page's reads
 * stop, so the admin log's event of the deletion, which reaches the page before the deletion's own
 * answer, does not read again a player who is no more (a 404 for each of the page's queries).
 */
export function useStillThere(environment: Environment, userID: string): boolean {
  const deletions = useMutationState({
    filters: { mutationKey: accountDeletionKey(environment, userID) },
    select: (mutation) => mutation.state.status,
  });
  return !deletions.some((status) => status === 'pending' || status === 'success');
}
