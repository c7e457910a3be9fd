import type { PaymentKind } from '../payments/index';
import { merchFunctionError } from './errors';
import { payMerchOrderWithCredits, payMerchOrderWithPayPal } from './orders';

/** Merch orders as payments settles them: paid with PayPal or with credits. */
export const MERCH_PAYMENT_KIND: PaymentKind = {
  kind: 'merch',
  settlePayPal: ({ db, paypal, userId, order }) => payMerchOrderWithPayPal(db, paypal, userId, order),
  settleDirect: ({ db, userId, order }) => payMerchOrderWithCredits(db, userId, order.order_id),
  functionError: merchFunctionError,
};
