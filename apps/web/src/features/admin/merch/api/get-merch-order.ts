import type { Environment } from '@outpost/contracts/environments';
import { adminMerchOrderSchema } from '@outpost/contracts/merch';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { CallableError } from '../../../../lib/callable';
import { merchAdminQueryKey } from './query-keys';

export const merchOrderPath = (environment: Environment, orderID: string) =>
  `/api/admin/${environment}/merch/orders/${encodeURIComponent(orderID)}`;

/** GET /api/admin/:env/merch/orders/:orderID: the order, its refunds and its version; 404 when there is none. */
export function getMerchOrder(environment: Environment, orderID: string) {
  return requestJson(merchOrderPath(environment, orderID), adminMerchOrderSchema);
}

export const merchOrderQueryOptions = (environment: Environment, orderID: string) =>
  queryOptions({
    queryKey: [...merchAdminQueryKey(environment, 'orders'), 'order', orderID],
    queryFn: () => getMerchOrder(environment, orderID),
    // Payments, expiry and other admins move an order: it is read again on each visit.
    staleTime: 0,
    retry: (failures, error) => !(error instanceof CallableError && error.status === 'not-found') && failures < 1,
  });

export function useMerchOrder(environment: Environment, orderID: string) {
  return useQuery(merchOrderQueryOptions(environment, orderID));
}
