import { merchPaymentResultSchema } from '@outpost/contracts/merch';
import { useQueryClient } from '@tanstack/react-query';
import { callHttpFunction } from '../callable';
import { useSpend } from '../use-spend';
import { refreshAfterPurchase } from './query-keys';

/** GET /api/fn/process-direct-transaction (docs/product.md §7.1): pays a merch order placed for credits, once. */
export function payOrderWithCredits(orderID: string, requestKey: string) {
  return callHttpFunction(
    { method: 'GET', name: 'process-direct-transaction', query: { orderID } },
    merchPaymentResultSchema,
    { attestation: true, requestKey },
  );
}

export function usePayOrderWithCredits() {
  const queryClient = useQueryClient();
  return useSpend({
    spend: payOrderWithCredits,
    // A refusal (not enough credits, reservation lapsed) changes what the screens show too.
    onSettled: () => refreshAfterPurchase(queryClient),
  });
}
