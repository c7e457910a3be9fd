import { merchCatalogueSchema } from '@outpost/contracts/merch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { shopQueryKey } from '../../../../lib/commerce/query-keys';

/** Under the shop's key, so whatever refreshes the shop after a purchase refreshes the merch stock too. */
export const merchQueryKey = [...shopQueryKey, 'merch'] as const;

/** GET /api/shop/merch: products with stock left, drops, which payment methods are on, the server's clock. */
export const merchQueryOptions = queryOptions({
  queryKey: merchQueryKey,
  queryFn: () => requestJson('/api/shop/merch', merchCatalogueSchema),
});

export function useMerch() {
  return useQuery(merchQueryOptions);
}
