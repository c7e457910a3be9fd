import {
  AutoRenewStatus,
  type JWSRenewalInfoDecodedPayload,
  Status,
  TransactionReason,
} from '@apple/app-store-server-library';
import type { StoreSubscriptionReport } from '../store-report';
import { type AppStoreTransaction, isoOf, reversalOf } from './transactions';

/**
 * What the App Store's status of a subscription (Get All Subscription Statuses: its latest
 * transaction, its renewal info and a status code) implies, as reports the subscription's history
 * keeps once each. An id names what the store says, not when it was asked: the same status asked
 * again gives the same ids. The latest transaction's own report has the id the game's report of that
 * transaction gets (`transaction:<id>`), and a refund or revocation the id its reversal gets
 * (`refund:<id>`, `revoke:<id>`), so each is one report however it arrives.
 */
export function subscriptionReports(
  status: Status,
  latest: AppStoreTransaction,
  renewal: JWSRenewalInfoDecodedPayload,
  now: Date,
): StoreSubscriptionReport[] {
  const id = latest.transactionId;
  // The status holds as of when Apple signed it; a state without a time of its own is reported then.
  const observedAt = isoOf(renewal.signedDate) ?? now.toISOString();
  const period: StoreSubscriptionReport = {
    eventId: `transaction:${id}`,
    kind: latest.transactionReason === TransactionReason.RENEWAL ? 'renew' : 'purchase',
    at: new Date(latest.purchaseDate).toISOString(),
    until: isoOf(latest.expiresDate),
  };
  switch (status) {
    case Status.ACTIVE:
      return renewal.autoRenewStatus === AutoRenewStatus.OFF
        ? [period, { eventId: `${id}:cancel`, kind: 'cancel', at: observedAt }]
        : [period];
    case Status.BILLING_GRACE_PERIOD: {
      const until = isoOf(renewal.gracePeriodExpiresDate);
      return [period, { eventId: `${id}:grace:${until ?? ''}`, kind: 'grace', at: observedAt, until }];
    }
    case Status.BILLING_RETRY:
      return [period, { eventId: `${id}:billing-retry`, kind: 'billing-retry', at: observedAt }];
    case Status.EXPIRED:
      return [period, { eventId: `${id}:expire`, kind: 'expire', at: observedAt }];
    case Status.REVOKED: {
      const kind = reversalOf(latest);
      return [period, { eventId: `${kind}:${id}`, kind, at: isoOf(latest.revocationDate) ?? observedAt }];
    }
    default:
      return [period];
  }
}
