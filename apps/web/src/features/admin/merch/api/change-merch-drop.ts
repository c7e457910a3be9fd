import type { Environment } from '@outpost/contracts/environments';
import { type CreateMerchDropInput, type MerchDropInput, merchDropSchema } from '@outpost/contracts/merch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { requestJson } from '../../../../lib/api';
import { merchAdminQueryKey } from './query-keys';

const dropPath = (environment: Environment, dropID: string) =>
  `/api/admin/${environment}/merch/drops/${encodeURIComponent(dropID)}`;
const deletedSchema = z.object({ deleted: z.literal(true) });

/** A change to the merch drops: create, save (PUT) or delete. */
export type MerchDropChange =
  | { kind: 'create'; input: CreateMerchDropInput }
  | { kind: 'update'; dropID: string; input: MerchDropInput }
  | { kind: 'delete'; dropID: string };

export async function changeMerchDrop(environment: Environment, change: MerchDropChange): Promise<unknown> {
  switch (change.kind) {
    case 'create':
      return requestJson(`/api/admin/${environment}/merch/drops`, merchDropSchema, {
        method: 'POST',
        body: change.input,
      });
    case 'update':
      return requestJson(dropPath(environment, change.dropID), merchDropSchema, { method: 'PUT', body: change.input });
    case 'delete':
      return requestJson(dropPath(environment, change.dropID), deletedSchema, { method: 'DELETE' });
  }
}

/** Any change to the drops refreshes their list, and the ecom-products listing that names each variety's drop. */
export function useChangeMerchDrop(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MerchDropChange) => changeMerchDrop(environment, change),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: merchAdminQueryKey(environment, 'drops') }),
        queryClient.invalidateQueries({ queryKey: merchAdminQueryKey(environment, 'ecom-products') }),
      ]),
  });
}
