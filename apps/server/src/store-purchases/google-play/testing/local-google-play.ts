import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, SignJWT } from 'jose';
import type { GooglePlayConfig } from '../../../platform/config';
import { createTestServiceAccount } from '../../../platform/google-auth/testing';
import { readServiceAccount } from '../../../platform/push-transport/service-account';

/**
 * For tests: a local HTTP server speaking the Google protocols the Google Play adapter uses, as
 * Google documents them. The OAuth 2.0 token endpoint of a service account (the JWT-bearer grant,
 * checked by platform/google-auth/testing.ts); the Play Developer API v3's
 * purchases.products (get, acknowledge, consume), purchases.subscriptionsv2.get,
 * purchases.subscriptions.acknowledge and orders.get (a one-time purchase's order, with what the
 * buyer paid) behind that token, with Google's error shape; and Google's
 * OIDC keys (a JWKS), with which it signs the `Authorization: Bearer` token of the real-time
 * developer notifications it pushes over HTTP as a Pub/Sub push subscription does.
 *
 * What happens in the Play Store (a player buys, a renewal is charged or fails, the player cancels,
 * Google refunds) a test scripts with the methods below; a notification of it is then pushed with
 * `push(url, …)`.
 */

const ANDROID_PUBLISHER_SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
/** The issuer of the OIDC tokens Pub/Sub push signs (Google's own, with this server's keys). */
const PUSH_TOKEN_ISSUER = 'https://accounts.google.com';
const DAY_MS = 24 * 60 * 60 * 1000;

export type SubscriptionStateName =
  | 'SUBSCRIPTION_STATE_PENDING'
  | 'SUBSCRIPTION_STATE_ACTIVE'
  | 'SUBSCRIPTION_STATE_PAUSED'
  | 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD'
  | 'SUBSCRIPTION_STATE_ON_HOLD'
  | 'SUBSCRIPTION_STATE_CANCELED'
  | 'SUBSCRIPTION_STATE_EXPIRED';

/** A one-time product's purchase as purchases.products.get answers it. */
export interface ProductPurchaseJson {
  kind: 'androidpublisher#productPurchase';
  purchaseTimeMillis: string;
  /** 0 purchased, 1 canceled, 2 pending. */
  purchaseState: 0 | 1 | 2;
  /** 0 yet to be consumed, 1 consumed. */
  consumptionState: 0 | 1;
  developerPayload: string;
  orderId: string;
  /** 0 yet to be acknowledged, 1 acknowledged. */
  acknowledgementState: 0 | 1;
  productId: string;
  purchaseToken: string;
  quantity: number;
  regionCode: string;
  obfuscatedExternalAccountId?: string;
  /** 0 test (a license tester's), 1 promo, 2 rewarded; absent for a real purchase. */
  purchaseType?: 0 | 1 | 2;
}

/** A subscription as purchases.subscriptionsv2.get answers it (the fields Outpost reads, and a few more). */
export interface SubscriptionPurchaseV2Json {
  kind: 'androidpublisher#subscriptionPurchaseV2';
  regionCode: string;
  startTime: string;
  subscriptionState: SubscriptionStateName;
  /** Deprecated by Google in favour of lineItems[].latestSuccessfulOrderId; still answered. */
  latestOrderId: string;
  linkedPurchaseToken?: string;
  acknowledgementState: 'ACKNOWLEDGEMENT_STATE_PENDING' | 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED';
  externalAccountIdentifiers?: { obfuscatedExternalAccountId: string };
  canceledStateContext?: Record<string, object>;
  testPurchase?: Record<string, never>;
  lineItems: Array<{
    productId: string;
    expiryTime: string;
    latestSuccessfulOrderId: string;
    autoRenewingPlan: {
      autoRenewEnabled: boolean;
      recurringPrice: { currencyCode: string; units: string; nanos: number };
    };
    offerDetails: { basePlanId: string; offerTags: string[] };
  }>;
}

/** The real-time developer notification Google Play publishes (the JSON inside Pub/Sub's message.data). */
export interface DeveloperNotificationJson {
  version: '1.0';
  packageName: string;
  eventTimeMillis: string;
  subscriptionNotification?: {
    version: '1.0';
    notificationType: number;
    purchaseToken: string;
    subscriptionId: string;
  };
  oneTimeProductNotification?: { version: '1.0'; notificationType: number; purchaseToken: string; sku: string };
  voidedPurchaseNotification?: { purchaseToken: string; orderId: string; productType: 1 | 2; refundType: 1 | 2 };
  testNotification?: { version: '1.0' };
}

/** Google Play's subscription notification types (RTDN reference). */
export const SUBSCRIPTION_NOTIFICATION = {
  RECOVERED: 1,
  RENEWED: 2,
  CANCELED: 3,
  PURCHASED: 4,
  ON_HOLD: 5,
  IN_GRACE_PERIOD: 6,
  RESTARTED: 7,
  PRICE_CHANGE_CONFIRMED: 8,
  DEFERRED: 9,
  PAUSED: 10,
  PAUSE_SCHEDULE_CHANGED: 11,
  REVOKED: 12,
  EXPIRED: 13,
} as const;

export interface BuyProductOptions {
  productId: string;
  /** Another app's purchase; the server's own package by default. */
  packageName?: string;
  purchaseState?: 0 | 1 | 2;
  /** The player the game named (BillingFlowParams.setObfuscatedAccountId). */
  accountId?: string;
  /** A license tester's purchase (purchaseType 0). */
  test?: boolean;
  /** What the buyer paid (the order's total, tax included), in hundredths of the currency's major unit; 999 by default. */
  priceCents?: number;
  /** ISO 4217; USD by default. */
  currency?: string;
}

/** An order as orders.get answers it (the fields Outpost reads, and a few more). */
export interface OrderJson {
  orderId: string;
  purchaseToken: string;
  state: 'PENDING' | 'PROCESSED' | 'REFUNDED';
  createTime: string;
  lastEventTime: string;
  buyerAddress: { buyerCountry: string };
  total: MoneyJson;
  tax: MoneyJson;
  developerRevenueInBuyerCurrency: MoneyJson;
  orderDetails: { taxInclusive: boolean };
  lineItems: Array<{
    productId: string;
    productTitle: string;
    listingPrice: MoneyJson;
    total: MoneyJson;
    tax: MoneyJson;
    oneTimePurchaseDetails: { quantity: number };
  }>;
  salesChannel: 'IN_APP';
}

/** Google's Money: whole units as a decimal string, and nanos. */
export interface MoneyJson {
  currencyCode: string;
  units: string;
  nanos: number;
}

export interface BuySubscriptionOptions {
  productId: string;
  packageName?: string;
  accountId?: string;
  /** The subscription this purchase replaces (an upgrade, a downgrade, a re-signup before the end). */
  linkedPurchaseToken?: string;
  /** The billing period; 30 days by default. */
  periodMs?: number;
  /** The recurring price, in cents; 799 (USD) by default. */
  priceCents?: number;
  currency?: string;
  test?: boolean;
  /** A purchase still awaiting payment (SUBSCRIPTION_STATE_PENDING). */
  pending?: boolean;
}

export interface PushOptions {
  /** The audience the push's OIDC token names; the server's configured one by default. */
  audience?: string;
  /** The push's service account email; the server's by default. */
  email?: string;
  /** No Authorization header at all. */
  unsigned?: boolean;
  /** Sign with a key other than the one the JWKS publishes. */
  foreignKey?: boolean;
}

export interface LocalGooglePlay {
  /** The Play Developer API's root, for GOOGLE_PLAY_<ENV>_API_URL (the library's rootUrl). */
  apiUrl: string;
  /** The OAuth 2.0 token endpoint, named as token_uri in the key file this server writes. */
  tokenUri: string;
  /** Google's OIDC keys as this server signs pushes with them, for GOOGLE_PLAY_<ENV>_PUSH_JWKS_URL. */
  jwksUrl: string;
  packageName: string;
  clientEmail: string;
  /** The service account Pub/Sub's push subscription authenticates as. */
  pushServiceAccountEmail: string;
  /** The audience the push subscription is configured with. */
  pushAudience: string;
  /** Writes the service account's JSON key file into `dir`; answers its path. */
  writeServiceAccount(dir: string): string;
  /** Every API request answered (the token endpoint's excluded), in order. */
  requests: Array<{ method: string; path: string; status: number }>;
  /** A one-time product bought; answers its purchase token. */
  buyProduct(options: BuyProductOptions): string;
  product(token: string): ProductPurchaseJson;
  /** The order of a one-time purchase, as orders.get answers it. */
  order(orderId: string): OrderJson;
  /**
   * The service account loses (or regains) the Play Console's "View financial data" permission:
   * orders.get answers 403 meanwhile, as Google does.
   */
  withholdFinancialData(withheld: boolean): void;
  /** A pending purchase's payment arrives (purchaseState 2 → 0). */
  completePendingProduct(token: string): void;
  /** Google refunds (or revokes) a one-time purchase: it is voided (purchaseState 1). */
  voidProduct(token: string): void;
  /** A subscription bought; answers its purchase token. */
  buySubscription(options: BuySubscriptionOptions): string;
  subscription(token: string): SubscriptionPurchaseV2Json;
  /** A renewal is charged: a new order (`<first order>..N`) and a period more. */
  renew(token: string): void;
  /** The player turns renewal off; the subscription runs to the period's end. */
  cancel(token: string): void;
  /** The player turns renewal on again before the period's end. */
  restart(token: string): void;
  /** A renewal's payment failed; access continues for the grace period (expiryTime moves to its end). */
  grace(token: string, graceMs?: number): void;
  /** Payment still failing after grace: account hold, no access. */
  hold(token: string): void;
  /** The player fixed their payment in grace or on hold: a renewal is charged. */
  recover(token: string): void;
  pause(token: string): void;
  /** The subscription's end. */
  expire(token: string): void;
  /** Google or the developer revoked it (refunded and revoked, as the Play Console does): access ends now. */
  revoke(token: string): void;
  /** The subscription ended more than 60 days ago: Google answers 410 Gone for it. */
  ageOut(token: string): void;
  /** Replaces a subscription by a new purchase (an upgrade or downgrade): the old one ends. */
  replace(oldToken: string, options: Omit<BuySubscriptionOptions, 'linkedPurchaseToken'>): string;
  /** Notifications as Google Play builds them. */
  subscriptionNotification(token: string, notificationType: number): DeveloperNotificationJson;
  oneTimeProductNotification(token: string, notificationType: 1 | 2): DeveloperNotificationJson;
  voidedNotification(token: string, refundType?: 1 | 2): DeveloperNotificationJson;
  testNotification(): DeveloperNotificationJson;
  /** The body and headers Pub/Sub's push posts for a notification. */
  pushRequest(
    notification: DeveloperNotificationJson,
    options?: PushOptions,
  ): Promise<{ headers: Record<string, string>; body: Buffer; messageId: string }>;
  /** Pushes a notification to an endpoint over HTTP as Pub/Sub does; answers the status and body. */
  push(
    url: string,
    notification: DeveloperNotificationJson,
    options?: PushOptions,
  ): Promise<{ status: number; body: string; messageId: string }>;
  /** The next `count` API requests (of `method` only, when given) answer `status` (default 500) without being carried out. */
  failNext(count: number, status?: 500 | 503 | 429, method?: 'GET' | 'POST'): void;
  /** Forgets every access token issued: their next use is answered 401. */
  revokeAccessTokens(): void;
  close(): Promise<void>;
}

interface Product {
  packageName: string;
  json: ProductPurchaseJson;
  priceCents: number;
  currency: string;
}

interface Subscription {
  packageName: string;
  token: string;
  productId: string;
  firstOrderId: string;
  renewals: number;
  state: SubscriptionStateName;
  startTime: number;
  expiryTime: number;
  periodMs: number;
  autoRenew: boolean;
  acknowledged: boolean;
  priceCents: number;
  currency: string;
  test: boolean;
  accountId?: string;
  linkedPurchaseToken?: string;
  cancellation?: { kind: 'user'; cancelTime: number } | { kind: 'system' | 'developer' | 'replacement' };
}

export async function startLocalGooglePlay(
  options: { packageName?: string; pushAudience?: string } = {},
): Promise<LocalGooglePlay> {
  const packageName = options.packageName ?? 'com.outpost.game';
  const projectId = 'outpost-play-test';
  const account = createTestServiceAccount({
    projectId,
    clientEmail: `play-verifier@${projectId}.iam.gserviceaccount.com`,
    scope: ANDROID_PUBLISHER_SCOPE,
    tokenPrefix: 'play',
  });
  const pushServiceAccountEmail = `play-push@${projectId}.iam.gserviceaccount.com`;
  const oidc = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const oidcKid = randomBytes(8).toString('hex');
  const products = new Map<string, Product>();
  const subscriptions = new Map<string, Subscription>();
  const failures: Array<{ status: 500 | 503 | 429; method: string | undefined }> = [];
  const requests: LocalGooglePlay['requests'] = [];
  let financialDataWithheld = false;

  const server = createServer((request, response) => {
    readBody(request)
      .then(async (body) => answer(request, response, body))
      .catch((error: unknown) => reply(response, 500, googleError(500, 'INTERNAL', 'backendError', String(error))));
  });

  async function answer(request: IncomingMessage, response: ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    if (method === 'POST' && url.pathname === '/token') {
      const granted = account.grant(body, 3599);
      return reply(response, granted.status, granted.body);
    }
    if (method === 'GET' && url.pathname === '/oauth2/v3/certs') {
      const jwk = await exportJWK(oidc.publicKey);
      return reply(response, 200, { keys: [{ ...jwk, kid: oidcKid, alg: 'RS256', use: 'sig' }] });
    }
    const status = apiAnswer(request, method, url.pathname, response);
    requests.push({ method, path: url.pathname, status });
  }

  /** The Play Developer API's answer; returns the status it sent. */
  function apiAnswer(request: IncomingMessage, method: string, pathname: string, response: ServerResponse): number {
    const send = (status: number, body: object) => {
      reply(response, status, body);
      return status;
    };
    const index = failures.findIndex((f) => f.method === undefined || f.method === method);
    const failure = index === -1 ? undefined : failures.splice(index, 1)[0]?.status;
    if (failure !== undefined) {
      const status = failure === 429 ? 'RESOURCE_EXHAUSTED' : failure === 503 ? 'UNAVAILABLE' : 'INTERNAL';
      const reason = failure === 429 ? 'rateLimitExceeded' : 'backendError';
      return send(failure, googleError(failure, status, reason, 'Backend Error'));
    }
    if (!account.authorizes(request.headers.authorization)) {
      return send(
        401,
        googleError(
          401,
          'UNAUTHENTICATED',
          'authError',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        ),
      );
    }
    const route = matchRoute(method, pathname);
    if (route === undefined)
      return send(404, googleError(404, 'NOT_FOUND', 'notFound', `No route ${method} ${pathname}`));
    if (route.kind === 'order') {
      if (financialDataWithheld) {
        return send(
          403,
          googleError(403, 'PERMISSION_DENIED', 'permissionDenied', 'The caller does not have permission'),
        );
      }
      const ordered = productOfOrder(route.orderId);
      if (ordered === undefined || ordered.packageName !== route.packageName) {
        return send(404, notFound('notFound', 'Order not found.'));
      }
      return send(200, orderJson(ordered));
    }
    if (route.kind === 'product') {
      const product = products.get(route.token);
      if (product === undefined || product.packageName !== route.packageName) {
        return send(404, notFound('purchaseTokenNotFound', 'The purchase token was not found.'));
      }
      if (product.json.productId !== route.productId) {
        return send(400, googleError(400, 'INVALID_ARGUMENT', 'invalid', 'Invalid Value'));
      }
      if (route.action === 'get') return send(200, product.json);
      if (product.json.purchaseState !== 0) {
        return send(400, invalidState('The purchase is not in a valid state to perform the desired operation.'));
      }
      if (route.action === 'acknowledge') {
        product.json.acknowledgementState = 1;
        return send(200, {});
      }
      if (product.json.consumptionState === 1) {
        return send(400, invalidState('The product has already been consumed.'));
      }
      product.json.consumptionState = 1;
      product.json.acknowledgementState = 1;
      return send(200, {});
    }
    const subscription = subscriptions.get(route.token);
    if (subscription === undefined || subscription.packageName !== route.packageName) {
      return send(404, notFound('purchaseTokenNotFound', 'The purchase token was not found.'));
    }
    if (subscription.state === 'SUBSCRIPTION_STATE_EXPIRED' && Date.now() - subscription.expiryTime > 60 * DAY_MS) {
      return send(
        410,
        googleError(
          410,
          'NOT_FOUND',
          'subscriptionPurchaseNoLongerAvailable',
          'The subscription purchase is no longer available for query because it has been expired for too long.',
        ),
      );
    }
    if (route.kind === 'subscriptionv2') return send(200, subscriptionJson(subscription));
    if (route.productId !== subscription.productId) {
      return send(400, googleError(400, 'INVALID_ARGUMENT', 'invalid', 'Invalid Value'));
    }
    if (subscription.state === 'SUBSCRIPTION_STATE_EXPIRED' || subscription.state === 'SUBSCRIPTION_STATE_PENDING') {
      return send(400, invalidState('The subscription is not in a valid state to perform the desired operation.'));
    }
    subscription.acknowledged = true;
    return send(200, {});
  }

  const productOfOrder = (orderId: string) => [...products.values()].find((p) => p.json.orderId === orderId);

  /** A one-time purchase's order: the buyer paid the price with tax added (tax is a tenth of it here). */
  function orderJson(p: Product): OrderJson {
    const money = (cents: number): MoneyJson => ({
      currencyCode: p.currency,
      units: String(Math.floor(cents / 100)),
      nanos: (cents % 100) * 10_000_000,
    });
    const tax = Math.round(p.priceCents / 11);
    const time = new Date(Number(p.json.purchaseTimeMillis)).toISOString();
    return {
      orderId: p.json.orderId,
      purchaseToken: p.json.purchaseToken,
      state: p.json.purchaseState === 2 ? 'PENDING' : p.json.purchaseState === 1 ? 'REFUNDED' : 'PROCESSED',
      createTime: time,
      lastEventTime: time,
      buyerAddress: { buyerCountry: p.json.regionCode },
      total: money(p.priceCents),
      tax: money(tax),
      // Google's 15% service fee on the price before tax.
      developerRevenueInBuyerCurrency: money(Math.round((p.priceCents - tax) * 0.85)),
      orderDetails: { taxInclusive: false },
      lineItems: [
        {
          productId: p.json.productId,
          productTitle: p.json.productId,
          listingPrice: money(p.priceCents - tax),
          total: money(p.priceCents),
          tax: money(tax),
          oneTimePurchaseDetails: { quantity: p.json.quantity },
        },
      ],
      salesChannel: 'IN_APP',
    };
  }

  function subscriptionJson(s: Subscription): SubscriptionPurchaseV2Json {
    const latestOrderId = orderIdOf(s);
    return {
      kind: 'androidpublisher#subscriptionPurchaseV2',
      regionCode: 'US',
      startTime: new Date(s.startTime).toISOString(),
      subscriptionState: s.state,
      latestOrderId,
      ...(s.linkedPurchaseToken === undefined ? {} : { linkedPurchaseToken: s.linkedPurchaseToken }),
      acknowledgementState: s.acknowledged ? 'ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED' : 'ACKNOWLEDGEMENT_STATE_PENDING',
      ...(s.accountId === undefined
        ? {}
        : { externalAccountIdentifiers: { obfuscatedExternalAccountId: s.accountId } }),
      ...(s.cancellation === undefined ? {} : { canceledStateContext: cancellationContext(s.cancellation) }),
      ...(s.test ? { testPurchase: {} } : {}),
      lineItems: [
        {
          productId: s.productId,
          expiryTime: new Date(s.expiryTime).toISOString(),
          latestSuccessfulOrderId: latestOrderId,
          autoRenewingPlan: {
            autoRenewEnabled: s.autoRenew,
            recurringPrice: {
              currencyCode: s.currency,
              units: String(Math.floor(s.priceCents / 100)),
              nanos: (s.priceCents % 100) * 10_000_000,
            },
          },
          offerDetails: { basePlanId: `${s.productId}-base`, offerTags: [] },
        },
      ],
    };
  }

  const product = (token: string): Product => {
    const found = products.get(token);
    if (found === undefined) throw new Error(`No one-time purchase ${token}`);
    return found;
  };
  const subscription = (token: string): Subscription => {
    const found = subscriptions.get(token);
    if (found === undefined) throw new Error(`No subscription ${token}`);
    return found;
  };
  const endNow = (s: Subscription, cancellation: Subscription['cancellation']) => {
    s.state = 'SUBSCRIPTION_STATE_EXPIRED';
    s.autoRenew = false;
    s.expiryTime = Math.min(s.expiryTime, Date.now());
    s.cancellation = cancellation;
  };
  const charge = (s: Subscription, from: number) => {
    s.renewals += 1;
    s.expiryTime = from + s.periodMs;
    s.state = 'SUBSCRIPTION_STATE_ACTIVE';
    s.autoRenew = true;
    delete s.cancellation;
  };

  function buySubscription(options: BuySubscriptionOptions): string {
    const token = purchaseToken();
    const now = Date.now();
    const periodMs = options.periodMs ?? 30 * DAY_MS;
    subscriptions.set(token, {
      packageName: options.packageName ?? packageName,
      token,
      productId: options.productId,
      firstOrderId: newOrderId(),
      renewals: 0,
      state: options.pending ? 'SUBSCRIPTION_STATE_PENDING' : 'SUBSCRIPTION_STATE_ACTIVE',
      startTime: now,
      expiryTime: now + periodMs,
      periodMs,
      autoRenew: true,
      acknowledged: false,
      priceCents: options.priceCents ?? 799,
      currency: options.currency ?? 'USD',
      test: options.test ?? false,
      ...(options.accountId === undefined ? {} : { accountId: options.accountId }),
      ...(options.linkedPurchaseToken === undefined ? {} : { linkedPurchaseToken: options.linkedPurchaseToken }),
    });
    return token;
  }

  const eventTime = () => String(Date.now());

  async function pushRequest(notification: DeveloperNotificationJson, pushOptions: PushOptions = {}) {
    const messageId = String(10_000_000_000_000 + Math.floor(Math.random() * 1e12));
    const publishTime = new Date().toISOString();
    const body = {
      message: {
        attributes: {},
        data: Buffer.from(JSON.stringify(notification)).toString('base64'),
        messageId,
        message_id: messageId,
        publishTime,
        publish_time: publishTime,
      },
      subscription: `projects/${projectId}/subscriptions/play-notifications-push`,
    };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!pushOptions.unsigned) {
      const jwt = await new SignJWT({
        email: pushOptions.email ?? pushServiceAccountEmail,
        email_verified: true,
        azp: '100000000000000000002',
      })
        .setProtectedHeader({ alg: 'RS256', kid: oidcKid, typ: 'JWT' })
        .setIssuer(PUSH_TOKEN_ISSUER)
        .setAudience(pushOptions.audience ?? state.pushAudience)
        .setSubject('100000000000000000002')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(pushOptions.foreignKey ? stranger.privateKey : oidc.privateKey);
      headers.authorization = `Bearer ${jwt}`;
    }
    return { headers, body: Buffer.from(JSON.stringify(body)), messageId };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: LocalGooglePlay = {
    apiUrl: `${origin}/`,
    tokenUri: `${origin}/token`,
    jwksUrl: `${origin}/oauth2/v3/certs`,
    packageName,
    clientEmail: account.clientEmail,
    pushServiceAccountEmail,
    pushAudience: options.pushAudience ?? 'https://outpost.example/api/webhooks/google-play',
    writeServiceAccount: (dir) =>
      account.writeKeyFile(dir, `${projectId}-play-service-account.json`, `${origin}/token`),
    requests,
    buyProduct(buy) {
      const token = purchaseToken();
      products.set(token, {
        packageName: buy.packageName ?? packageName,
        json: {
          kind: 'androidpublisher#productPurchase',
          purchaseTimeMillis: String(Date.now()),
          purchaseState: buy.purchaseState ?? 0,
          consumptionState: 0,
          developerPayload: '',
          orderId: newOrderId(),
          acknowledgementState: 0,
          productId: buy.productId,
          purchaseToken: token,
          quantity: 1,
          regionCode: 'US',
          ...(buy.accountId === undefined ? {} : { obfuscatedExternalAccountId: buy.accountId }),
          ...(buy.test ? { purchaseType: 0 as const } : {}),
        },
        priceCents: buy.priceCents ?? 999,
        currency: buy.currency ?? 'USD',
      });
      return token;
    },
    product: (token) => structuredClone(product(token).json),
    order(orderId) {
      const ordered = productOfOrder(orderId);
      if (ordered === undefined) throw new Error(`No order ${orderId}`);
      return orderJson(ordered);
    },
    withholdFinancialData(withheld) {
      financialDataWithheld = withheld;
    },
    completePendingProduct(token) {
      product(token).json.purchaseState = 0;
    },
    voidProduct(token) {
      product(token).json.purchaseState = 1;
    },
    buySubscription,
    subscription: (token) => subscriptionJson(subscription(token)),
    renew(token) {
      const s = subscription(token);
      charge(s, s.expiryTime);
    },
    cancel(token) {
      const s = subscription(token);
      s.state = 'SUBSCRIPTION_STATE_CANCELED';
      s.autoRenew = false;
      s.cancellation = { kind: 'user', cancelTime: Date.now() };
    },
    restart(token) {
      const s = subscription(token);
      s.state = 'SUBSCRIPTION_STATE_ACTIVE';
      s.autoRenew = true;
      delete s.cancellation;
    },
    grace(token, graceMs = 7 * DAY_MS) {
      const s = subscription(token);
      s.state = 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD';
      s.expiryTime += graceMs;
    },
    hold(token) {
      const s = subscription(token);
      s.state = 'SUBSCRIPTION_STATE_ON_HOLD';
      s.expiryTime = Math.min(s.expiryTime, Date.now());
    },
    recover(token) {
      charge(subscription(token), Date.now());
    },
    pause(token) {
      subscription(token).state = 'SUBSCRIPTION_STATE_PAUSED';
    },
    expire(token) {
      endNow(subscription(token), { kind: 'system' });
    },
    revoke(token) {
      endNow(subscription(token), { kind: 'developer' });
    },
    ageOut(token) {
      const s = subscription(token);
      endNow(s, s.cancellation ?? { kind: 'system' });
      s.expiryTime = Date.now() - 61 * DAY_MS;
    },
    replace(oldToken, buy) {
      const token = buySubscription({ ...buy, linkedPurchaseToken: oldToken });
      endNow(subscription(oldToken), { kind: 'replacement' });
      return token;
    },
    subscriptionNotification(token, notificationType) {
      const s = subscription(token);
      return {
        version: '1.0',
        packageName: s.packageName,
        eventTimeMillis: eventTime(),
        subscriptionNotification: {
          version: '1.0',
          notificationType,
          purchaseToken: token,
          subscriptionId: s.productId,
        },
      };
    },
    oneTimeProductNotification(token, notificationType) {
      const p = product(token);
      return {
        version: '1.0',
        packageName: p.packageName,
        eventTimeMillis: eventTime(),
        oneTimeProductNotification: { version: '1.0', notificationType, purchaseToken: token, sku: p.json.productId },
      };
    },
    voidedNotification(token, refundType = 1) {
      const s = subscriptions.get(token);
      const voided = s === undefined ? product(token) : undefined;
      return {
        version: '1.0',
        packageName: s?.packageName ?? voided?.packageName ?? packageName,
        eventTimeMillis: eventTime(),
        voidedPurchaseNotification: {
          purchaseToken: token,
          orderId: s === undefined ? (voided?.json.orderId ?? '') : orderIdOf(s),
          productType: s === undefined ? 2 : 1,
          refundType,
        },
      };
    },
    testNotification: () => ({
      version: '1.0',
      packageName,
      eventTimeMillis: eventTime(),
      testNotification: { version: '1.0' },
    }),
    pushRequest,
    async push(url, notification, pushOptions) {
      const { headers, body, messageId } = await pushRequest(notification, pushOptions);
      const response = await fetch(url, { method: 'POST', headers, body });
      return { status: response.status, body: await response.text(), messageId };
    },
    failNext(count, status = 500, method = undefined) {
      for (let i = 0; i < count; i += 1) failures.push({ status, method });
    },
    revokeAccessTokens: account.revokeAccessTokens,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}

type Route =
  | {
      kind: 'product';
      action: 'get' | 'acknowledge' | 'consume';
      packageName: string;
      productId: string;
      token: string;
    }
  | { kind: 'subscriptionv2'; packageName: string; token: string }
  | { kind: 'order'; packageName: string; orderId: string }
  | { kind: 'subscription-acknowledge'; packageName: string; productId: string; token: string };

const API = '/androidpublisher/v3/applications/';

/** The Play Developer API paths this server speaks (path parameters are URL-encoded by clients). */
function matchRoute(method: string, pathname: string): Route | undefined {
  if (!pathname.startsWith(API)) return undefined;
  const parts = pathname.slice(API.length).split('/').map(decodeURIComponent);
  const [packageName, purchases, kind, productOrTokens, fourth, fifth] = parts;
  if (packageName !== undefined && purchases === 'orders' && kind !== undefined && parts.length === 3) {
    return method === 'GET' && !kind.includes(':') ? { kind: 'order', packageName, orderId: kind } : undefined;
  }
  if (packageName === undefined || purchases !== 'purchases') return undefined;
  if (kind === 'subscriptionsv2' && productOrTokens === 'tokens' && fourth !== undefined && parts.length === 5) {
    return method === 'GET' ? { kind: 'subscriptionv2', packageName, token: fourth } : undefined;
  }
  if (productOrTokens === undefined || fourth !== 'tokens' || fifth === undefined || parts.length !== 6)
    return undefined;
  const [token, action] = fifth.split(':');
  if (token === undefined) return undefined;
  if (kind === 'products') {
    if (method === 'GET' && action === undefined)
      return { kind: 'product', action: 'get', packageName, productId: productOrTokens, token };
    if (method === 'POST' && (action === 'acknowledge' || action === 'consume')) {
      return { kind: 'product', action, packageName, productId: productOrTokens, token };
    }
  }
  if (kind === 'subscriptions' && method === 'POST' && action === 'acknowledge') {
    return { kind: 'subscription-acknowledge', packageName, productId: productOrTokens, token };
  }
  return undefined;
}

function cancellationContext(cancellation: NonNullable<Subscription['cancellation']>): Record<string, object> {
  switch (cancellation.kind) {
    case 'user':
      return { userInitiatedCancellation: { cancelTime: new Date(cancellation.cancelTime).toISOString() } };
    case 'system':
      return { systemInitiatedCancellation: {} };
    case 'developer':
      return { developerInitiatedCancellation: {} };
    case 'replacement':
      return { replacementCancellation: {} };
  }
}

/** Google's order ids: `GPA.` and four groups of digits; a renewal appends `..N` (N from 0). */
function orderIdOf(s: Subscription): string {
  return s.renewals === 0 ? s.firstOrderId : `${s.firstOrderId}..${s.renewals - 1}`;
}

function newOrderId(): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
  return `GPA.${digits(4)}-${digits(4)}-${digits(4)}-${digits(5)}`;
}

/** Purchase tokens are long opaque strings of letters, digits, dots, dashes and underscores. */
function purchaseToken(): string {
  return `${randomBytes(12).toString('base64url')}.AO-J1O${randomBytes(48).toString('base64url')}_${randomUUID().slice(0, 8)}`;
}

/** Google's JSON error: `{error: {code, message, status, errors: [{message, domain, reason}]}}`. */
function googleError(code: number, status: string, reason: string, message: string) {
  return { error: { code, message, status, errors: [{ message, domain: 'androidpublisher', reason }] } };
}

function notFound(reason: string, message: string) {
  return googleError(404, 'NOT_FOUND', reason, message);
}

function invalidState(message: string) {
  return googleError(400, 'FAILED_PRECONDITION', 'invalidPurchaseState', message);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function reply(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

/** The Google Play settings of a game that uses this local Google Play, its key file written into `dir`. */
export function googlePlayConfigOf(play: LocalGooglePlay, dir: string): GooglePlayConfig {
  return {
    packageName: play.packageName,
    serviceAccount: readServiceAccount(play.writeServiceAccount(dir)),
    apiUrl: play.apiUrl,
    pushAudience: play.pushAudience,
    pushJwksUrl: play.jwksUrl,
    pushServiceAccountEmail: play.pushServiceAccountEmail,
  };
}
