import type { Environment } from '@outpost/contracts/environments';
import {
  type MergePurchasableInput,
  mergedPurchasableSchema,
  purchasableDeletedSchema,
} from '@outpost/contracts/items';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { itemsQueryKey } from './get-items';
import { purchasableQueryOptions } from './get-purchasable';

const purchasablePath = (environment: Environment, purchasableID: string) =>
  `/api/admin/${environment}/purchasables/${encodeURIComponent(purchasableID)}`;

/**
 * PUT /api/admin/:env/purchasables/:purchasableID, docs/product.md §7.9's merge: only the fields sent change,
 * so two admins changing different fields do not undo each other; a new ID is created.
 */
export function mergePurchasable(environment: Environment, purchasableID: string, input: MergePurchasableInput) {
  return requestJson(purchasablePath(environment, purchasableID), mergedPurchasableSchema, {
    method: 'PUT',
    body: input,
  });
}

export function deletePurchasable(environment: Environment, purchasableID: string) {
  return requestJson(purchasablePath(environment, purchasableID), purchasableDeletedSchema, { method: 'DELETE' });
}

export interface PurchasableMerge {
  purchasableID: string;
  input: MergePurchasableInput;
}

/** The merged purchasable, as the server answers it, replaces the cached one. */
export function useMergePurchasable(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchasableID, input }: PurchasableMerge) => mergePurchasable(environment, purchasableID, input),
    onSuccess: ({ purchasable }) => {
      queryClient.setQueryData(purchasableQueryOptions(environment, purchasable.purchasableID).queryKey, purchasable);
      // The items list counts purchasables per item, so its pages go stale too.
      return queryClient.invalidateQueries({ queryKey: itemsQueryKey(environment) });
    },
  });
}

export function useDeletePurchasable(environment: Environment, purchasableID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePurchasable(environment, purchasableID),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: purchasableQueryOptions(environment, purchasableID).queryKey });
      return queryClient.invalidateQueries({ queryKey: itemsQueryKey(environment) });
    },
  });
}
