import type { Environment } from '@outpost/contracts/environments';
import { type PartnersConfig, partnersConfigSchema } from '@outpost/contracts/partners';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { partnersAdminQueryKey } from './query-keys';

const path = (environment: Environment) => `/api/admin/${environment}/partners-config`;

/** GET /api/admin/:env/partners-config: config/partners, or its defaults until an admin saves one. */
export function usePartnersConfig(environment: Environment) {
  return useQuery({
    queryKey: partnersAdminQueryKey(environment, 'config'),
    queryFn: () => requestJson(path(environment), partnersConfigSchema),
  });
}

/** PUT /api/admin/:env/partners-config: the whole document; the answer is what the screen shows. */
export function useSavePartnersConfig(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: PartnersConfig) =>
      requestJson(path(environment), partnersConfigSchema, { method: 'PUT', body: config }),
    onSuccess: (saved) => queryClient.setQueryData(partnersAdminQueryKey(environment, 'config'), saved),
  });
}
