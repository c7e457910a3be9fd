import { merchOrderSchema } from '@outpost/contracts/merch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../api';
import { refreshAfterPurchase } from './query-keys';

/** POST /api/shop/merch/orders/:orderID/cancel: gives up an order waiting for payment; its stock returns. */
export function cancelOrder(orderID: string) {
  return requestJson(`/api/shop/merch/orders/${encodeURIComponent(orderID)}/cancel`, merchOrderSchema, {
    method: 'POST',
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // A refusal (paid meanwhile, already expired) also means the order shown is stale.
    onSettled: () => refreshAfterPurchase(queryClient),
  });
}
