import { moderationDashboardSchema } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';

/** GET /api/admin/:env/dashboard: the 'Moderation & Reports' figures of one environment. */
export function getModerationDashboard(environment: Environment) {
  return requestJson(`/api/admin/${environment}/dashboard`, moderationDashboardSchema);
}

export const moderationDashboardQueryOptions = (environment: Environment) =>
  queryOptions({
    queryKey: ['admin', environment, 'dashboard'],
    queryFn: () => getModerationDashboard(environment),
    // Figures change with every other screen's saves (a product turned Active): asked again on
    // each visit and when the admin comes back to the tab, the last answer shown meanwhile.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useModerationDashboard(environment: Environment) {
  return useQuery(moderationDashboardQueryOptions(environment));
}
