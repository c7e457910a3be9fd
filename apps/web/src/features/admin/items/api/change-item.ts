import type { Environment } from '@outpost/contracts/environments';
import { type CreateItemInput, itemDeletedSchema, itemSchema, type UpdateItemInput } from '@outpost/contracts/items';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { itemQueryOptions } from './get-item';
import { itemsQueryKey } from './get-items';

const itemPath = (environment: Environment, itemID: string) =>
  `/api/admin/${environment}/items/${encodeURIComponent(itemID)}`;

/** POST /api/admin/:env/items: 409 when the ID is taken. */
export function createItem(environment: Environment, input: CreateItemInput) {
  return requestJson(`/api/admin/${environment}/items`, itemSchema, { method: 'POST', body: input });
}

/** PUT /api/admin/:env/items/:itemID: a rename. */
export function renameItem(environment: Environment, itemID: string, input: UpdateItemInput) {
  return requestJson(itemPath(environment, itemID), itemSchema, { method: 'PUT', body: input });
}

/** DELETE /api/admin/:env/items/:itemID: 409 while a purchasable sells it or a player holds it. */
export function deleteItem(environment: Environment, itemID: string) {
  return requestJson(itemPath(environment, itemID), itemDeletedSchema, { method: 'DELETE' });
}

/*
 * Each change puts the item the server answers into the cache and invalidates the lists of the
 * environment (items and purchasables share one key, as purchasables show their item's name).
 */

export function useCreateItem(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateItemInput) => createItem(environment, input),
    onSuccess: (item) => {
      queryClient.setQueryData(itemQueryOptions(environment, item.itemID).queryKey, item);
      return queryClient.invalidateQueries({ queryKey: itemsQueryKey(environment) });
    },
  });
}

export function useRenameItem(environment: Environment, itemID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateItemInput) => renameItem(environment, itemID, input),
    onSuccess: (item) => {
      queryClient.setQueryData(itemQueryOptions(environment, itemID).queryKey, item);
      return queryClient.invalidateQueries({ queryKey: itemsQueryKey(environment) });
    },
  });
}

export function useDeleteItem(environment: Environment, itemID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteItem(environment, itemID),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: itemQueryOptions(environment, itemID).queryKey });
      return queryClient.invalidateQueries({ queryKey: itemsQueryKey(environment) });
    },
  });
}
