import { gatherDashboardCallableName, gatherDashboardResultSchema } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callFunction } from '../../../lib/callable';

/**
 * The callable '{env}-admin-gatherRouterDashboardCallable', no payload: the Game Status figures
 * (docs/product.md §7.6), and the same figures GAME_STATUS_PERIOD_HOURS before.
 */
export function gatherDashboard(environment: Environment) {
  return callFunction(gatherDashboardCallableName(environment), null, gatherDashboardResultSchema);
}

export const gameStatusQueryOptions = (environment: Environment) =>
  queryOptions({
    queryKey: ['admin', environment, 'game-status'],
    // The figures of the last 24 hours (dashboardData) and the same figures 24 hours before (previous).
    queryFn: () => gatherDashboard(environment),
    // Figures of the last 24 hours: asked again on each visit and when the admin comes back.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useGameStatus(environment: Environment) {
  return useQuery(gameStatusQueryOptions(environment));
}
