import { DeliveryStatus, Environment, Status } from '@apple/app-store-server-library';
import type { AppStorePurchase } from '@outpost/contracts/store-purchases/schemas';
import type { AppStoreConfig } from '../../platform/config';
import {
  type GameStoreVerifier,
  type StoreNotification,
  StoreRefusedError,
  type StoreSubscriptionReport,
  type VerifiedPurchase,
} from '../store-report';
import { createAppStoreApi } from './app-store-api';
import { storeNotificationOf } from './notification-events';
import { createAppStoreSignedData } from './signed-data';
import { subscriptionReports } from './subscription-reports';
import { type AppStoreTransaction, isSubscription, sold, verifiedTransaction } from './transactions';

/**
 * The App Store's verification of the game's purchases and of App Store Server Notifications V2,
 * with Apple's own library: signed data through its SignedDataVerifier, a purchase's current state
 * through its App Store Server API client (a consumable's transaction info, refunds included; a
 * subscription's statuses). The App Store needs nothing after the grant: the game finishes the
 * transaction with StoreKit.
 */
export function createAppStoreVerifier(settings: AppStoreConfig): GameStoreVerifier<AppStorePurchase> {
  const environment = settings.environment === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX;
  const signed = createAppStoreSignedData(settings, environment);
  const api = createAppStoreApi(settings, environment);

  async function verifiedFromApi(transactionId: string): Promise<AppStoreTransaction> {
    const current = await api.transactionInfo(transactionId);
    if (current === undefined) throw new StoreRefusedError(`The App Store does not know transaction ${transactionId}.`);
    return sold(await signed.transaction(current, "The App Store's transaction info"), 'The App Store transaction');
  }

  /** The subscription as the App Store holds it now: its latest transaction and the reports its status implies. */
  async function subscriptionNow(
    reported: AppStoreTransaction,
  ): Promise<{ latest: AppStoreTransaction; reports: StoreSubscriptionReport[] }> {
    const statuses = await api.subscriptionStatuses(reported.transactionId);
    const item = statuses.data
      ?.flatMap((group) => group.lastTransactions ?? [])
      .find((candidate) => candidate.originalTransactionId === reported.originalTransactionId);
    if (item?.signedTransactionInfo === undefined || item.signedRenewalInfo === undefined) {
      throw new StoreRefusedError(
        `The App Store reports no subscription ${reported.originalTransactionId} for transaction ${reported.transactionId}.`,
      );
    }
    const latest = sold(
      await signed.transaction(item.signedTransactionInfo, "The App Store's subscription status"),
      "The App Store's subscription status",
    );
    const renewal = await signed.renewalInfo(item.signedRenewalInfo, "The App Store's renewal info");
    return { latest, reports: subscriptionReports(item.status ?? Status.ACTIVE, latest, renewal, new Date()) };
  }

  return {
    store: 'app-store',

    async verifyPurchase(report: AppStorePurchase): Promise<VerifiedPurchase> {
      const reported = sold(await signed.transaction(report.signedTransaction, 'This purchase'), 'This purchase');
      if (!isSubscription(reported)) {
        // The App Store's copy, not the device's: a refund since the purchase shows on it.
        return {
          transaction: verifiedTransaction(await verifiedFromApi(reported.transactionId)),
          subscriptionReports: [],
        };
      }
      const { latest, reports } = await subscriptionNow(reported);
      // The latest transaction is the reported one, as the App Store holds it now, unless it renewed since.
      const transaction = latest.transactionId === reported.transactionId ? latest : reported;
      return { transaction: verifiedTransaction(transaction), subscriptionReports: reports };
    },

    async completePurchase(): Promise<void> {},

    async sendConsumption(transactionId, information): Promise<void> {
      await api.sendConsumptionInformation(transactionId, {
        // Sent only once the player consented (consumption.ts); Apple refuses any answer without it.
        customerConsented: true,
        // Outpost answers only for transactions it granted: the credits or premium reached the player.
        deliveryStatus: DeliveryStatus.DELIVERED,
        ...information,
        // Outpost gives no free sample of a pack and cannot show what the store displayed before the purchase.
        sampleContentProvided: false,
      });
    },

    async readNotification({ body }): Promise<StoreNotification> {
      const signedPayload = signedPayloadOf(body);
      const payload = await signed.notification(signedPayload);
      if (payload.notificationUUID === undefined) {
        throw new StoreRefusedError('This notification has no notificationUUID.');
      }
      const data = payload.data;
      const transaction =
        data?.signedTransactionInfo === undefined
          ? undefined
          : await signed.transaction(data.signedTransactionInfo, "This notification's transaction");
      const renewal =
        data?.signedRenewalInfo === undefined
          ? undefined
          : await signed.renewalInfo(data.signedRenewalInfo, "This notification's renewal info");
      return storeNotificationOf({ notificationId: payload.notificationUUID, payload, transaction, renewal });
    },
  };
}

/** Apple posts `{"signedPayload": "<JWS>"}`. */
function signedPayloadOf(body: Buffer): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const signedPayload = (parsed as { signedPayload?: unknown } | undefined)?.signedPayload;
  if (typeof signedPayload !== 'string' || signedPayload === '') {
    throw new StoreRefusedError(
      'This is not an App Store Server Notification: its body must be JSON with a signedPayload.',
    );
  }
  return signedPayload;
}
