import type { SubscriptionEventKind } from '@outpost/contracts/subscriptions/schemas';
import type { SendConsumption } from './consumption';

/*
 * What the game's stores tell Outpost, once verified with each store's own means (app-store/,
 * google-play/), in one shape: the store-purchases domain grants, renews and takes back from these
 * alone, whichever store they came from.
 */

export const GAME_STORES = ['app-store', 'google-play'] as const;
export type GameStore = (typeof GAME_STORES)[number];

/** A price as the store charged it. */
export interface StoreAmount {
  /** In the currency's minor unit (cents). */
  cents: number;
  /** ISO 4217, upper case. */
  currency: string;
}

/** One store transaction, verified: a credit pack bought, or a subscription's purchase or renewal. */
export interface VerifiedStoreTransaction {
  store: GameStore;
  /** The store's id of this one transaction (App Store transactionId, Google Play orderId): granted once per this. */
  transactionId: string;
  /** The store's product id (a credit pack's packID, or a premium plan's store product id). */
  productId: string;
  type: 'consumable' | 'subscription';
  /**
   * Subscriptions: the store's id of the subscription across its renewals (App Store
   * originalTransactionId; Google Play the purchase token of the subscription's first purchase).
   */
  subscriptionId?: string;
  /** ISO 8601, UTC. */
  purchasedAt: string;
  /** Subscriptions: the end of the period this transaction paid for (ISO 8601, UTC). */
  expiresAt?: string;
  /** Set when the store has refunded or revoked it (ISO 8601, UTC). */
  revokedAt?: string;
  /**
   * The player the game named when it bought (App Store appAccountToken, Google Play
   * obfuscatedExternalAccountId): Outpost's user id, when the game set it.
   */
  accountToken?: string;
  /** What the store charged, when the store says. */
  amount?: StoreAmount;
  environment: 'production' | 'sandbox';
}

/** A store's server notification, verified and read. */
export type StoreNotification =
  /** A subscription changed: renewed, renewal turned off or on, grace, billing retry, expiry, refund, revocation. */
  | {
      kind: 'subscription';
      store: GameStore;
      /** The notification's own id (App Store notificationUUID, Pub/Sub messageId): the same notification twice is one. */
      notificationId: string;
      /** VerifiedStoreTransaction.subscriptionId of the subscription. */
      subscriptionId: string;
      productId: string;
      event: SubscriptionEventKind;
      /** When it happened, as the store says (ISO 8601, UTC). */
      at: string;
      /** purchase and renew: the new period's end; grace: the grace period's end. */
      until?: string;
      /** The transaction it carries (a renewal's), when it carries one: granted once like any other. */
      transaction?: VerifiedStoreTransaction;
      accountToken?: string;
    }
  /** A one-time purchase (a credit pack) refunded or revoked: its credits are taken back. */
  | {
      kind: 'purchase-reversed';
      store: GameStore;
      notificationId: string;
      transactionId: string;
      reversal: 'refund' | 'revoke';
      at: string;
    }
  /**
   * A refund the store reversed (App Store REFUND_REVERSED): the purchase stands again, a credit
   * pack's credits the refund took back come back, a subscription's premium as its status says.
   */
  | {
      kind: 'refund-reversed';
      store: GameStore;
      notificationId: string;
      transactionId: string;
      /** Subscriptions: the transaction's period end, and the reports the subscription's status implies now. */
      until?: string;
      subscriptionReports: StoreSubscriptionReport[];
    }
  /**
   * The store asks what Outpost knows of a purchase the customer asked it to refund (App Store
   * CONSUMPTION_REQUEST), to weigh the refund.
   */
  | {
      kind: 'consumption-request';
      store: GameStore;
      notificationId: string;
      transactionId: string;
      /** The customer's reason, as the store gives it (UNINTENDED_PURCHASE, FULFILLMENT_ISSUE, …). */
      reason?: string;
      at: string;
    }
  /** The store's test notification, or one Outpost has nothing to do with (answered 200, recorded nowhere). */
  | { kind: 'ignored'; store: GameStore; notificationId: string; reason: string };

/** A subscription's report implied by what the store says of it now (its status), with an id that is the same each time the store says the same. */
export interface StoreSubscriptionReport {
  eventId: string;
  kind: SubscriptionEventKind;
  /** ISO 8601, UTC. */
  at: string;
  until?: string;
}

/** The game's report of a purchase, verified with the store. */
export interface VerifiedPurchase {
  transaction: VerifiedStoreTransaction;
  /** Subscriptions: the reports the store's current status of the subscription implies (renewal off, grace, …); [] for a credit pack. */
  subscriptionReports: StoreSubscriptionReport[];
  /** Google Play: the purchase token, which acknowledging or consuming names. */
  purchaseToken?: string;
  /** Why the store gave no price for the transaction, when it gave none: granted all the same, without an amount. */
  amountUnknown?: string;
}

/** One game store's verification, in the store's own protocol (app-store/, google-play/). */
export interface GameStoreVerifier<Report> {
  store: GameStore;
  /** Checks the game's report with the store; throws StoreRefusedError or StoreUnreachableError. */
  verifyPurchase(report: Report): Promise<VerifiedPurchase>;
  /** After the grant is stored: what the store requires then (Google Play acknowledges or consumes; the App Store needs nothing). */
  completePurchase(purchase: VerifiedPurchase): Promise<void>;
  /** Verifies and reads a server notification's HTTP request; throws StoreRefusedError when it is not the store's. */
  readNotification(request: {
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }): Promise<StoreNotification>;
  /** Answers the store's consumption request, where the store asks (the App Store); throws StoreUnreachableError. */
  sendConsumption?: SendConsumption;
}

/** The store says the purchase or notification is not genuine or not this game's: a 4xx, in words. */
export class StoreRefusedError extends Error {
  override readonly name = 'StoreRefusedError';
}

/** The store could not be reached or failed: a 503, in words; the game retries. */
export class StoreUnreachableError extends Error {
  override readonly name = 'StoreUnreachableError';
}
