import type { Environment } from '@outpost/contracts/environments';
import { type CreateProductInput, productSchema } from '@outpost/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { productQueryOptions } from './get-product';
import { productsQueryKey } from './get-products';

/** POST /api/admin/:env/products: a new product, Inactive; 409 when the ID is taken. */
export function createProduct(environment: Environment, input: CreateProductInput) {
  return requestJson(`/api/admin/${environment}/products`, productSchema, { method: 'POST', body: input });
}

/** The new product goes into the cache, so its edit screen opens without loading it again. */
export function useCreateProduct(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProductInput) => createProduct(environment, input),
    onSuccess: (product) => {
      queryClient.setQueryData(productQueryOptions(environment, product.productID).queryKey, product);
      return queryClient.invalidateQueries({ queryKey: [...productsQueryKey(environment), 'list'] });
    },
  });
}
