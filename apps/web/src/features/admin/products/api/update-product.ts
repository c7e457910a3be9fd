import type { Environment } from '@outpost/contracts/environments';
import { productSchema, type UpdateProductInput } from '@outpost/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { productQueryOptions } from './get-product';
import { productsQueryKey } from './get-products';

export interface ProductSave {
  input: UpdateProductInput;
  /** New images, appended after the kept ones in this order. */
  files: readonly File[];
}

/**
 * PUT /api/admin/:env/products/:productID: the whole product in one request, its new images
 * beside it. Without files it is JSON; with files multipart, the `product` part first, as the
 * server reads it before the files. Nothing is saved when the server refuses any part (an
 * image that is none or too large, someone else's newer save).
 */
export function updateProduct(environment: Environment, productID: string, { input, files }: ProductSave) {
  const path = `/api/admin/${environment}/products/${encodeURIComponent(productID)}`;
  if (files.length === 0) return requestJson(path, productSchema, { method: 'PUT', body: { product: input } });
  const form = new FormData();
  form.append('product', JSON.stringify(input));
  for (const file of files) form.append('images', file, file.name);
  return requestJson(path, productSchema, { method: 'PUT', body: form });
}

/** The saved product, as the server answers it (lifetime quantities, image indexes), replaces the cached one. */
export function useUpdateProduct(environment: Environment, productID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: ProductSave) => updateProduct(environment, productID, save),
    onSuccess: (product) => {
      queryClient.setQueryData(productQueryOptions(environment, productID).queryKey, product);
      return queryClient.invalidateQueries({ queryKey: [...productsQueryKey(environment), 'list'] });
    },
  });
}
