import { type BetaConfig, betaConfigSchema } from '@outpost/contracts/beta';
import type { Environment } from '@outpost/contracts/environments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { feedbackChoicesQueryKey } from '../../moderation/api/get-feedback-choices';
import { betaAdminQueryKey } from './query-keys';

const path = (environment: Environment) => `/api/admin/${environment}/beta-config`;

/** GET /api/admin/:env/beta-config: beta-config/v1, or its defaults until staff save one. */
export function useBetaConfig(environment: Environment) {
  return useQuery({
    queryKey: betaAdminQueryKey(environment, 'config'),
    queryFn: () => requestJson(path(environment), betaConfigSchema),
  });
}

/** PUT /api/admin/:env/beta-config: the whole document; the answer is what the screen shows. */
export function useSaveBetaConfig(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (config: BetaConfig) =>
      requestJson(path(environment), betaConfigSchema, { method: 'PUT', body: config }),
    onSuccess: (saved) => {
      queryClient.setQueryData(betaAdminQueryKey(environment, 'config'), saved);
      // The feedback filters offer its categories and sentiments.
      return queryClient.invalidateQueries({ queryKey: feedbackChoicesQueryKey(environment) });
    },
  });
}
