import { Environment, type JWSTransactionDecodedPayload, RevocationType, Type } from '@apple/app-store-server-library';
import { storeAmount } from '../amounts';
import { type StoreAmount, StoreRefusedError, type VerifiedStoreTransaction } from '../store-report';

/** A verified App Store transaction with the fields Outpost relies on, checked present. */
export interface AppStoreTransaction extends JWSTransactionDecodedPayload {
  transactionId: string;
  originalTransactionId: string;
  productId: string;
  purchaseDate: number;
  type: Type.CONSUMABLE | Type.AUTO_RENEWABLE_SUBSCRIPTION;
}

/** Outpost sells credit packs (consumables) and premium (an auto-renewable subscription) in the App Store. */
export function sellable(transaction: JWSTransactionDecodedPayload): AppStoreTransaction | undefined {
  const { transactionId, originalTransactionId, productId, purchaseDate, type } = transaction;
  if (
    transactionId === undefined ||
    originalTransactionId === undefined ||
    productId === undefined ||
    purchaseDate === undefined ||
    (type !== Type.CONSUMABLE && type !== Type.AUTO_RENEWABLE_SUBSCRIPTION)
  ) {
    return undefined;
  }
  return { ...transaction, transactionId, originalTransactionId, productId, purchaseDate, type };
}

/** The transaction as one Outpost sells, or a refusal in words. */
export function sold(transaction: JWSTransactionDecodedPayload, what: string): AppStoreTransaction {
  const sale = sellable(transaction);
  if (sale) return sale;
  const { type } = transaction;
  if (type !== undefined && type !== Type.CONSUMABLE && type !== Type.AUTO_RENEWABLE_SUBSCRIPTION) {
    throw new StoreRefusedError(
      `${what} is of a ${type} product; this game sells consumables (credit packs) and auto-renewable subscriptions (premium) only.`,
    );
  }
  throw new StoreRefusedError(
    `${what} is not an App Store transaction: it lacks its id, product, purchase date or type.`,
  );
}

export const isSubscription = (transaction: AppStoreTransaction): boolean =>
  transaction.type === Type.AUTO_RENEWABLE_SUBSCRIPTION;

/** A revoked transaction's reversal: Family Sharing's revocation, else Apple's refund. */
export const reversalOf = (transaction: JWSTransactionDecodedPayload): 'refund' | 'revoke' =>
  transaction.revocationType === RevocationType.FAMILY_REVOKE ? 'revoke' : 'refund';

export const isoOf = (milliseconds: number | undefined): string | undefined =>
  milliseconds === undefined ? undefined : new Date(milliseconds).toISOString();

export function verifiedTransaction(transaction: AppStoreTransaction): VerifiedStoreTransaction {
  const subscription = isSubscription(transaction);
  return {
    store: 'app-store',
    transactionId: transaction.transactionId,
    productId: transaction.productId,
    type: subscription ? 'subscription' : 'consumable',
    subscriptionId: subscription ? transaction.originalTransactionId : undefined,
    purchasedAt: new Date(transaction.purchaseDate).toISOString(),
    expiresAt: isoOf(transaction.expiresDate),
    revokedAt: isoOf(transaction.revocationDate),
    accountToken: transaction.appAccountToken,
    amount: amountOf(transaction.price, transaction.currency),
    environment: transaction.environment === Environment.PRODUCTION ? 'production' : 'sandbox',
  };
}

/** Apple states prices in milliunits of the currency (7990 USD is $7.99). */
function amountOf(price: number | undefined, currency: string | undefined): StoreAmount | undefined {
  return price === undefined || currency === undefined ? undefined : storeAmount(price, 1000, currency);
}
