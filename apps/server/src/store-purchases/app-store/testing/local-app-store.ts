import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AutoRenewStatus,
  type ConsumptionRequest,
  DeliveryStatus,
  Environment,
  ExpirationIntent,
  InAppOwnershipType,
  type JWSRenewalInfoDecodedPayload,
  type JWSTransactionDecodedPayload,
  type NotificationTypeV2,
  RefundPreference,
  type ResponseBodyV2DecodedPayload,
  RevocationReason,
  RevocationType,
  Status,
  type StatusResponse,
  type Subtype,
  TransactionReason,
  Type,
} from '@apple/app-store-server-library';
import { CompactSign, decodeProtectedHeader, jwtVerify } from 'jose';
import type { AppStoreConfig } from '../../../platform/config';
import { ocspAnswer } from './local-ocsp';
import { createTestCertificateChain, serialOf, type TestCertificateChain } from './test-certificates';

/**
 * For tests: a local App Store. It signs what StoreKit 2 hands the game (a transaction's JWS) and
 * what the App Store Server API and App Store Server Notifications V2 send, as Apple signs them:
 * ES256 JWS whose x5c header carries a chain (leaf, intermediate, root) made at start, under a
 * root a test hands the verifier (`rootCertificate`). Its HTTP server answers the App Store Server
 * API endpoints Outpost calls (Get Transaction Info, Get All Subscription Statuses, Send
 * Consumption Information with its body checked as Apple documents it), checking the
 * bearer token as Apple does (ES256 with the in-app purchase key: kid, iss, aud
 * `appstoreconnect-v1`, bid, at most 60 minutes between iat and exp), with Apple's errors: a bare
 * 401 "Unauthenticated", else `{errorCode, errorMessage}`. It is also the chain's OCSP responder
 * (POST /ocsp, named in the certificates), for the verifier's online checks.
 *
 * What happens on the player's device and in Apple's billing (a purchase, a renewal, a failed
 * renewal in grace or billing retry, renewal turned off, a refund) a test scripts, then builds the
 * signed notification for it and posts it over HTTP as Apple does.
 */

export interface LocalAppStoreOptions {
  bundleId?: string;
  /** The app's Apple ID; Production's verifier checks it on notifications. */
  appAppleId?: number;
  environment?: Environment.SANDBOX | Environment.PRODUCTION;
}

export interface PurchaseOptions {
  productId: string;
  /** The UUID the game set on the purchase (Outpost's user id). */
  appAccountToken?: string;
  /** In milliunits of the currency (7990 = 7.99). */
  price?: number;
  currency?: string;
}

export interface SubscribeOptions extends PurchaseOptions {
  /** One paid period's length; a month (30 days) unless told. */
  periodMs?: number;
}

/** A subscription's state as Get All Subscription Statuses reports it. */
export interface SubscriptionState {
  status?: Status;
  autoRenewStatus?: AutoRenewStatus;
  /** When a grace period (status BILLING_GRACE_PERIOD) ends, in ms since the epoch. */
  gracePeriodExpiresDate?: number;
}

export interface SignOptions {
  /** `foreign`: a chain under another root, which a verifier given `rootCertificate` must refuse. */
  chain?: 'store' | 'foreign';
}

export interface NotificationOptions extends SignOptions {
  subtype?: Subtype;
  /** The transaction the notification is about (its subscription's, for a subscription's). */
  transactionId?: string;
  /** Fields of the decoded payload to set differently (another bundle, environment, UUID). */
  override?: Partial<ResponseBodyV2DecodedPayload>;
  /** CONSUMPTION_REQUEST: the customer's reason for asking a refund. */
  consumptionRequestReason?: NonNullable<ResponseBodyV2DecodedPayload['data']>['consumptionRequestReason'];
}

/** A notification ready to post: the exact body Apple posts and what it decodes to. */
export interface SignedNotification {
  body: string;
  payload: ResponseBodyV2DecodedPayload;
}

export interface RecordedAppStoreRequest {
  method: string;
  path: string;
  status: number;
}

export type AppStoreFault = 401 | 404 | 429 | 500;

export interface LocalAppStore {
  apiUrl: string;
  bundleId: string;
  appAppleId: number;
  environment: Environment.SANDBOX | Environment.PRODUCTION;
  /** The root the store signs under (DER): what a verifier trusts. */
  rootCertificate: Buffer;
  /** The in-app purchase key Outpost signs its API tokens with: issuer id, key id, PKCS#8 PEM (the .p8). */
  issuerId: string;
  keyId: string;
  privateKey: string;
  /** Every API request answered, in order. */
  requests: RecordedAppStoreRequest[];
  /** The player buys a consumable (a credit pack). */
  buyConsumable(options: PurchaseOptions): JWSTransactionDecodedPayload;
  /** The player subscribes: the first period's transaction, active with renewal on. */
  subscribe(options: SubscribeOptions): JWSTransactionDecodedPayload;
  /** The subscription renews: a new period's transaction, active again. */
  renew(originalTransactionId: string): JWSTransactionDecodedPayload;
  /** Sets what Get All Subscription Statuses says of the subscription (grace, billing retry, renewal off, …). */
  setSubscriptionState(originalTransactionId: string, state: SubscriptionState): void;
  /** Apple refunds the transaction, or Family Sharing revokes it; a subscription's status becomes REVOKED. */
  revoke(transactionId: string, reason: 'refund' | 'family'): JWSTransactionDecodedPayload;
  /** Apple reverses its refund (REFUND_REVERSED): the transaction stands again, a subscription active until its period's end. */
  reverseRefund(transactionId: string): JWSTransactionDecodedPayload;
  /** The consumption information Apple accepted for the transaction (Send Consumption Information), in order. */
  consumptionInformation(transactionId: string): ConsumptionRequest[];
  /** The transaction as the store keeps it now. */
  transaction(transactionId: string): JWSTransactionDecodedPayload;
  /** What StoreKit hands the game for the transaction: its JWS, signed now. */
  signedTransaction(transactionId: string, options?: SignOptions): Promise<string>;
  /** Any payload as a JWS with the store's chain (or a foreign one). */
  sign(payload: object, options?: SignOptions): Promise<string>;
  /** The App Store Server Notification V2 of this type for the transaction as it is now. */
  notification(type: NotificationTypeV2, options?: NotificationOptions): Promise<SignedNotification>;
  /** Posts a notification to a URL as Apple does (real HTTP); answers the status and body. */
  deliver(url: string, notification: SignedNotification): Promise<{ status: number; body: string }>;
  /** The next `count` API requests answer `status` without being carried out. */
  failNext(count: number, status: AppStoreFault): void;
  /** What OCSP says of the store's signing certificate from now on: good, revoked, or no answer (HTTP 503). */
  setCertificateStatus(status: 'good' | 'revoked' | 'unavailable'): void;
  close(): Promise<void>;
}

interface StoredSubscription {
  originalTransactionId: string;
  productId: string;
  appAccountToken: string | undefined;
  periodMs: number;
  /** Its transactions' ids, oldest first: the last is the current period's. */
  transactionIds: string[];
  status: Status;
  autoRenewStatus: AutoRenewStatus;
  gracePeriodExpiresDate: number | undefined;
}

interface Answer {
  status: number;
  /** A JSON body, or a text one (Apple's 401 is text). */
  body: unknown;
}

const MONTH_MS = 30 * 24 * 60 * 60 * 1000;
/** Apple refuses a token whose exp is more than 60 minutes after its iat. */
const MAX_TOKEN_LIFETIME_S = 60 * 60;
const SUBSCRIPTION_GROUP = '21000001';
const OCSP_PATH = '/ocsp';
const STOREFRONT = { storefront: 'USA', storefrontId: '143441' };

const API_ERRORS: Record<Exclude<AppStoreFault, 401>, { errorCode: number; errorMessage: string }> = {
  404: { errorCode: 4040010, errorMessage: 'Transaction id not found.' },
  429: { errorCode: 4290000, errorMessage: 'Rate limit exceeded.' },
  500: { errorCode: 5000000, errorMessage: 'An unknown error occurred.' },
};

export async function startLocalAppStore(options: LocalAppStoreOptions = {}): Promise<LocalAppStore> {
  const bundleId = options.bundleId ?? 'com.outpost.game';
  const appAppleId = options.appAppleId ?? 1_234_567_890;
  const environment = options.environment ?? Environment.SANDBOX;
  const apiKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const issuerId = randomUUID();
  const keyId = randomBytes(5).toString('hex').toUpperCase();
  const transactions = new Map<string, JWSTransactionDecodedPayload>();
  const subscriptions = new Map<string, StoredSubscription>();
  const requests: RecordedAppStoreRequest[] = [];
  const consumption = new Map<string, ConsumptionRequest[]>();
  const faults: AppStoreFault[] = [];
  /** Made once the server listens: its certificates name its OCSP address. */
  let chains: Record<NonNullable<SignOptions['chain']>, TestCertificateChain>;
  let certificateStatus: 'good' | 'revoked' | 'unavailable' = 'good';
  let nextTransactionId = 2_000_000_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

  function newTransactionId(): string {
    nextTransactionId += 1;
    return String(nextTransactionId);
  }

  function baseTransaction(purchase: PurchaseOptions, now: number): JWSTransactionDecodedPayload {
    return {
      bundleId,
      productId: purchase.productId,
      purchaseDate: now,
      originalPurchaseDate: now,
      quantity: 1,
      appAccountToken: purchase.appAccountToken,
      inAppOwnershipType: InAppOwnershipType.PURCHASED,
      environment,
      transactionReason: TransactionReason.PURCHASE,
      price: purchase.price,
      currency: purchase.currency ?? (purchase.price === undefined ? undefined : 'USD'),
      ...STOREFRONT,
    };
  }

  function buyConsumable(purchase: PurchaseOptions): JWSTransactionDecodedPayload {
    const transactionId = newTransactionId();
    const transaction: JWSTransactionDecodedPayload = {
      ...baseTransaction(purchase, Date.now()),
      transactionId,
      originalTransactionId: transactionId,
      type: Type.CONSUMABLE,
    };
    transactions.set(transactionId, transaction);
    return { ...transaction };
  }

  function subscribe(purchase: SubscribeOptions): JWSTransactionDecodedPayload {
    const now = Date.now();
    const transactionId = newTransactionId();
    const periodMs = purchase.periodMs ?? MONTH_MS;
    const transaction: JWSTransactionDecodedPayload = {
      ...baseTransaction(purchase, now),
      transactionId,
      originalTransactionId: transactionId,
      webOrderLineItemId: newTransactionId(),
      subscriptionGroupIdentifier: SUBSCRIPTION_GROUP,
      expiresDate: now + periodMs,
      type: Type.AUTO_RENEWABLE_SUBSCRIPTION,
    };
    transactions.set(transactionId, transaction);
    subscriptions.set(transactionId, {
      originalTransactionId: transactionId,
      productId: purchase.productId,
      appAccountToken: purchase.appAccountToken,
      periodMs,
      transactionIds: [transactionId],
      status: Status.ACTIVE,
      autoRenewStatus: AutoRenewStatus.ON,
      gracePeriodExpiresDate: undefined,
    });
    return { ...transaction };
  }

  function renew(originalTransactionId: string): JWSTransactionDecodedPayload {
    const subscription = subscriptionOf(originalTransactionId);
    const latest = latestTransaction(subscription);
    const start = latest.expiresDate ?? Date.now();
    const transactionId = newTransactionId();
    const transaction: JWSTransactionDecodedPayload = {
      ...latest,
      transactionId,
      webOrderLineItemId: newTransactionId(),
      purchaseDate: start,
      expiresDate: start + subscription.periodMs,
      transactionReason: TransactionReason.RENEWAL,
      revocationDate: undefined,
      revocationReason: undefined,
      revocationType: undefined,
    };
    transactions.set(transactionId, transaction);
    subscription.transactionIds.push(transactionId);
    subscription.status = Status.ACTIVE;
    subscription.gracePeriodExpiresDate = undefined;
    return { ...transaction };
  }

  function setSubscriptionState(originalTransactionId: string, state: SubscriptionState): void {
    const subscription = subscriptionOf(originalTransactionId);
    subscription.status = state.status ?? subscription.status;
    subscription.autoRenewStatus = state.autoRenewStatus ?? subscription.autoRenewStatus;
    subscription.gracePeriodExpiresDate =
      subscription.status === Status.BILLING_GRACE_PERIOD ? state.gracePeriodExpiresDate : undefined;
  }

  function revoke(transactionId: string, reason: 'refund' | 'family'): JWSTransactionDecodedPayload {
    const transaction = stored(transactionId);
    transaction.revocationDate = Date.now();
    if (reason === 'refund') {
      transaction.revocationReason = RevocationReason.REFUNDED_FOR_OTHER_REASON;
      transaction.revocationType = RevocationType.REFUND_FULL;
    } else {
      transaction.revocationType = RevocationType.FAMILY_REVOKE;
    }
    const subscription = subscriptions.get(transaction.originalTransactionId ?? '');
    if (subscription) subscription.status = Status.REVOKED;
    return { ...transaction };
  }

  function reverseRefund(transactionId: string): JWSTransactionDecodedPayload {
    const transaction = stored(transactionId);
    transaction.revocationDate = undefined;
    transaction.revocationReason = undefined;
    transaction.revocationType = undefined;
    const subscription = subscriptions.get(transaction.originalTransactionId ?? '');
    if (subscription) {
      const latest = latestTransaction(subscription);
      subscription.status = (latest.expiresDate ?? 0) > Date.now() ? Status.ACTIVE : Status.EXPIRED;
    }
    return { ...transaction };
  }

  function stored(transactionId: string): JWSTransactionDecodedPayload {
    const transaction = transactions.get(transactionId);
    if (!transaction) throw new Error(`The local App Store has no transaction ${transactionId}`);
    return transaction;
  }

  function subscriptionOf(originalTransactionId: string): StoredSubscription {
    const subscription = subscriptions.get(originalTransactionId);
    if (!subscription) throw new Error(`The local App Store has no subscription ${originalTransactionId}`);
    return subscription;
  }

  function latestTransaction(subscription: StoredSubscription): JWSTransactionDecodedPayload {
    return stored(subscription.transactionIds.at(-1) ?? subscription.originalTransactionId);
  }

  function renewalInfo(subscription: StoredSubscription): JWSRenewalInfoDecodedPayload {
    const latest = latestTransaction(subscription);
    const inRetry = subscription.status === Status.BILLING_RETRY || subscription.status === Status.BILLING_GRACE_PERIOD;
    const expired = subscription.status === Status.EXPIRED;
    return {
      originalTransactionId: subscription.originalTransactionId,
      autoRenewProductId: subscription.productId,
      productId: subscription.productId,
      autoRenewStatus: subscription.autoRenewStatus,
      isInBillingRetryPeriod: inRetry,
      gracePeriodExpiresDate: subscription.gracePeriodExpiresDate,
      expirationIntent: expired
        ? subscription.autoRenewStatus === AutoRenewStatus.OFF
          ? ExpirationIntent.CUSTOMER_CANCELLED
          : ExpirationIntent.BILLING_ERROR
        : undefined,
      signedDate: Date.now(),
      environment,
      recentSubscriptionStartDate: stored(subscription.originalTransactionId).purchaseDate,
      renewalDate: latest.expiresDate,
      appAccountToken: subscription.appAccountToken,
      currency: latest.currency,
      renewalPrice: latest.price,
    };
  }

  async function sign(payload: object, signOptions: SignOptions = {}): Promise<string> {
    const chain = chains[signOptions.chain ?? 'store'];
    return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader({ alg: 'ES256', x5c: chain.certificates.map((der) => der.toString('base64')) })
      .sign(chain.signingKey);
  }

  function signedTransaction(transactionId: string, signOptions?: SignOptions): Promise<string> {
    return sign({ ...stored(transactionId), signedDate: Date.now() }, signOptions);
  }

  async function signedSubscriptionItem(subscription: StoredSubscription) {
    return {
      status: subscription.status,
      originalTransactionId: subscription.originalTransactionId,
      signedTransactionInfo: await signedTransaction(latestTransaction(subscription).transactionId ?? ''),
      signedRenewalInfo: await sign(renewalInfo(subscription)),
    };
  }

  async function notification(
    type: NotificationTypeV2,
    notificationOptions: NotificationOptions = {},
  ): Promise<SignedNotification> {
    const data: NonNullable<ResponseBodyV2DecodedPayload['data']> = {
      appAppleId,
      bundleId,
      bundleVersion: '1.0',
      environment,
    };
    if (notificationOptions.transactionId !== undefined) {
      const transaction = stored(notificationOptions.transactionId);
      data.signedTransactionInfo = await signedTransaction(notificationOptions.transactionId, notificationOptions);
      const subscription = subscriptions.get(transaction.originalTransactionId ?? '');
      if (subscription) {
        data.signedRenewalInfo = await sign(renewalInfo(subscription), notificationOptions);
        data.status = subscription.status;
      }
    }
    if (notificationOptions.consumptionRequestReason !== undefined) {
      data.consumptionRequestReason = notificationOptions.consumptionRequestReason;
    }
    const payload: ResponseBodyV2DecodedPayload = {
      notificationType: type,
      subtype: notificationOptions.subtype,
      notificationUUID: randomUUID(),
      data,
      version: '2.0',
      signedDate: Date.now(),
      ...notificationOptions.override,
    };
    const signedPayload = await sign(payload, notificationOptions);
    return { body: JSON.stringify({ signedPayload }), payload };
  }

  async function deliver(url: string, signed: SignedNotification): Promise<{ status: number; body: string }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signed.body,
    });
    return { status: response.status, body: await response.text() };
  }

  /** Apple's check of the API token: ES256 with the registered key, its kid, iss, aud, bid and lifetime. */
  async function authenticated(authorization: string | undefined): Promise<boolean> {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
    if (!token) return false;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'ES256' || header.kid !== keyId || header.typ !== 'JWT') return false;
      const { payload } = await jwtVerify(token, apiKey.publicKey, {
        algorithms: ['ES256'],
        issuer: issuerId,
        audience: 'appstoreconnect-v1',
        requiredClaims: ['iat', 'exp', 'bid'],
      });
      const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0);
      return payload.bid === bundleId && lifetime > 0 && lifetime <= MAX_TOKEN_LIFETIME_S;
    } catch {
      return false;
    }
  }

  async function route(method: string, url: URL, body: Buffer): Promise<Answer> {
    const consumptionMatch = /^\/inApps\/v2\/transactions\/consumption\/([^/]+)$/.exec(url.pathname);
    if (consumptionMatch?.[1] !== undefined) {
      return method === 'PUT'
        ? takeConsumption(decodeURIComponent(consumptionMatch[1]), body)
        : { status: 404, body: '' };
    }
    const match = /^\/inApps\/v1\/(transactions|subscriptions)\/([^/]+)$/.exec(url.pathname);
    if (method !== 'GET' || !match?.[1] || !match[2]) return { status: 404, body: '' };
    const transactionId = decodeURIComponent(match[2]);
    if (!/^\d+$/.test(transactionId)) {
      return { status: 400, body: { errorCode: 4000006, errorMessage: 'Invalid transaction id.' } };
    }
    const transaction = transactions.get(transactionId);
    if (!transaction) return { status: 404, body: API_ERRORS[404] };
    if (match[1] === 'transactions') {
      return { status: 200, body: { signedTransactionInfo: await signedTransaction(transactionId) } };
    }
    const wanted = url.searchParams.getAll('status').map(Number);
    const subscription = subscriptions.get(transaction.originalTransactionId ?? '');
    const items =
      subscription && (wanted.length === 0 || wanted.includes(subscription.status))
        ? [await signedSubscriptionItem(subscription)]
        : [];
    const answer: StatusResponse = {
      environment,
      bundleId,
      appAppleId,
      data: items.length > 0 ? [{ subscriptionGroupIdentifier: SUBSCRIPTION_GROUP, lastTransactions: items }] : [],
    };
    return { status: 200, body: answer };
  }

  /**
   * Send Consumption Information (v2), as Apple checks it: the transaction known; customerConsented
   * true; deliveryStatus one of Apple's; sampleContentProvided a boolean; consumptionPercentage, when
   * given, an integer of 0 to 100 000 milliunits and never of an auto-renewable subscription;
   * refundPreference, when given, one of Apple's, GRANT_PRORATED only with a percentage above 0.
   * Accepted with 202 and no body.
   */
  function takeConsumption(transactionId: string, body: Buffer): Answer {
    const bad = (errorCode: number, errorMessage: string): Answer => ({
      status: 400,
      body: { errorCode, errorMessage },
    });
    if (!/^\d+$/.test(transactionId)) return bad(4000006, 'Invalid transaction id.');
    const transaction = transactions.get(transactionId);
    if (!transaction) return { status: 404, body: API_ERRORS[404] };
    let sent: Partial<Record<keyof ConsumptionRequest, unknown>>;
    try {
      sent = JSON.parse(body.toString('utf8'));
    } catch {
      return bad(4000000, 'Bad request.');
    }
    if (typeof sent !== 'object' || sent === null) return bad(4000000, 'Bad request.');
    if (sent.customerConsented !== true)
      return bad(
        4000035,
        'Invalid request. The customer consented field is required and must indicate the customer consented.',
      );
    if (!Object.values<unknown>(DeliveryStatus).includes(sent.deliveryStatus)) {
      return bad(4000036, 'Invalid request. The delivery status field is invalid.');
    }
    if (typeof sent.sampleContentProvided !== 'boolean') {
      return bad(4000041, 'Invalid request. The sample content provided field is invalid.');
    }
    const percentage = sent.consumptionPercentage;
    if (percentage !== undefined) {
      if (typeof percentage !== 'number' || !Number.isInteger(percentage) || percentage < 0 || percentage > 100_000) {
        return bad(4000000, 'Invalid request. The consumption percentage field is invalid.');
      }
      if (transaction.type === Type.AUTO_RENEWABLE_SUBSCRIPTION) {
        return bad(
          4000000,
          'Invalid request. Consumption percentage is not supported for auto-renewable subscriptions.',
        );
      }
    }
    const preference = sent.refundPreference;
    if (preference !== undefined && !Object.values<unknown>(RefundPreference).includes(preference)) {
      return bad(4000000, 'Invalid request. The refund preference field is invalid.');
    }
    if (preference === RefundPreference.GRANT_PRORATED && !(typeof percentage === 'number' && percentage > 0)) {
      return bad(4000000, 'Invalid request. A prorated refund preference needs a consumption percentage above 0.');
    }
    consumption.set(transactionId, [...(consumption.get(transactionId) ?? []), sent as ConsumptionRequest]);
    return { status: 202, body: '' };
  }

  async function handle(request: IncomingMessage, body: Buffer): Promise<Answer> {
    const fault = faults.shift();
    if (fault === 401 || !(await authenticated(request.headers.authorization))) {
      // Apple answers a bad token with text, not its error JSON.
      return {
        status: 401,
        body: `Unauthenticated\n\nRequest ID: ${randomBytes(13).toString('hex').toUpperCase()}.\n`,
      };
    }
    if (fault !== undefined) return { status: fault, body: API_ERRORS[fault] };
    return route(request.method ?? 'GET', new URL(request.url ?? '/', 'http://app-store.local'), body);
  }

  function answerOcsp(request: Buffer, response: ServerResponse): void {
    if (certificateStatus === 'unavailable') {
      response.writeHead(503).end();
      return;
    }
    const revoked = new Set(certificateStatus === 'revoked' ? [serialOf(chains.store.certificates[0])] : []);
    response.writeHead(200, { 'content-type': 'application/ocsp-response' });
    response.end(ocspAnswer(request, chains.store.responders, revoked));
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === OCSP_PATH) {
        answerOcsp(Buffer.concat(chunks), response);
        return;
      }
      handle(request, Buffer.concat(chunks))
        .then((answer) => {
          requests.push({
            method: request.method ?? 'GET',
            path: new URL(request.url ?? '/', 'http://app-store.local').pathname,
            status: answer.status,
          });
          const text = typeof answer.body === 'string';
          response.writeHead(answer.status, {
            'content-type': text ? 'text/plain; charset=utf-8' : 'application/json',
          });
          response.end(text ? answer.body : JSON.stringify(answer.body));
        })
        .catch((error: unknown) => {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ ...API_ERRORS[500], errorMessage: String(error) }));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  chains = {
    store: createTestCertificateChain('Outpost Test Apple', `${apiUrl}${OCSP_PATH}`),
    foreign: createTestCertificateChain('Elsewhere', `${apiUrl}${OCSP_PATH}`),
  };

  return {
    apiUrl,
    bundleId,
    appAppleId,
    environment,
    rootCertificate: chains.store.root,
    issuerId,
    keyId,
    privateKey: apiKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    requests,
    buyConsumable,
    subscribe,
    renew,
    setSubscriptionState,
    revoke,
    reverseRefund,
    consumptionInformation: (transactionId) => structuredClone(consumption.get(transactionId) ?? []),
    transaction: (transactionId) => ({ ...stored(transactionId) }),
    signedTransaction,
    sign,
    notification,
    deliver,
    failNext(count, status) {
      for (let index = 0; index < count; index += 1) faults.push(status);
    },
    setCertificateStatus(status) {
      certificateStatus = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The App Store settings of a game that trusts this local store, with online (OCSP) checks as in production. */
export function appStoreConfigOf(store: LocalAppStore, overrides: Partial<AppStoreConfig> = {}): AppStoreConfig {
  return {
    bundleId: store.bundleId,
    appAppleId: store.appAppleId,
    environment: store.environment,
    rootCertificates: [store.rootCertificate],
    issuerId: store.issuerId,
    keyId: store.keyId,
    privateKey: store.privateKey,
    apiUrl: store.apiUrl,
    onlineChecks: true,
    ...overrides,
  };
}
