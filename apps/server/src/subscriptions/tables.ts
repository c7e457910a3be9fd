import type { Selectable } from 'kysely';

/** A player's subscription from one channel, as its reports add up (state-machine.ts), in each environment's store. */
export interface SubscriptionTable {
  /** `<channel>:<the channel's own id of it>` (an App Store original transaction id, a Stripe subscription id, …). */
  subscription_id: string;
  user_id: string;
  channel: string;
  /** null until a purchase or a renewal was reported. */
  state: string | null;
  period_end: string | null;
  grace_end: string | null;
  last_event_at: string | null;
  updated_at: string;
  /** monthly or annual, as the channel last said; null where it never said. */
  plan_id: string | null;
}

/** Every report a channel made of a subscription, once each (the channel's id of the report). */
export interface SubscriptionEventTable {
  subscription_id: string;
  event_id: string;
  kind: string;
  /** When it happened, as the channel says (ISO 8601, UTC). */
  at: string;
  until: string | null;
  received_at: string;
}

/** A web channel's payment of a subscription's period (Stripe's invoice, PayPal's sale), once each, and its refund. */
export interface SubscriptionPaymentTable {
  channel: string;
  /** The channel's id of the payment: a Stripe invoice id, a PayPal sale id. */
  payment_id: string;
  subscription_id: string;
  amount_cents: number;
  currency: string;
  paid_at: string;
  refunded_cents: number;
  refunded_at: string | null;
}

export type SubscriptionRow = Selectable<SubscriptionTable>;

export interface SubscriptionTables {
  subscriptions: SubscriptionTable;
  subscription_events: SubscriptionEventTable;
  subscription_payments: SubscriptionPaymentTable;
}

declare module '../database' {
  interface GameDatabase extends SubscriptionTables {}
}
