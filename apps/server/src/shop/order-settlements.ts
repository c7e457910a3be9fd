import type { OrderSettlement } from '../domain';
import type { PayPalOrdersApi } from '../payments/index';
import { shopFunctionError } from './errors';
import { processDirectTransaction, processPayPalPackOrder } from './pack-and-spin-orders';

/**
 * Credit packs (paid with PayPal) and spins (paid with credits; a PayPal spin is request-spin's) as
 * the payment functions settle them, through APP_ENV's PayPal client (undefined when PayPal is off).
 */
export function shopOrderSettlements(paypal: PayPalOrdersApi | undefined): readonly OrderSettlement[] {
  return [
    {
      kind: 'credit-pack',
      async settlePayPal({ db, userId, order }) {
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
}
