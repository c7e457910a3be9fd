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

export type StorePurchaseRow = Selectable<StorePurchaseTable>;

export interface StorePurchaseTables {
  store_purchases: StorePurchaseTable;
  store_notifications: StoreNotificationTable;
}

declare module '../database' {
  interface GameDatabase extends StorePurchaseTables {}
}
