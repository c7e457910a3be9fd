import {
  type JWSRenewalInfoDecodedPayload,
  type JWSTransactionDecodedPayload,
  NotificationTypeV2,
  type ResponseBodyV2DecodedPayload,
  Subtype,
} from '@apple/app-store-server-library';
import type { SubscriptionEventKind } from '@outpost/contracts/subscriptions/schemas';
import type { StoreNotification } from '../store-report';
import { subscriptionReports } from './subscription-reports';
import { isoOf, isSubscription, sellable, verifiedTransaction } from './transactions';

/**
 * What an App Store Server Notification V2 about a subscription reports, by its type and subtype
 * (https://developer.apple.com/documentation/appstoreservernotifications/notificationtype); null
 * for the types that change nothing Outpost keeps (offers, price changes, renewal preferences, …).
 */
function subscriptionEvent(type: string | undefined, subtype: string | undefined): SubscriptionEventKind | null {
  switch (type) {
    case NotificationTypeV2.SUBSCRIBED:
      return 'purchase';
    case NotificationTypeV2.DID_RENEW:
      return 'renew';
    case NotificationTypeV2.DID_CHANGE_RENEWAL_STATUS:
      if (subtype === Subtype.AUTO_RENEW_DISABLED) return 'cancel';
      return subtype === Subtype.AUTO_RENEW_ENABLED ? 'resume' : null;
    case NotificationTypeV2.DID_FAIL_TO_RENEW:
      return subtype === Subtype.GRACE_PERIOD ? 'grace' : 'billing-retry';
    // The grace period ended unpaid: Apple keeps retrying the charge, without access meanwhile.
    case NotificationTypeV2.GRACE_PERIOD_EXPIRED:
      return 'billing-retry';
    case NotificationTypeV2.EXPIRED:
      return 'expire';
    case NotificationTypeV2.REFUND:
      return 'refund';
    case NotificationTypeV2.REVOKE:
      return 'revoke';
    default:
      return null;
  }
}

/** A verified notification, with its verified transaction and renewal info when it carries them. */
export interface VerifiedNotification {
  notificationId: string;
  payload: ResponseBodyV2DecodedPayload;
  transaction: JWSTransactionDecodedPayload | undefined;
  renewal: JWSRenewalInfoDecodedPayload | undefined;
}

export function storeNotificationOf({
  notificationId,
  payload,
  transaction: carried,
  renewal,
}: VerifiedNotification): StoreNotification {
  const type = payload.notificationType;
  const named = [type, payload.subtype].filter(Boolean).join(' ');
  const ignored = (reason: string): StoreNotification => ({
    kind: 'ignored',
    store: 'app-store',
    notificationId,
    reason,
  });
  if (type === NotificationTypeV2.TEST) return ignored("The App Store's test notification.");
  if (!carried) return ignored(`${named} carries no transaction.`);
  const transaction = sellable(carried);
  // Answered (not refused) so that Apple does not retry it: a product the game does not sell here.
  if (!transaction)
    return ignored(`${named} is of a ${carried.type ?? 'typeless'} product, which Outpost does not sell.`);
  const signedAt = isoOf(payload.signedDate) ?? new Date().toISOString();
  const revokedAt = isoOf(transaction.revocationDate) ?? signedAt;
  if (type === NotificationTypeV2.REFUND_REVERSED) {
    const status = payload.data?.status;
    return {
      kind: 'refund-reversed',
      store: 'app-store',
      notificationId,
      transactionId: transaction.transactionId,
      ...(isSubscription(transaction) ? { until: isoOf(transaction.expiresDate) } : {}),
      subscriptionReports:
        isSubscription(transaction) && renewal && status !== undefined
          ? subscriptionReports(status, transaction, renewal, new Date(signedAt))
          : [],
    };
  }
  if (type === NotificationTypeV2.CONSUMPTION_REQUEST) {
    return {
      kind: 'consumption-request',
      store: 'app-store',
      notificationId,
      transactionId: transaction.transactionId,
      ...(payload.data?.consumptionRequestReason ? { reason: payload.data.consumptionRequestReason } : {}),
      at: signedAt,
    };
  }
  if (!isSubscription(transaction)) {
    if (type === NotificationTypeV2.REFUND || type === NotificationTypeV2.REVOKE) {
      return {
        kind: 'purchase-reversed',
        store: 'app-store',
        notificationId,
        transactionId: transaction.transactionId,
        reversal: type === NotificationTypeV2.REFUND ? 'refund' : 'revoke',
        at: revokedAt,
      };
    }
    return ignored(`${named} of a one-time purchase is not one Outpost acts on.`);
  }
  const event = subscriptionEvent(type, payload.subtype);
  if (event === null) return ignored(`${named} of a subscription is not one Outpost acts on.`);
  const paid = event === 'purchase' || event === 'renew';
  const reversed = event === 'refund' || event === 'revoke';
  return {
    kind: 'subscription',
    store: 'app-store',
    notificationId,
    subscriptionId: transaction.originalTransactionId,
    productId: transaction.productId,
    event,
    at: paid ? new Date(transaction.purchaseDate).toISOString() : reversed ? revokedAt : signedAt,
    until: paid
      ? isoOf(transaction.expiresDate)
      : event === 'grace'
        ? isoOf(renewal?.gracePeriodExpiresDate)
        : undefined,
    transaction: verifiedTransaction(transaction),
    accountToken: transaction.appAccountToken ?? renewal?.appAccountToken,
  };
}
