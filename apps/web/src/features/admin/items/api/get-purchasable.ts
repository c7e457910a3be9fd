import type { Environment } from '@outpost/contracts/environments';
import { purchasableSchema } from '@outpost/contracts/items';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { retryUnlessMissing } from './get-item';
import { purchasablesQueryKey } from './get-purchasables';

/** GET /api/admin/:env/purchasables/:purchasableID: 404 when the environment has none of that ID. */
export function getPurchasable(environment: Environment, purchasableID: string) {
  return requestJson(`/api/admin/${environment}/purchasables/${encodeURIComponent(purchasableID)}`, purchasableSchema);
}

export const purchasableQueryOptions = (environment: Environment, purchasableID: string) =>
  queryOptions({
    queryKey: [...purchasablesQueryKey(environment), 'purchasable', purchasableID],
    queryFn: () => getPurchasable(environment, purchasableID),
    retry: retryUnlessMissing,
  });

export function usePurchasable(environment: Environment, purchasableID: string) {
  return useQuery(purchasableQueryOptions(environment, purchasableID));
}
