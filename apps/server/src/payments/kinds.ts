import type { MerchPaymentResult } from '@outpost/contracts/merch';
import type { PackPurchaseResult, SpinResult } from '@outpost/contracts/shop';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../stores';
import type { PayPalOrdersApi } from './paypal/paypal-client';
import type { ShopOrderRow } from './tables';

/** An order to settle: APP_ENV's store, the signed-in player, and the order's payment record. */
export interface Settling {
  db: Kysely<GameDatabase>;
  userId: string;
  order: ShopOrderRow;
}

/**
 * How the orders of one kind (shop_orders.kind) are settled by the product functions that settle
 * any order of Outpost's (spec §7): a domain that sells something brings its kind, and payments
 * finds the order and hands it to the kind's settlement, which grants what was bought once.
 */
export interface PaymentKind {
  kind: string;
  /** GET /api/fn/process-paypal-order: the order paid with PayPal; absent where no order of the kind is. */
  settlePayPal?(
    settling: Settling & { paypal: PayPalOrdersApi | undefined },
  ): Promise<PackPurchaseResult | MerchPaymentResult>;
  /** GET /api/fn/process-direct-transaction: the order paid with credits; absent where no order of the kind is. */
  settleDirect?(settling: Settling): Promise<SpinResult | MerchPaymentResult>;
  /** The kind's refusals as the protocol's errors (they fall back to payments' own). */
  functionError(error: unknown): unknown;
}
