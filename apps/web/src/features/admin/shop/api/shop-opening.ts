import type { Environment } from '@outpost/contracts/environments';
import { type ContainerSpinConfig, containerSpinConfigSchema } from '@outpost/contracts/shop';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { shopAdminQueryKey } from './query-keys';

const path = (environment: Environment) => `/api/admin/${environment}/config/container-spin`;

/** GET /api/admin/:env/config/container-spin: the shop's opening date (null: open, no countdown). */
export function useShopOpening(environment: Environment) {
  return useQuery({
    queryKey: shopAdminQueryKey(environment, 'opening'),
    queryFn: () => requestJson(path(environment), containerSpinConfigSchema),
  });
}

/** PUT /api/admin/:env/config/container-spin. */
export function useSaveShopOpening(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: ContainerSpinConfig) =>
      requestJson(path(environment), containerSpinConfigSchema, { method: 'PUT', body: config }),
    onSuccess: (saved) => queryClient.setQueryData(shopAdminQueryKey(environment, 'opening'), saved),
  });
}
