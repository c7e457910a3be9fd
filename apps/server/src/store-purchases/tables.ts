import type { Selectable } from 'kysely';

/**
 * Every store transaction Outpost granted, once each (the store and its transaction id): a credit
 * pack's credits or a subscription's purchase or renewal, what the store charged, and how a refund
 * or revocation took it back.
 */
export interface StorePurchaseTable {
  store: string;
  transaction_id: string;
  user_id: string;
  product_id: string;
  /** credit-pack or premium. */
  kind: string;
  /** The pack's credits granted (credit-pack). */
  credits: number | null;
  /** The store's id of the subscription it paid for (premium): App Store originalTransactionId, Google Play's first purchase token. */
  subscription_id: string | null;
  amount_cents: number | null;
  currency: string | null;
  /** production or sandbox, as the store says. */
  environment: string;
  purchased_at: string;
  granted_at: string;
  /** refund or revoke, once the store reversed it. */
  reversal: string | null;
  reversed_at: string | null;
  credits_taken_back: number | null;
}

/** Every store notification read, once each: a store's retry of one changes nothing. */
export interface StoreNotificationTable {
  store: string;
  notification_id: string;
  /** What reading it did: applied, unknown-player, ignored. */
  outcome: string;
  received_at: string;
}

/** A player's latest answer to whether the stores may be told how they used a purchase they ask to refund. */
export interface StoreDataSharingTable {
  user_id: string;
  /** 1 consented, 0 declined. */
  consented: number;
  decided_at: string;
}

/** Each consumption request a store made (once per notification) and how Outpost answered it. */
export interface StoreConsumptionRequestTable {
  store: string;
  notification_id: string;
  transaction_id: string;
  /** The purchase's player, when Outpost granted the transaction. */
  user_id: string | null;
  /** The customer's reason for the refund, as the store gave it. */
  reason: string | null;
  requested_at: string;
  /** sent, or why not: no-consent, unknown-transaction, unsupported; answering while it is being sent. */
  answer: string;
  /** What was sent (JSON), or the sentence saying why nothing was. */
  detail: string;
  answered_at: string;
}

/**
 * The purchases the stores priced per day, store and currency: those bought that day and those reversed
 * that day, kept by the store as purchases are written (migrations/2026-12-28-store-revenue-days.ts).
 */
export interface StoreRevenueDayTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  store: string;
  /** A purchase the store gave no currency for counts in USD. */
  currency: string;
  purchases: number | string;
  purchase_cents: number | string;
  reversals: number | string;
  reversal_cents: number | string;
}

export type StorePurchaseRow = Selectable<StorePurchaseTable>;

export interface StorePurchaseTables {
  store_purchases: StorePurchaseTable;
  store_notifications: StoreNotificationTable;
  store_data_sharing: StoreDataSharingTable;
  store_consumption_requests: StoreConsumptionRequestTable;
  store_revenue_days: StoreRevenueDayTable;
}

declare module '../database' {
  interface GameDatabase extends StorePurchaseTables {}
}
