import { androidpublisher, type androidpublisher_v3, auth } from '@googleapis/androidpublisher';
import type { ServiceAccount } from '../../platform/push-transport/service-account';
import { StoreUnreachableError } from '../store-report';

/** The one scope the Play Developer API asks for. */
const ANDROID_PUBLISHER_SCOPE = 'https://www.googleapis.com/auth/androidpublisher';
/** google-auth-library posts every service-account token request here, whatever the key file says. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Long enough for Google on a bad day, short enough that the game's request does not hang. */
const TIMEOUT_MS = 15_000;

export type ProductPurchase = androidpublisher_v3.Schema$ProductPurchase;
export type SubscriptionPurchaseV2 = androidpublisher_v3.Schema$SubscriptionPurchaseV2;
export type PlayOrder = androidpublisher_v3.Schema$Order;

/**
 * Google answered the request with a 4xx that is about the purchase, not about Outpost's access
 * (400 invalid, 404 unknown token, 410 too old): the caller says what it means for the player.
 */
export class PlayRefusal extends Error {
  override readonly name = 'PlayRefusal';
  constructor(
    readonly status: number,
    /** Google's `errors[0].reason` (purchaseTokenNotFound, invalidPurchaseState, …), when given. */
    readonly reason: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The Play Developer API calls the adapter makes, for one app (package). */
export interface PlayApi {
  packageName: string;
  productPurchase(productId: string, token: string): Promise<ProductPurchase>;
  consumeProduct(productId: string, token: string): Promise<void>;
  subscriptionPurchase(token: string): Promise<SubscriptionPurchaseV2>;
  acknowledgeSubscription(productId: string, token: string): Promise<void>;
  /** orders.get: what the buyer paid (the API asks the service account for "View financial data"). */
  order(orderId: string): Promise<PlayOrder>;
}

export interface PlayApiSettings {
  packageName: string;
  serviceAccount: ServiceAccount;
  /** The API's root (Google's, or a local server's), the library's rootUrl. */
  apiUrl: string;
}

/**
 * The Play Developer API through Google's own client (@googleapis/androidpublisher), pointed at
 * `apiUrl` with its rootUrl option, authenticated by google-auth-library's JWT client for the
 * service account (the version the client is built on, through its `auth` export). The JWT client
 * signs the assertion and caches the access token, but posts to Google's token URL whatever the key
 * file's token_uri says; an interceptor on its own HTTP client sends that request to the file's
 * token_uri instead (Google's in Google's files, a local server's in a test's).
 */
export function createPlayApi(settings: PlayApiSettings): PlayApi {
  const { packageName, serviceAccount } = settings;
  const connect = () => {
    const jwt = new auth.JWT({
      email: serviceAccount.clientEmail,
      key: serviceAccount.privateKey,
      scopes: [ANDROID_PUBLISHER_SCOPE],
    });
    jwt.transporter.interceptors.request.add({
      resolved: async (request) => {
        if (String(request.url) === GOOGLE_TOKEN_URL) request.url = new URL(serviceAccount.tokenUri);
        return request;
      },
    });
    return {
      jwt,
      publisher: androidpublisher({ version: 'v3', auth: jwt, rootUrl: settings.apiUrl, timeout: TIMEOUT_MS }),
    };
  };
  let client = connect();

  /**
   * One call: the access token first (a failure there is Outpost's credentials, never the
   * player's purchase), then the request, Google's answer sorted into the two kinds that matter.
   * A 401 is an access token Google stopped taking before its expiry: the JWT client would offer
   * the same cached token again, so a fresh client fetches a new one and the call is made once more.
   */
  async function call<T>(
    what: string,
    request: (publisher: Publisher) => Promise<{ data: T }>,
    retried = false,
  ): Promise<T> {
    const { jwt, publisher } = client;
    try {
      await jwt.getAccessToken();
    } catch (error) {
      throw new StoreUnreachableError(
        `Google did not give Outpost's service account ${serviceAccount.clientEmail} an access token (${describe(error)}); check the Google Play key file`,
      );
    }
    try {
      return (await request(publisher)).data;
    } catch (error) {
      if (!retried && statusOf(error) === 401) {
        if (client.jwt === jwt) client = connect();
        return call(what, request, true);
      }
      throw sorted(error, what, serviceAccount.clientEmail);
    }
  }

  return {
    packageName,
    productPurchase: (productId, token) =>
      call('read the purchase', ({ purchases }) => purchases.products.get({ packageName, productId, token })),
    consumeProduct: async (productId, token) => {
      await call('consume the purchase', ({ purchases }) =>
        purchases.products.consume({ packageName, productId, token }),
      );
    },
    subscriptionPurchase: (token) =>
      call('read the subscription', ({ purchases }) => purchases.subscriptionsv2.get({ packageName, token })),
    acknowledgeSubscription: async (productId, token) => {
      await call('acknowledge the subscription', ({ purchases }) =>
        purchases.subscriptions.acknowledge({ packageName, subscriptionId: productId, token, requestBody: {} }),
      );
    },
    order: (orderId) => call('read the order', ({ orders }) => orders.get({ packageName, orderId })),
  };
}

type Publisher = androidpublisher_v3.Androidpublisher;

interface GaxiosLikeError {
  status?: number;
  response?: { status?: number; data?: unknown };
  code?: string | number;
  message?: string;
}

/** A 4xx about the purchase → PlayRefusal; no answer, 5xx, 429, or Outpost's own access refused → unreachable. */
function sorted(error: unknown, what: string, clientEmail: string): Error {
  const failure = error as GaxiosLikeError;
  const status = statusOf(error);
  if (status === undefined) {
    return new StoreUnreachableError(`Google Play could not be reached to ${what} (${describe(error)})`);
  }
  if (status === 401 || status === 403) {
    return new StoreUnreachableError(
      `Google Play refused Outpost's service account ${clientEmail} (${status}); give it access to the app in the Play Console`,
    );
  }
  if (status === 429 || status >= 500) {
    return new StoreUnreachableError(`Google Play failed to ${what} (HTTP ${status}); try again shortly`);
  }
  const body = (failure.response?.data ?? {}) as { error?: { message?: string; errors?: Array<{ reason?: string }> } };
  return new PlayRefusal(status, body.error?.errors?.[0]?.reason, body.error?.message ?? `HTTP ${status}`);
}

function statusOf(error: unknown): number | undefined {
  const failure = error as GaxiosLikeError;
  return failure.response?.status ?? failure.status;
}

function describe(error: unknown): string {
  const failure = error as GaxiosLikeError;
  return String(failure.code ?? failure.message ?? error);
}
