import { type CreateMerchOrderInput, merchOrderSchema } from '@outpost/contracts/merch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../../lib/api';
import { refreshAfterPurchase } from '../../../../lib/commerce/query-keys';

/**
 * POST /api/shop/merch/orders: reserves the stock at Outpost's price for 15 minutes (longer for
 * Stripe) and answers the order, with PayPal's order id or Stripe's checkout page when paid that way.
 */
export function placeOrder(input: CreateMerchOrderInput) {
  return requestJson('/api/shop/merch/orders', merchOrderSchema, { method: 'POST', body: input });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Placed or refused (sold out meanwhile), the stock shown is stale.
    onSettled: () => refreshAfterPurchase(queryClient),
  });
}
