import {
  type CreateOrderInput,
  orderSchema,
  packPurchaseResultSchema,
  spinResultSchema,
} from '@outpost/contracts/shop';
import { requestJson } from '../../../lib/api';
import { callHttpFunction } from '../../../lib/callable';
import { newRequestKey } from '../../../lib/request-key';

/**
 * POST /api/shop/orders: Outpost records the order at its own price and creates PayPal's; the buttons
 * approve that id. PayPal's buttons ask once per click on them, so each call is an intent of its own.
 */
export async function createPayPalOrder(input: CreateOrderInput): Promise<string> {
  const order = await requestJson('/api/shop/orders', orderSchema, {
    method: 'POST',
    body: input,
    requestKey: newRequestKey(),
  });
  if (!order.paypalOrderID) throw new Error('The server did not create a PayPal order.');
  return order.paypalOrderID;
}

/**
 * GET /api/fn/process-paypal-order (docs/product.md §7.1): captures an approved pack order and adds its
 * credits once.
 */
export function processPayPalOrder(orderID: string, requestKey: string) {
  return callHttpFunction(
    { method: 'GET', name: 'process-paypal-order', query: { orderID } },
    packPurchaseResultSchema,
    { attestation: true, requestKey },
  );
}

/** GET /api/fn/request-spin (docs/product.md §7.1): captures an approved spin order and spins once. */
export function requestSpin(paypalOrderID: string, requestKey: string) {
  return callHttpFunction(
    { method: 'GET', name: 'request-spin', query: { paypalOrderID, userID: 'direct' } },
    spinResultSchema,
    { attestation: true, requestKey },
  );
}
