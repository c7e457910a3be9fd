import { gatherDashboardCallableName, gatherDashboardResultSchema } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callFunction } from '../../../lib/callable';

/**
 * The callable '{env}-admin-gatherRouterDashboardCallable', no payload: the Game Status figures
 * (docs/product.md §7.6).
 */
export function gatherDashboard(environment: Environment) {
  return callFunction(gatherDashboardCallableName(environment), null, gatherDashboardResultSchema);
}

export const gameStatusQueryOptions = (environment: Environment) =>
  queryOptions({
    queryKey: ['admin', environment, 'game-status'],
    queryFn: async () => (await gatherDashboard(environment)).dashboardData,
    // Figures of the last 24 hours: asked again on each visit and when the admin comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useGameStatus(environment: Environment) {
  return useQuery(gameStatusQueryOptions(environment));
}
