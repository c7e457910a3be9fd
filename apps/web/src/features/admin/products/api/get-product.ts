import type { Environment } from '@outpost/contracts/environments';
import { productSchema } from '@outpost/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { CallableError } from '../../../../lib/callable';
import { productsQueryKey } from './get-products';

/** GET /api/admin/:env/products/:productID: the whole product, 404 when the environment has none of that ID. */
export function getProduct(environment: Environment, productID: string) {
  return requestJson(`/api/admin/${environment}/products/${encodeURIComponent(productID)}`, productSchema);
}

export const productQueryOptions = (environment: Environment, productID: string) =>
  queryOptions({
    queryKey: [...productsQueryKey(environment), 'product', productID],
    queryFn: () => getProduct(environment, productID),
    // An unknown product stays unknown: asking again would only delay the message.
    retry: (failures, error) => !(error instanceof CallableError && error.status === 'not-found') && failures < 1,
  });

export function useProduct(environment: Environment, productID: string) {
  return useQuery(productQueryOptions(environment, productID));
}
