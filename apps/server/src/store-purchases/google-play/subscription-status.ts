import type { androidpublisher_v3 } from '@googleapis/androidpublisher';
import { storeAmount } from '../amounts';
import type { StoreAmount, StoreSubscriptionReport, VerifiedStoreTransaction } from '../store-report';
import type { SubscriptionPurchaseV2 } from './play-api';

/*
 * What a subscription's status (purchases.subscriptionsv2.get) says, read into Outpost's terms: the
 * order it was last paid by, until when, and the reports its state implies now.
 */

/** A subscription's status, checked and read. */
export interface SubscriptionReading {
  productId: string;
  /** The latest successful order: `GPA.…` for the first purchase, `GPA.…..N` for the Nth renewal (from 0). */
  orderId: string;
  startedAt: string;
  /** The paid period's end (in a grace period, the grace period's end: Google extends expiryTime). */
  expiresAt: string;
  state: string;
  acknowledged: boolean;
  /** Ended because a new purchase (linkedPurchaseToken) replaced it: the subscription goes on there. */
  replaced: boolean;
  /** userInitiatedCancellation.cancelTime, when the player turned renewal off. */
  cancelledAt?: string;
  linkedPurchaseToken?: string;
  accountToken?: string;
  amount?: StoreAmount;
  environment: 'production' | 'sandbox';
}

/** Google's order id of a renewal ends in `..N`; the first purchase's does not. */
export const isRenewalOrder = (orderId: string) => /\.\.\d+$/.test(orderId);

/** Reads a status; answers a sentence for the player when it is not a subscription Outpost can use. */
export function readSubscription(status: SubscriptionPurchaseV2): SubscriptionReading | string {
  const state = status.subscriptionState ?? 'SUBSCRIPTION_STATE_UNSPECIFIED';
  if (state === 'SUBSCRIPTION_STATE_PENDING') {
    return 'The payment for this subscription is still pending in Google Play; premium starts once it completes.';
  }
  // One item per purchase: the game sells its premium plans one at a time.
  const line = status.lineItems?.[0];
  const orderId = line?.latestSuccessfulOrderId ?? (status as { latestOrderId?: string }).latestOrderId;
  if (!line?.productId || !line.expiryTime || !orderId || !status.startTime) {
    return 'Google Play answered a subscription without its product, order or dates.';
  }
  const cancelTime = status.canceledStateContext?.userInitiatedCancellation?.cancelTime;
  const accountToken = status.externalAccountIdentifiers?.obfuscatedExternalAccountId;
  const amount = amountOf(line.autoRenewingPlan?.recurringPrice);
  return {
    productId: line.productId,
    orderId,
    startedAt: iso(status.startTime),
    expiresAt: iso(line.expiryTime),
    state,
    acknowledged: status.acknowledgementState === 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED',
    replaced: status.canceledStateContext?.replacementCancellation !== undefined,
    ...(cancelTime ? { cancelledAt: iso(cancelTime) } : {}),
    ...(status.linkedPurchaseToken ? { linkedPurchaseToken: status.linkedPurchaseToken } : {}),
    ...(accountToken ? { accountToken } : {}),
    ...(amount ? { amount } : {}),
    environment: status.testPurchase ? 'sandbox' : 'production',
  };
}

/** The transaction the subscription's latest order is, within the subscription `subscriptionId`. */
export function transactionOf(
  reading: SubscriptionReading,
  subscriptionId: string,
  purchasedAt: string,
): VerifiedStoreTransaction {
  return {
    store: 'google-play',
    transactionId: reading.orderId,
    productId: reading.productId,
    type: 'subscription',
    subscriptionId,
    purchasedAt,
    expiresAt: reading.expiresAt,
    ...(reading.accountToken ? { accountToken: reading.accountToken } : {}),
    ...(reading.amount ? { amount: reading.amount } : {}),
    environment: reading.environment,
  };
}

/**
 * When the latest order was paid, as far as the status says: the start for the first purchase;
 * a renewal's own time is not in the status, so `now` (the status is the truth as of now) or, in a
 * notification, the event's time.
 */
export const paidAt = (reading: SubscriptionReading, now: string) =>
  isRenewalOrder(reading.orderId) ? now : reading.startedAt;

/**
 * The reports the status implies, each with an id built from what Google said (the order id, and
 * the cancel time when there is one), so the same status read twice gives the same reports. The
 * paid order first (a purchase at the start, or a renewal as of now); then the state, never before
 * the paid order, as the status lists them: renewal off, grace, account hold (billing retry), the
 * end. A paused subscription reports nothing more: premium ends with its paid period, and its
 * resumption is a renewal. One that a new purchase replaced reports no end: it goes on there.
 */
export function statusReports(reading: SubscriptionReading, now: string): StoreSubscriptionReport[] {
  const paid: StoreSubscriptionReport = {
    eventId: reading.orderId,
    kind: isRenewalOrder(reading.orderId) ? 'renew' : 'purchase',
    at: paidAt(reading, now),
    until: reading.expiresAt,
  };
  const after = (own: string | undefined) => {
    const at = Math.max(Date.parse(own ?? now), Date.parse(paid.at) + 1);
    return new Date(at).toISOString();
  };
  const state = ((): StoreSubscriptionReport | undefined => {
    switch (reading.state) {
      case 'SUBSCRIPTION_STATE_CANCELED':
        return {
          eventId: `cancel:${reading.orderId}:${reading.cancelledAt ?? ''}`,
          kind: 'cancel',
          at: after(reading.cancelledAt),
        };
      case 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD':
        return { eventId: `grace:${reading.orderId}`, kind: 'grace', at: after(undefined), until: reading.expiresAt };
      case 'SUBSCRIPTION_STATE_ON_HOLD':
        return { eventId: `billing-retry:${reading.orderId}`, kind: 'billing-retry', at: after(reading.expiresAt) };
      case 'SUBSCRIPTION_STATE_EXPIRED':
        return reading.replaced
          ? undefined
          : { eventId: `expire:${reading.orderId}`, kind: 'expire', at: after(reading.expiresAt) };
      default:
        return undefined;
    }
  })();
  return state === undefined ? [paid] : [paid, state];
}

/** Google's Money: whole units (a decimal string) and nanos (billionths) of the currency. */
export function amountOf(price: androidpublisher_v3.Schema$Money | undefined): StoreAmount | undefined {
  if (!price?.currencyCode) return undefined;
  return storeAmount(Number(price.units ?? 0) * 1e9 + (price.nanos ?? 0), 1e9, price.currencyCode);
}

/** Google's RFC 3339 times (to the nanosecond, or with an offset) as Outpost's ISO 8601 UTC. */
export const iso = (time: string) => new Date(time).toISOString();
