import type { Environment } from '@outpost/contracts/environments';
import { type CreateDropInput, type DropInput, dropSchema } from '@outpost/contracts/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { shopAdminQueryKey } from './query-keys';

const dropPath = (environment: Environment, dropID: string) =>
  `/api/admin/${environment}/drops/${encodeURIComponent(dropID)}`;

/** A change to the drops: create, save (PUT) or delete; each answers the drop. */
export type DropChange =
  | { kind: 'create'; input: CreateDropInput }
  | { kind: 'update'; dropID: string; input: DropInput }
  | { kind: 'delete'; dropID: string };

export async function changeDrop(environment: Environment, change: DropChange) {
  switch (change.kind) {
    case 'create':
      return requestJson(`/api/admin/${environment}/drops`, dropSchema, { method: 'POST', body: change.input });
    case 'update':
      return requestJson(dropPath(environment, change.dropID), dropSchema, { method: 'PUT', body: change.input });
    case 'delete':
      return requestJson(dropPath(environment, change.dropID), dropSchema, { method: 'DELETE' });
  }
}

/** Any change to the drops refreshes their list. */
export function useChangeDrop(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DropChange) => changeDrop(environment, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopAdminQueryKey(environment, 'drops') }),
  });
}
