import type { Generated, Selectable } from 'kysely';

/*
 * Payments' tables. Both were created by the shop's first migration (shop/migrations/2026-11-27-shop),
 * the orders as shop_orders, which took Stripe's columns in merch's (2026-11-29-merch): a shipped
 * migration stays where it shipped, and the tables' later changes are payments' own migrations
 * (payment_orders is shop_orders renamed, 2026-12-17-payment-orders).
 */

/** Outpost's own record of a payment: what, for whom, at which price. */
export interface PaymentOrderTable {
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
  /** The order's number for people (#1047), given by the store (platform/db/row-numbers.ts). */
  order_number: Generated<number>;
}

/** Every PayPal outcome as it happened (docs/product.md §3.16 paypal-transactions). */
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

/**
 * The completed orders paid with money per day settled, channel and currency, kept by the store as orders
 * are written (migrations/2026-12-28-revenue-days.ts): what revenue reads.
 */
export interface PaymentRevenueDayTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  payment: string;
  currency: string;
  orders: number | string;
  gross_cents: number | string;
}

/**
 * The completed orders per day settled and kind, kept by the store as orders are written
 * (migrations/2026-12-31-settled-order-days.ts): what the series of settled orders reads.
 */
export interface PaymentOrderDayTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  kind: string;
  orders: number | string;
}

export type PaymentOrderRow = Selectable<PaymentOrderTable>;

export interface PaymentTables {
  payment_orders: PaymentOrderTable;
  paypal_transactions: PayPalTransactionTable;
  payment_revenue_days: PaymentRevenueDayTable;
  payment_order_days: PaymentOrderDayTable;
}

declare module '../database' {
  interface GameDatabase extends PaymentTables {}
}
