import type { PaymentKind } from '../payments/index';
import { shopFunctionError } from './errors';
import { processDirectTransaction, processPayPalPackOrder } from './orders';

/** Credit packs (paid with PayPal) and spins (paid with credits; a PayPal spin is request-spin's) as payments settles them. */
export const SHOP_PAYMENT_KINDS: readonly PaymentKind[] = [
  {
    kind: 'credit-pack',
    async settlePayPal({ db, userId, order, paypal }) {
      const fulfilment = await processPayPalPackOrder(db, userId, order.paypal_order_id ?? '', { paypal });
      return {
        orderID: fulfilment.order.orderID,
        status: fulfilment.order.status,
        credits: fulfilment.credits,
        balance: fulfilment.balance,
      };
    },
    functionError: shopFunctionError,
  },
  {
    kind: 'spin',
    settleDirect: ({ db, userId, order }) => processDirectTransaction(db, userId, order.order_id),
    functionError: shopFunctionError,
  },
];
