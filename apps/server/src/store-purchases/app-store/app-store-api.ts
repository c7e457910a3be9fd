import {
  APIError,
  APIException,
  AppStoreServerAPIClient,
  type ConsumptionRequest,
  type Environment,
  type StatusResponse,
} from '@apple/app-store-server-library';
import type { AppStoreConfig } from '../../platform/config';
import { StoreRefusedError, StoreUnreachableError } from '../store-report';

/** The library's fetch answer; it reads `ok`, `status` and `json()` of it only. */
type LibraryResponse = Awaited<ReturnType<AppStoreServerAPIClient['makeFetchRequest']>>;

/** A call to the App Store Server API waits this long at most: the game's request is waiting on it. */
const API_TIMEOUT_MS = 10_000;

/**
 * Apple's App Store Server API client (it signs the bearer token with the in-app purchase key and
 * reads Apple's answers), sent to the configured host instead of the library's fixed ones:
 * makeFetchRequest is the client's protected seam for its transport, overridden here to prefix
 * APP_STORE_<ENV>_API_URL (the local App Store in tests) and to bound the wait.
 */
class ConfiguredAppStoreClient extends AppStoreServerAPIClient {
  constructor(
    settings: AppStoreConfig,
    environment: Environment,
    private readonly apiUrl: string,
  ) {
    super(settings.privateKey, settings.keyId, settings.issuerId, settings.bundleId, environment);
  }

  protected override async makeFetchRequest(
    path: string,
    parsedQueryParameters: URLSearchParams,
    method: string,
    requestBody: string | Buffer | undefined,
    headers: { [key: string]: string },
  ): Promise<LibraryResponse> {
    const response = await fetch(`${this.apiUrl}${path}?${parsedQueryParameters}`, {
      method,
      // A Buffer as the bytes it holds: fetch's body types know views, not Node's Buffer.
      body: typeof requestBody === 'string' || requestBody === undefined ? requestBody : new Uint8Array(requestBody),
      headers,
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    // The global fetch's Response has what the library reads (ok, status, json()) under node-fetch's type.
    return response as unknown as LibraryResponse;
  }
}

/** The App Store Server API calls Outpost makes, their failures turned into the store errors. */
export interface AppStoreApi {
  /** Get Transaction Info: the transaction's signed info as the App Store holds it now (refunds included). */
  transactionInfo(transactionId: string): Promise<string | undefined>;
  /** Get All Subscription Statuses: each subscription group's latest transactions of the player's subscription. */
  subscriptionStatuses(transactionId: string): Promise<StatusResponse>;
  /** Send Consumption Information (v2): what Outpost knows of a purchase the customer asked Apple to refund. */
  sendConsumptionInformation(transactionId: string, request: ConsumptionRequest): Promise<void>;
}

export function createAppStoreApi(settings: AppStoreConfig, environment: Environment): AppStoreApi {
  const client = new ConfiguredAppStoreClient(settings, environment, settings.apiUrl);
  return {
    transactionInfo: async (transactionId) =>
      (await asked(transactionId, () => client.getTransactionInfo(transactionId))).signedTransactionInfo,
    subscriptionStatuses: (transactionId) =>
      asked(transactionId, () => client.getAllSubscriptionStatuses(transactionId)),
    sendConsumptionInformation: (transactionId, request) =>
      asked(transactionId, () => client.sendConsumptionInformation(transactionId, request)),
  };
}

async function asked<T>(transactionId: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw storeError(transactionId, error);
  }
}

/** Apple's answer, in words: about the transaction (refused) or about reaching the App Store (unreachable). */
function storeError(transactionId: string, error: unknown): Error {
  if (!(error instanceof APIException)) {
    const cause = error instanceof Error ? error.message : String(error);
    return new StoreUnreachableError(`The App Store could not be reached (${cause}); report the purchase again later.`);
  }
  const status = error.httpStatusCode;
  if (error.apiError === APIError.TRANSACTION_ID_NOT_FOUND || error.apiError === APIError.INVALID_TRANSACTION_ID) {
    return new StoreRefusedError(`The App Store does not know transaction ${transactionId}.`);
  }
  if (status === 401) {
    return new StoreUnreachableError(
      "The App Store did not accept Outpost's in-app purchase key (HTTP 401): an administrator must check the App Store key settings. Report the purchase again later.",
    );
  }
  if (status === 429) {
    return new StoreUnreachableError(
      'The App Store is limiting requests (HTTP 429); report the purchase again shortly.',
    );
  }
  const detail = error.errorMessage ? `: ${error.errorMessage}` : '';
  return new StoreUnreachableError(`The App Store failed (HTTP ${status}${detail}); report the purchase again later.`);
}
