import { shopSchema } from '@outpost/contracts/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api';
import { shopQueryKey } from '../../../lib/commerce/query-keys';

/** GET /api/shop: packs, machines with their published odds, drops, the opening date; per viewer. */
export const shopQueryOptions = queryOptions({
  queryKey: shopQueryKey,
  queryFn: () => requestJson('/api/shop', shopSchema),
});

export function useShop() {
  return useQuery(shopQueryOptions);
}
