import type { Generated, Selectable } from 'kysely';

/** A merch drop (docs/product.md §3.16 merch-drops): products that go on sale together at `opens_at`. */
export interface MerchDropTable {
  drop_id: string;
  name: string;
  /** ISO 8601, UTC. */
  opens_at: string;
  created_at: string;
  updated_at: string;
}

/** A product of a drop, in the drop's order; a product belongs to one drop at most. */
export interface MerchDropProductTable {
  drop_id: string;
  product_id: string;
  position: number;
}

/** An address to tell once when a drop opens (subscribe-to-drop). */
export interface MerchDropSubscriptionTable {
  drop_id: string;
  /** Trimmed and lower-cased: one subscription per address and drop. */
  email: string;
  user_id: string;
  created_at: string;
  /** When the mail went out; null until then. */
  notified_at: string | null;
  /** Failed sends so far; the notifier gives up after a few. */
  attempts: number;
}

/** A player's order profile (docs/product.md §3.15 user-order-settings), the contract's JSON. */
export interface UserOrderSettingsTable {
  user_id: string;
  profile: string;
  updated_at: string;
}

/**
 * A merch order (docs/product.md §3.16 merch-order-v2). Its payment is the payment_orders row of the same id
 * (kind 'merch'), which PayPal and Stripe settle like every other shop payment; this row is the
 * order's goods, shipping and fulfilment.
 */
export interface MerchOrderTable {
  order_id: string;
  user_id: string;
  order_time: string;
  /** reserved, paid, packed, shipped, expired, cancelled, refund-due, refunded. */
  status: string;
  payment: string;
  /** US cents at Outpost's prices when the order was placed. */
  total_cents: number;
  /** Credits it costs, for an order paid in credits. */
  total_credits: number | null;
  /** Until when its stock is held while it waits for payment; null once settled. */
  reserved_until: string | null;
  paid_at: string | null;
  packed_at: string | null;
  shipped_at: string | null;
  tracking_reference: string | null;
  refunded_cents: number;
  /** JSON: the order profile's name, contact, sizes and address when the order was placed. */
  shipping: string;
  /** Stripe Checkout's page while a card payment is still to be made. */
  checkout_url: string | null;
  /** Bumped by every change: a back-office save names the version it loaded. */
  version: number;
  updated_at: string;
}

export interface MerchOrderLineTable {
  order_id: string;
  line_no: number;
  product_id: string;
  variety_id: string;
  product_name: string;
  variety_name: string;
  quantity: number;
  /** US cents. */
  unit_price: number;
}

export interface MerchRefundTable {
  refund_id: Generated<number>;
  order_id: string;
  amount_cents: number;
  credits: number | null;
  reason: string;
  provider_reference: string | null;
  /** pending while the payment provider is asked, done once the refund is made. */
  status: string;
  admin: string;
  created_at: string;
}

/** The merch contact form (docs/product.md §3.14 Merch contact). */
export interface MerchContactTable {
  contact_id: Generated<number>;
  email: string;
  name: string;
  subject: string;
  message: string;
  created_at: string;
  user_id: string | null;
}

/** Stripe webhook events already handled: a replayed event id changes nothing. */
export interface StripeEventTable {
  event_id: string;
  type: string;
  order_id: string | null;
  /** What handling it did: fulfilled, released, duplicate-free outcomes such as ignored or mismatch. */
  outcome: string;
  received_at: string;
}

export type MerchDropRow = Selectable<MerchDropTable>;
export type MerchOrderRow = Selectable<MerchOrderTable>;
export type MerchOrderLineRow = Selectable<MerchOrderLineTable>;
export type MerchRefundRow = Selectable<MerchRefundTable>;
export type MerchContactRow = Selectable<MerchContactTable>;

export interface MerchTables {
  merch_drops: MerchDropTable;
  merch_drop_products: MerchDropProductTable;
  merch_drop_subscriptions: MerchDropSubscriptionTable;
  user_order_settings: UserOrderSettingsTable;
  merch_orders: MerchOrderTable;
  merch_order_lines: MerchOrderLineTable;
  merch_refunds: MerchRefundTable;
  merch_contacts: MerchContactTable;
  stripe_events: StripeEventTable;
}

declare module '../database' {
  interface GameDatabase extends MerchTables {}
}
