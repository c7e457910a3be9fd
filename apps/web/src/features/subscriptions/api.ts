import { type RevenueQuery, revenueSchema } from '@outpost/contracts/backoffice';
import type { Environment } from '@outpost/contracts/environments';
import { moneyAdminQueryKey } from '@outpost/contracts/subscriptions/contract';
import {
  type PremiumPlansConfig,
  premiumPlansConfigSchema,
  premiumPlansSchema,
  subscriberListPageSchema,
} from '@outpost/contracts/subscriptions/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminListQuery, adminListSearchParams } from '../../components/admin-list/list-view';
import { requestJson } from '../../lib/api';

/** GET /api/admin/:env/subscribers: one page, and the count of each channel and state. */
export function getSubscribers(environment: Environment, query: AdminListQuery) {
  return requestJson(`/api/admin/${environment}/subscribers?${adminListSearchParams(query)}`, subscriberListPageSchema);
}

/** GET /api/admin/:env/revenue: gross, refunds and net per day and channel over the range. */
export function useRevenue(environment: Environment, range: RevenueQuery) {
  return useQuery({
    queryKey: [...moneyAdminQueryKey(environment, 'revenue'), range],
    queryFn: () => requestJson(`/api/admin/${environment}/revenue?from=${range.from}&to=${range.to}`, revenueSchema),
  });
}

/** GET /api/admin/:env/premium/plans: the annual price and the store product ids as admins set them. */
export function usePlansConfig(environment: Environment) {
  return useQuery({
    queryKey: moneyAdminQueryKey(environment, 'plans'),
    queryFn: () => requestJson(`/api/admin/${environment}/premium/plans`, premiumPlansConfigSchema),
  });
}

/** PUT /api/admin/:env/premium/plans: answers the plans as now sold. */
export function useSavePlansConfig(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: PremiumPlansConfig) =>
      requestJson(`/api/admin/${environment}/premium/plans`, premiumPlansSchema, { method: 'PUT', body: config }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyAdminQueryKey(environment, 'plans') }),
  });
}
