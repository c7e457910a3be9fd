import { merchPaymentResultSchema } from '@outpost/contracts/merch';
import { callHttpFunction } from '../../../../lib/callable';

/**
 * GET /api/fn/process-paypal-order (docs/product.md §7.1) with PayPal's order id: captures a merch
 * order's approved payment once.
 */
export function processMerchPayPalOrder(paypalOrderID: string, requestKey: string) {
  return callHttpFunction(
    { method: 'GET', name: 'process-paypal-order', query: { orderID: paypalOrderID } },
    merchPaymentResultSchema,
    { attestation: true, requestKey },
  );
}
