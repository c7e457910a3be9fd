import type { Environment } from '@outpost/contracts/environments';
import { adminAccessSchema } from '@outpost/contracts/permissions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { CallableError } from '../../../lib/callable';

/** The server answers 401 to visitors and 403 to accounts without an admin key; it is the guard. */
export function getAdminAccess(environment: Environment) {
  return requestJson(`/api/admin/${environment}/access`, adminAccessSchema);
}

const REFUSALS = new Set<string>(['unauthenticated', 'permission-denied', 'invalid-argument', 'not-found']);

/** Keyed by the account too, so another account signing in on this tab never sees a cached answer. */
export const adminAccessQueryOptions = (environment: Environment, userId: string | null) =>
  queryOptions({
    queryKey: ['admin', environment, 'access', userId],
    queryFn: () => getAdminAccess(environment),
    // A refusal is an answer, not a hiccup: asking again would only delay the message.
    retry: (failures, error) => !(error instanceof CallableError && REFUSALS.has(error.status)) && failures < 1,
  });

export function useAdminAccess(environment: Environment, userId: string | null, enabled: boolean) {
  // Switching environments keeps the shell (and the switch's focus) on screen while the new answer loads.
  return useQuery({ ...adminAccessQueryOptions(environment, userId), enabled, placeholderData: keepPreviousData });
}
