import { type CreateMerchOrderInput, type MerchOrder, merchOrderSchema } from '@outpost/contracts/merch';
import { useQueryClient } from '@tanstack/react-query';
import { failureNotice } from '../../../../components/form/failure-notice';
import type { FormNotice } from '../../../../components/form/form-alert';
import { requestJson } from '../../../../lib/api';
import { payOrderWithCredits } from '../../../../lib/commerce/pay-order-with-credits';
import { refreshAfterPurchase } from '../../../../lib/commerce/query-keys';
import { useSpend } from '../../../../lib/use-spend';

/**
 * POST /api/shop/merch/orders: reserves the stock at Outpost's price for 15 minutes (longer for
 * Stripe) and answers the order, with PayPal's order id or Stripe's checkout page when paid that way.
 */
export function placeOrder(input: CreateMerchOrderInput, requestKey: string) {
  return requestJson('/api/shop/merch/orders', merchOrderSchema, { method: 'POST', body: input, requestKey });
}

/** An order the checkout placed: paid at once (credits), or waiting for PayPal or Stripe, with what to say. */
export interface PlacedOrder {
  order: MerchOrder;
  /** The balance after a payment in credits. */
  balance?: number;
  notice?: FormNotice;
}

/**
 * The checkout's one click: places the order and, paid in credits, pays it; one intent, so its
 * payment's key is the order's key with a suffix (a retry of the click repeats both). `onPlaced`
 * runs once the order holds the bag's items.
 */
export function usePlaceAndPay(onPlaced: () => void) {
  const queryClient = useQueryClient();
  return useSpend({
    spend: async (input: CreateMerchOrderInput, requestKey: string): Promise<PlacedOrder> => {
      const order = await placeOrder(input, requestKey);
      onPlaced();
      if (order.payment !== 'credits') return { order };
      try {
        const paid = await payOrderWithCredits(order.orderID, `${requestKey}.pay`);
        return { order: paid.order, balance: paid.balance };
      } catch (error) {
        // The order stands, reserved: its own step offers the payment again.
        return { order, notice: failureNotice(error, 'The payment did not go through.') };
      }
    },
    // Placed or refused (sold out meanwhile), the stock shown is stale.
    onSettled: () => refreshAfterPurchase(queryClient),
  });
}
