import type { OrderSettlement } from '../domain';
import type { PayPalOrdersApi } from '../payments/index';
import { merchFunctionError } from './errors';
import { payMerchOrderWithCredits, payMerchOrderWithPayPal } from './merch-orders';

/** Merch orders as the payment functions settle them: paid with PayPal (APP_ENV's client, undefined when off) or with credits. */
export function merchOrderSettlement(paypal: PayPalOrdersApi | undefined): OrderSettlement {
  return {
    kind: 'merch',
    settlePayPal: ({ db, userId, order }) => payMerchOrderWithPayPal(db, paypal, userId, order),
    settleDirect: ({ db, userId, order }) => payMerchOrderWithCredits(db, userId, order.order_id),
    functionError: merchFunctionError,
  };
}
