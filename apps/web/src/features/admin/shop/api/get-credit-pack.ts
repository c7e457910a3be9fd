import type { Environment } from '@outpost/contracts/environments';
import { creditPackSchema } from '@outpost/contracts/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { CallableError } from '../../../../lib/callable';
import { shopAdminQueryKey } from './query-keys';

/** GET /api/admin/:env/credit-packs/:packID; 404 when the environment has no pack of that ID. */
export function getCreditPack(environment: Environment, packID: string) {
  return requestJson(`/api/admin/${environment}/credit-packs/${encodeURIComponent(packID)}`, creditPackSchema);
}

export const creditPackQueryOptions = (environment: Environment, packID: string) =>
  queryOptions({
    queryKey: [...shopAdminQueryKey(environment, 'packs'), 'pack', packID],
    queryFn: () => getCreditPack(environment, packID),
    // An unknown pack stays unknown: asking again would only delay the message.
    retry: (failures, error) => !(error instanceof CallableError && error.status === 'not-found') && failures < 1,
  });

export function useCreditPack(environment: Environment, packID: string) {
  return useQuery(creditPackQueryOptions(environment, packID));
}
