import type { Generated, Selectable } from 'kysely';

/*
 * Payments' tables. Both were created by the shop's first migration (shop/migrations/2026-11-27-shop)
 * and shop_orders took Stripe's columns in merch's (2026-11-29-merch): a shipped migration stays
 * where it shipped, and the tables' later changes are payments' own migrations.
 */

/** Outpost's own record of a payment: what, for whom, at which price. */
export interface ShopOrderTable {
  order_id: string;
  user_id: string;
  kind: string;
  payment: string;
  pack_id: string | null;
  machine_id: string | null;
  amount_cents: number;
  /** Credits a pack adds, or a spin paid in credits costs. */
  credits: number;
  currency: string;
  paypal_order_id: string | null;
  /** Stripe Checkout's session of a card payment, and the payment it became. */
  stripe_session_id: string | null;
  stripe_payment_intent: string | null;
  status: string;
  created_at: string;
  settled_at: string | null;
}

/** Every PayPal outcome as it happened (spec §3 paypal-transactions). */
export interface PayPalTransactionTable {
  id: Generated<number>;
  /** PayPal's order id. */
  order_id: string;
  user_id: string;
  /** completed, pending, declined, mismatch, failed. */
  result: string;
  /** JSON text; null when PayPal sent none (digital goods). */
  shipping: string | null;
  /** JSON text: what Outpost expected and what PayPal captured. */
  amounts: string;
  created_at: string;
}

export type ShopOrderRow = Selectable<ShopOrderTable>;

export interface PaymentTables {
  shop_orders: ShopOrderTable;
  paypal_transactions: PayPalTransactionTable;
}
