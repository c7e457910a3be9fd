import type { Environment } from '@outpost/contracts/environments';
import { adminMerchOrderSchema, type MerchFulfilmentInput, type MerchRefundInput } from '@outpost/contracts/merch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { merchOrderPath, merchOrderQueryOptions } from './get-merch-order';
import { merchAdminQueryKey } from './query-keys';

/** A change to one order: packed or shipped (from the version loaded), or a refund. Each answers the order. */
export type MerchOrderChange =
  | { kind: 'fulfil'; input: MerchFulfilmentInput }
  | { kind: 'refund'; input: MerchRefundInput };

/**
 * PUT …/fulfilment or POST …/refunds. The order the server answers replaces the one on screen, so
 * the screen shows what was stored (times, tracking, refunds, version); the lists that show the
 * order (its status, its sales) are asked again.
 */
export function changeMerchOrder(environment: Environment, orderID: string, change: MerchOrderChange) {
  const path = merchOrderPath(environment, orderID);
  return change.kind === 'fulfil'
    ? requestJson(`${path}/fulfilment`, adminMerchOrderSchema, { method: 'PUT', body: change.input })
    : requestJson(`${path}/refunds`, adminMerchOrderSchema, { method: 'POST', body: change.input });
}

export function useChangeMerchOrder(environment: Environment, orderID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MerchOrderChange) => changeMerchOrder(environment, orderID, change),
    onSuccess: (order) => {
      queryClient.setQueryData(merchOrderQueryOptions(environment, orderID).queryKey, order);
      const orders = merchAdminQueryKey(environment, 'orders');
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...orders, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...orders, 'recent'] }),
        queryClient.invalidateQueries({ queryKey: merchAdminQueryKey(environment, 'ecom-products') }),
      ]);
    },
  });
}
