import type { Environment } from '@outpost/contracts/environments';
import { type CreateCreditPackInput, type CreditPackInput, creditPackSchema } from '@outpost/contracts/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { creditPackQueryOptions } from './get-credit-pack';
import { shopAdminQueryKey } from './query-keys';

/** POST /api/admin/:env/credit-packs: a new pack; 409 when the ID is taken. */
export function createCreditPack(environment: Environment, input: CreateCreditPackInput) {
  return requestJson(`/api/admin/${environment}/credit-packs`, creditPackSchema, { method: 'POST', body: input });
}

/** PUT /api/admin/:env/credit-packs/:packID: its name, credits, price and availability (hiding is available false). */
export function updateCreditPack(environment: Environment, packID: string, input: CreditPackInput) {
  return requestJson(`/api/admin/${environment}/credit-packs/${encodeURIComponent(packID)}`, creditPackSchema, {
    method: 'PUT',
    body: input,
  });
}

/** Creates or saves a pack; the answer goes into the cache, so its edit screen opens without loading it again. */
export function useSaveCreditPack(environment: Environment) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: { create: CreateCreditPackInput } | { packID: string; input: CreditPackInput }) =>
      'create' in save
        ? createCreditPack(environment, save.create)
        : updateCreditPack(environment, save.packID, save.input),
    onSuccess: (pack) => {
      queryClient.setQueryData(creditPackQueryOptions(environment, pack.packID).queryKey, pack);
      return queryClient.invalidateQueries({ queryKey: [...shopAdminQueryKey(environment, 'packs'), 'list'] });
    },
  });
}
