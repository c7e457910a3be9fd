import type { SubscriptionEventKind } from '@outpost/contracts/subscriptions/schemas';
import type { GooglePlayConfig } from '../../platform/config';
import {
  type GameStoreVerifier,
  type StoreAmount,
  type StoreNotification,
  StoreRefusedError,
  StoreUnreachableError,
  type VerifiedPurchase,
  type VerifiedStoreTransaction,
} from '../store-report';
import { createPlayApi, PlayRefusal, type SubscriptionPurchaseV2 } from './play-api';
import { createPushReader, type DeveloperNotification, type PushedNotification } from './push';
import {
  amountOf,
  paidAt,
  readSubscription,
  type SubscriptionReading,
  statusReports,
  transactionOf,
} from './subscription-status';

/** What the game reports of a Google Play purchase: what its BillingClient's Purchase gave it. */
export interface GooglePlayReport {
  productId: string;
  purchaseToken: string;
  type: 'consumable' | 'subscription';
}

export interface GooglePlaySettings extends GooglePlayConfig {
  /**
   * The subscription Outpost already holds a purchase token under (VerifiedStoreTransaction's
   * subscriptionId), when it holds it. Lets a chain of linked purchases (upgrades, re-signups)
   * keep its first token as its id even once Google no longer answers for the old tokens (60 days
   * after they ended); without it, the chain is walked through Google alone.
   */
  knownSubscriptionId?: (purchaseToken: string) => Promise<string | undefined>;
}

/** Linked purchases followed back at most this far: a player does not upgrade and downgrade more. */
const MAX_LINKS = 20;

/**
 * Google Play's side of the game's store purchases: a purchase token checked with the Play
 * Developer API (purchases.products for credit packs, purchases.subscriptionsv2 for premium),
 * consumed or acknowledged once granted, and real-time developer notifications read from Pub/Sub's
 * push (checked by its OIDC token) with the subscription's status fetched for the truth.
 */
export function createGooglePlayVerifier(settings: GooglePlaySettings): GameStoreVerifier<GooglePlayReport> {
  const api = createPlayApi(settings);
  const readPush = createPushReader({
    audience: settings.pushAudience,
    jwksUrl: settings.pushJwksUrl,
    serviceAccountEmail: settings.pushServiceAccountEmail,
  });

  /**
   * A subscription's id across its linked purchases: the first purchase token of the chain. Each
   * linked token is asked first of Outpost (knownSubscriptionId), then of Google; a link Google no
   * longer answers for is the oldest one known.
   */
  async function subscriptionIdOf(token: string, linked: string | undefined): Promise<string> {
    let oldest = token;
    let next = linked;
    for (let hops = 0; hops <= MAX_LINKS; hops += 1) {
      const known = await settings.knownSubscriptionId?.(oldest);
      if (known !== undefined) return known;
      if (next === undefined) return oldest;
      oldest = next;
      next = await linkedTokenOf(oldest);
    }
    return oldest;
  }

  /** The purchase a purchase replaced, as Google says; none when Google no longer answers for it. */
  async function linkedTokenOf(token: string): Promise<string | undefined> {
    try {
      return (await api.subscriptionPurchase(token)).linkedPurchaseToken ?? undefined;
    } catch (error) {
      if (error instanceof PlayRefusal) return undefined;
      throw error;
    }
  }

  async function verifyConsumable(report: GooglePlayReport): Promise<VerifiedPurchase> {
    const purchase = await refusedInWords(
      api.productPurchase(report.productId, report.purchaseToken),
      report.productId,
    );
    if (purchase.productId && purchase.productId !== report.productId) {
      throw new StoreRefusedError(`This purchase is of ${purchase.productId} in Google Play, not ${report.productId}.`);
    }
    if (purchase.purchaseState === 2) {
      throw new StoreRefusedError(
        'The payment for this purchase is still pending in Google Play; it is granted once the payment completes.',
      );
    }
    if (purchase.purchaseState !== 0) {
      throw new StoreRefusedError('Google Play says this purchase was cancelled or refunded.');
    }
    const paid = await paidFor(purchase.orderId);
    const transaction: VerifiedStoreTransaction = {
      store: 'google-play',
      // A promo code's purchase has no order id; its token is then the one id it has.
      transactionId: purchase.orderId || `token:${report.purchaseToken}`,
      productId: report.productId,
      type: 'consumable',
      purchasedAt: new Date(Number(purchase.purchaseTimeMillis)).toISOString(),
      ...(purchase.obfuscatedExternalAccountId ? { accountToken: purchase.obfuscatedExternalAccountId } : {}),
      ...('amount' in paid ? { amount: paid.amount } : {}),
      environment: purchase.purchaseType === 0 ? 'sandbox' : 'production',
    };
    return {
      transaction,
      subscriptionReports: [],
      purchaseToken: report.purchaseToken,
      ...('amountUnknown' in paid ? { amountUnknown: paid.amountUnknown } : {}),
    };
  }

  /**
   * What the buyer paid for a one-time purchase, from the Orders API (products.get states no
   * price): the order's total, discounts and tax included, as the App Store's price is. The grant
   * never waits on it: an order Google does not show (the service account lacks the Play Console's
   * "View financial data" permission, Google fails, an order without a total) leaves the amount
   * unknown, with the reason.
   */
  async function paidFor(
    orderId: string | null | undefined,
  ): Promise<{ amount: StoreAmount } | { amountUnknown: string }> {
    if (!orderId) return { amountUnknown: 'a promo code purchase has no order, so no price' };
    try {
      const amount = amountOf((await api.order(orderId)).total);
      return amount ? { amount } : { amountUnknown: `Google Play's order ${orderId} states no total` };
    } catch (error) {
      if (!(error instanceof PlayRefusal || error instanceof StoreUnreachableError)) throw error;
      return { amountUnknown: `Google Play did not show order ${orderId}: ${error.message}` };
    }
  }

  async function verifySubscription(report: GooglePlayReport): Promise<VerifiedPurchase> {
    const status = await refusedInWords(api.subscriptionPurchase(report.purchaseToken), report.productId);
    const reading = readSubscription(status);
    if (typeof reading === 'string') throw new StoreRefusedError(reading);
    if (reading.productId !== report.productId) {
      throw new StoreRefusedError(
        `This subscription is to ${reading.productId} in Google Play, not ${report.productId}.`,
      );
    }
    const now = new Date().toISOString();
    const subscriptionId = await subscriptionIdOf(report.purchaseToken, reading.linkedPurchaseToken);
    return {
      transaction: transactionOf(reading, subscriptionId, paidAt(reading, now)),
      subscriptionReports: statusReports(reading, now),
      purchaseToken: report.purchaseToken,
    };
  }

  /**
   * A subscription notification: the subscription's status fetched for the truth (a notification
   * says only its type and token), the type turned into Outpost's report of it.
   */
  async function subscriptionNotification(
    pushed: PushedNotification,
    token: string,
    notificationType: number,
  ): Promise<StoreNotification> {
    const event = SUBSCRIPTION_EVENTS[notificationType];
    if (event === undefined) return ignored(pushed, `subscription notification type ${notificationType}`);
    const reading = await readingOrIgnored(pushed, token);
    if ('notificationId' in reading) return reading;
    if (reading.replaced && event !== 'purchase') {
      return ignored(pushed, 'a subscription a newer purchase replaced (it goes on under the new purchase)');
    }
    const subscriptionId = await subscriptionIdOf(token, reading.linkedPurchaseToken);
    const carriesOrder = event === 'purchase' || event === 'renew';
    return {
      kind: 'subscription',
      store: 'google-play',
      notificationId: pushed.messageId,
      subscriptionId,
      productId: reading.productId,
      event,
      at: pushed.at,
      ...(carriesOrder || event === 'grace' ? { until: reading.expiresAt } : {}),
      ...(carriesOrder ? { transaction: transactionOf(reading, subscriptionId, paidAt(reading, pushed.at)) } : {}),
      ...(reading.accountToken ? { accountToken: reading.accountToken } : {}),
    };
  }

  /** A voided purchase: a credit pack's credits taken back, or a subscription refunded. */
  async function voidedNotification(
    pushed: PushedNotification,
    voided: NonNullable<DeveloperNotification['voidedPurchaseNotification']>,
  ): Promise<StoreNotification> {
    if (voided.productType === VOIDED_ONE_TIME) {
      // The notification says refunded (fully or some of its quantity), never why; a chargeback
      // reads as a refund here (Voided Purchases API's voidedReason would tell them apart).
      return {
        kind: 'purchase-reversed',
        store: 'google-play',
        notificationId: pushed.messageId,
        transactionId: voided.orderId,
        reversal: 'refund',
        at: pushed.at,
      };
    }
    const reading = await readingOrIgnored(pushed, voided.purchaseToken);
    if ('notificationId' in reading) return reading;
    return {
      kind: 'subscription',
      store: 'google-play',
      notificationId: pushed.messageId,
      subscriptionId: await subscriptionIdOf(voided.purchaseToken, reading.linkedPurchaseToken),
      productId: reading.productId,
      event: 'refund',
      at: pushed.at,
      ...(reading.accountToken ? { accountToken: reading.accountToken } : {}),
    };
  }

  /** The subscription's status read, or the notification ignored when Google has no usable status for its token. */
  async function readingOrIgnored(
    pushed: PushedNotification,
    token: string,
  ): Promise<SubscriptionReading | StoreNotification> {
    let status: SubscriptionPurchaseV2;
    try {
      status = await api.subscriptionPurchase(token);
    } catch (error) {
      if (!(error instanceof PlayRefusal)) throw error;
      return ignored(pushed, `Google Play does not answer for its purchase (${error.message})`);
    }
    const reading = readSubscription(status);
    return typeof reading === 'string' ? ignored(pushed, reading) : reading;
  }

  return {
    store: 'google-play',
    verifyPurchase(report) {
      if (!report.purchaseToken || !report.productId) {
        return Promise.reject(new StoreRefusedError('A Google Play purchase needs its product id and purchase token.'));
      }
      return report.type === 'consumable' ? verifyConsumable(report) : verifySubscription(report);
    },

    async completePurchase(purchase) {
      const token = purchase.purchaseToken;
      if (token === undefined)
        throw new StoreRefusedError('A Google Play purchase is completed by its purchase token.');
      const { productId, type } = purchase.transaction;
      if (type === 'consumable') {
        // Consuming also acknowledges, and lets the player buy the pack again.
        const consumed = async () =>
          (await refusedInWords(api.productPurchase(productId, token), productId)).consumptionState === 1;
        if (await consumed()) return;
        await completeOnce(() => api.consumeProduct(productId, token), consumed, 'consumed');
        return;
      }
      const settled = async () => {
        const reading = readSubscription(await refusedInWords(api.subscriptionPurchase(token), productId));
        // An ended subscription needs no acknowledgement (Google refunds an unacknowledged one only while it runs).
        return typeof reading !== 'string' && (reading.acknowledged || reading.state === 'SUBSCRIPTION_STATE_EXPIRED');
      };
      if (await settled()) return;
      await completeOnce(() => api.acknowledgeSubscription(productId, token), settled, 'acknowledged');
    },

    async readNotification(request) {
      const pushed = await readPush(request);
      const { notification } = pushed;
      if (notification.packageName !== settings.packageName) {
        return ignored(pushed, `a notification of another app (${notification.packageName})`);
      }
      if (notification.subscriptionNotification) {
        const { purchaseToken, notificationType } = notification.subscriptionNotification;
        return subscriptionNotification(pushed, purchaseToken, notificationType);
      }
      if (notification.voidedPurchaseNotification)
        return voidedNotification(pushed, notification.voidedPurchaseNotification);
      if (notification.oneTimeProductNotification) {
        return ignored(pushed, 'a one-time purchase notification (the game reports its purchases itself)');
      }
      if (notification.testNotification) return ignored(pushed, "the Play Console's test notification");
      return ignored(pushed, 'a notification of a kind Outpost does not read');
    },
  };
}

/** Google Play's subscription notification types Outpost reads, and what each reports. */
const SUBSCRIPTION_EVENTS: Partial<Record<number, SubscriptionEventKind>> = {
  1: 'renew', // SUBSCRIPTION_RECOVERED: recovered from account hold (or resumed from a pause)
  2: 'renew', // SUBSCRIPTION_RENEWED
  3: 'cancel', // SUBSCRIPTION_CANCELED: renewal turned off
  4: 'purchase', // SUBSCRIPTION_PURCHASED
  5: 'billing-retry', // SUBSCRIPTION_ON_HOLD: account hold
  6: 'grace', // SUBSCRIPTION_IN_GRACE_PERIOD
  7: 'resume', // SUBSCRIPTION_RESTARTED: renewal turned on again
  12: 'revoke', // SUBSCRIPTION_REVOKED
  13: 'expire', // SUBSCRIPTION_EXPIRED
};

/** voidedPurchaseNotification.productType: 1 a subscription, 2 a one-time product. */
const VOIDED_ONE_TIME = 2;

function ignored(pushed: PushedNotification, reason: string): StoreNotification {
  return { kind: 'ignored', store: 'google-play', notificationId: pushed.messageId, reason };
}

/** Google's answers about the game's purchase token, in words for the player. */
async function refusedInWords<T>(request: Promise<T>, productId: string): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (!(error instanceof PlayRefusal)) throw error;
    if (error.status === 404) throw new StoreRefusedError('Google Play knows no such purchase of this game.');
    if (error.status === 410) {
      throw new StoreRefusedError('Google Play no longer answers for this purchase: it ended too long ago.');
    }
    throw new StoreRefusedError(`Google Play refused this purchase token for ${productId} (${error.message}).`);
  }
}

/**
 * Consumes or acknowledges once: when Google refuses (another request did it first, or the
 * purchase moved on), what Google says now decides whether it is done.
 */
async function completeOnce(act: () => Promise<void>, done: () => Promise<boolean>, what: string): Promise<void> {
  try {
    await act();
  } catch (error) {
    if (!(error instanceof PlayRefusal)) throw error;
    if (await done()) return;
    throw new StoreRefusedError(`Google Play would not let this purchase be ${what} (${error.message}).`);
  }
}
