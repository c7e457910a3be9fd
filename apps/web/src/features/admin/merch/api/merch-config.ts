import type { Environment } from '@outpost/contracts/environments';
import { type MerchConfig, merchConfigSchema } from '@outpost/contracts/merch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { merchAdminQueryKey } from './query-keys';

const path = (environment: Environment) => `/api/admin/${environment}/config/merch`;

/** GET /api/admin/:env/config/merch: what a dollar of merch costs in credits. */
export function useMerchConfig(environment: Environment) {
  return useQuery({
    queryKey: merchAdminQueryKey(environment, 'config'),
    queryFn: () => requestJson(path(environment), merchConfigSchema),
  });
}

/** PUT /api/admin/:env/config/merch; the answer is what the screen shows. */
export function useSaveMerchConfig(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: MerchConfig) =>
      requestJson(path(environment), merchConfigSchema, { method: 'PUT', body: config }),
    onSuccess: (saved) => queryClient.setQueryData(merchAdminQueryKey(environment, 'config'), saved),
  });
}
