import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * PayPal Orders v2 over `fetch`: OAuth client credentials, create, capture and get an order, and
 * refund a capture (Payments v2); and the Subscriptions API's catalog products, billing plans and
 * subscriptions, a subscription payment's sale, and webhook signature verification.
 * Network failures and 5xx answers are retried with the same PayPal-Request-Id, which PayPal
 * documents as safe (a repeated id answers the first request's result instead of acting again),
 * so a retried capture never captures twice; 4xx answers are never retried.
 */

/** Currencies whose smallest unit is a cent (two decimals); others need their own formatting. */
export type PayPalCurrency = 'USD';

export interface PayPalMoney {
  currency_code: string;
  value: string;
}

export interface PayPalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PayPalAddress {
  address_line_1?: string;
  address_line_2?: string;
  admin_area_1?: string;
  admin_area_2?: string;
  postal_code?: string;
  country_code?: string;
}

export interface PayPalCapture {
  id: string;
  status: string;
  status_details?: { reason?: string };
  amount?: PayPalMoney;
  custom_id?: string;
  final_capture?: boolean;
  seller_receivable_breakdown?: { gross_amount?: PayPalMoney; paypal_fee?: PayPalMoney; net_amount?: PayPalMoney };
  create_time?: string;
  update_time?: string;
}

export interface PayPalPurchaseUnit {
  reference_id?: string;
  custom_id?: string;
  description?: string;
  amount?: PayPalMoney;
  shipping?: { name?: { full_name?: string }; address?: PayPalAddress };
  payments?: { captures?: PayPalCapture[] };
}

export interface PayPalPayer {
  payer_id?: string;
  email_address?: string;
  name?: { given_name?: string; surname?: string };
  address?: PayPalAddress;
}

/** An order as PayPal answers it; only the fields Outpost reads are named, the rest pass through. */
export interface PayPalOrder {
  id: string;
  status: string;
  intent?: string;
  purchase_units?: PayPalPurchaseUnit[];
  payer?: PayPalPayer;
  links?: PayPalLink[];
  create_time?: string;
  update_time?: string;
}

export interface CreateOrderInput {
  /** Outpost's own id for the purchase; PayPal returns it on the order and its capture. */
  customId: string;
  /** Outpost's price in integer cents, never a figure from the client. */
  amountCents: number;
  currency: PayPalCurrency;
  /** What the buyer sees on PayPal (at most 127 characters). */
  description: string;
  /** Defaults to `customId`. */
  referenceId?: string;
  /** Idempotency key; a repeat with the same id answers the order the first request made. */
  requestId?: string;
}

export interface CreatedOrder {
  id: string;
  status: string;
  /** Where the buyer approves the payment (the JS SDK needs only the id). */
  approveUrl: string | undefined;
  order: PayPalOrder;
}

/** The calls settling an order needs; the client implements it, and so can a test double. */
export interface PayPalOrdersApi {
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  captureOrder(orderID: string, requestId: string): Promise<PayPalOrder>;
  getOrder(orderID: string): Promise<PayPalOrder>;
}

/** A refund of a capture as PayPal answers it; only the fields Outpost reads are named. */
export interface PayPalRefund {
  id: string;
  /** COMPLETED, PENDING, CANCELLED or FAILED. */
  status: string;
  amount?: PayPalMoney;
  status_details?: { reason?: string };
  create_time?: string;
}

export interface RefundCaptureInput {
  /** Outpost's figure in integer cents; at most what is left unrefunded of the capture. */
  amountCents: number;
  currency: PayPalCurrency;
  /** Idempotency key; a repeat with the same id answers the first refund instead of refunding again. */
  requestId: string;
}

/** Money back to the buyer of a captured payment (the back office's refunds). */
export interface PayPalRefundsApi {
  refundCapture(captureId: string, input: RefundCaptureInput): Promise<PayPalRefund>;
}

/** A catalog product (what a billing plan sells); only the fields Outpost reads are named. */
export interface PayPalProduct {
  id: string;
  name?: string;
  type?: string;
}

export interface CreateProductInput {
  /** Outpost's own stable id for it (6 to 50 characters), so it is found again rather than made twice. */
  id: string;
  name: string;
  description: string;
  type: 'DIGITAL' | 'SERVICE' | 'PHYSICAL';
  category?: string;
}

export interface PayPalBillingCycle {
  tenure_type?: string;
  sequence?: number;
  total_cycles?: number;
  frequency?: { interval_unit?: string; interval_count?: number };
  pricing_scheme?: { fixed_price?: PayPalMoney };
}

/** A billing plan as PayPal answers it (a list answers without billing_cycles). */
export interface PayPalPlan {
  id: string;
  product_id?: string;
  name?: string;
  status?: string;
  billing_cycles?: PayPalBillingCycle[];
}

export interface CreatePlanInput {
  productId: string;
  name: string;
  description: string;
  /** Outpost's price per period in integer cents. */
  amountCents: number;
  currency: PayPalCurrency;
  intervalUnit: 'MONTH' | 'YEAR';
  /** Failed payments in a row after which PayPal suspends the subscription. */
  paymentFailureThreshold: number;
}

/** A subscription as PayPal answers it; only the fields Outpost reads are named. */
export interface PayPalSubscription {
  id: string;
  /** APPROVAL_PENDING, APPROVED, ACTIVE, SUSPENDED, CANCELLED or EXPIRED. */
  status: string;
  plan_id?: string;
  custom_id?: string;
  start_time?: string;
  create_time?: string;
  status_update_time?: string;
  billing_info?: {
    next_billing_time?: string;
    last_payment?: { amount?: PayPalMoney; time?: string };
    failed_payments_count?: number;
  };
  links?: PayPalLink[];
}

export interface CreateSubscriptionInput {
  planId: string;
  /** Outpost's id of the subscriber; PayPal keeps it on the subscription and its payments. */
  customId: string;
  email?: string;
  /** The name the buyer sees on PayPal's pages. */
  brandName: string;
  returnUrl: string;
  cancelUrl: string;
}

export interface CreatedSubscription {
  id: string;
  status: string;
  /** Where the buyer approves the subscription. */
  approveUrl: string | undefined;
  subscription: PayPalSubscription;
}

/** One payment of a subscription; its id is the sale's, which Payments v2 refunds as a capture. */
export interface PayPalSubscriptionTransaction {
  id: string;
  /** COMPLETED, DECLINED, PARTIALLY_REFUNDED, PENDING or REFUNDED. */
  status: string;
  amount_with_breakdown?: { gross_amount?: PayPalMoney };
  time: string;
}

/** A payment as the Payments v1 API shows it; a subscription's carries its id in billing_agreement_id. */
export interface PayPalSale {
  id: string;
  state?: string;
  billing_agreement_id?: string;
  amount?: { total?: string; currency?: string };
  create_time?: string;
}

/** A webhook delivery's transmission headers, the webhook's id and the event exactly as delivered. */
export interface VerifyWebhookSignatureInput {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
  webhookId: string;
  /** The delivery's body, unchanged. */
  event: string;
}

/** The Subscriptions API calls the premium subscription's PayPal channel makes. */
export interface PayPalSubscriptionsApi {
  getProduct(productId: string): Promise<PayPalProduct>;
  createProduct(input: CreateProductInput, requestId: string): Promise<PayPalProduct>;
  listPlans(productId: string): Promise<PayPalPlan[]>;
  getPlan(planId: string): Promise<PayPalPlan>;
  createPlan(input: CreatePlanInput, requestId: string): Promise<PayPalPlan>;
  createSubscription(input: CreateSubscriptionInput, requestId: string): Promise<CreatedSubscription>;
  getSubscription(subscriptionId: string): Promise<PayPalSubscription>;
  suspendSubscription(subscriptionId: string, reason: string): Promise<void>;
  activateSubscription(subscriptionId: string, reason: string): Promise<void>;
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>;
  listSubscriptionTransactions(
    subscriptionId: string,
    range: { start: string; end: string },
  ): Promise<PayPalSubscriptionTransaction[]>;
  getSale(saleId: string): Promise<PayPalSale>;
  verifyWebhookSignature(input: VerifyWebhookSignatureInput): Promise<'SUCCESS' | 'FAILURE'>;
}

export interface PayPalClientOptions {
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or a local test server). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Tries per request, the first included (default 3). */
  attempts?: number;
  /** Wait before the n-th retry: retryDelayMs × 2^(n-1) (default 500 ms). */
  retryDelayMs?: number;
  /** One request's time limit (default 30 s); a timed-out request is retried like a network error. */
  timeoutMs?: number;
  /** The clock the token cache reads (for tests). */
  now?: () => number;
}

/** A PayPal call failed: PayPal said no (4xx), kept failing (5xx), or could not be reached. */
export class PayPalError extends Error {
  override readonly name = 'PayPalError';
  /** HTTP status; undefined when PayPal could not be reached. */
  readonly status: number | undefined;
  /** PayPal's error name, e.g. UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND (OAuth: invalid_client). */
  readonly paypalName: string | undefined;
  /** The first `details[].issue`, e.g. ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED. */
  readonly issue: string | undefined;
  /** PayPal's id for the failed call, which its support asks for. */
  readonly debugId: string | undefined;

  constructor(
    message: string,
    fields: { status?: number; paypalName?: string; issue?: string; debugId?: string; cause?: unknown } = {},
  ) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.status = fields.status;
    this.paypalName = fields.paypalName;
    this.issue = fields.issue;
    this.debugId = fields.debugId;
  }
}

/** What the issues Outpost meets mean, in words for the log and the operator. */
const ISSUE_MEANINGS: Record<string, string> = {
  ORDER_ALREADY_CAPTURED: 'the order has already been captured',
  INSTRUMENT_DECLINED: "the buyer's funding source was declined; the buyer must choose another",
  ORDER_NOT_APPROVED: 'the buyer has not approved the order yet',
  PAYER_ACTION_REQUIRED: 'the buyer must complete an action on PayPal first',
  INVALID_RESOURCE_ID: 'PayPal has no order with this id',
  DUPLICATE_INVOICE_ID: 'PayPal has already seen this invoice id',
  CAPTURE_FULLY_REFUNDED: 'the capture has already been fully refunded',
  REFUND_AMOUNT_EXCEEDED: 'the refund is more than what is left unrefunded of the capture',
  REFUND_NOT_ALLOWED: 'PayPal does not allow refunding this capture',
  CURRENCY_MISMATCH: "the refund's currency is not the capture's",
  SUBSCRIPTION_STATUS_INVALID: "the subscription's status does not allow this action",
};

const MAX_TEXT = 127;

/** 1999 → "19.99", 5 → "0.05": PayPal's decimal string from whole cents, without floating point. */
export function centsToPayPalValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`A PayPal amount must be whole positive cents`);
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** "19.99" → 1999, "20" → 2000; anything else (more decimals, signs, exponents) → undefined. */
export function payPalValueToCents(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export class PayPalClient implements PayPalOrdersApi, PayPalRefundsApi, PayPalSubscriptionsApi {
  readonly #apiUrl: string;
  readonly #basic: string;
  readonly #attempts: number;
  readonly #retryDelayMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #token: { value: string; refreshAt: number } | undefined;
  #tokenRequest: Promise<string> | undefined;

  constructor(options: PayPalClientOptions) {
    this.#apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.#basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    this.#attempts = Math.max(1, options.attempts ?? 3);
    this.#retryDelayMs = options.retryDelayMs ?? 500;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#now = options.now ?? Date.now;
  }

  async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
    checkText('customId', input.customId);
    checkText('description', input.description);
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.referenceId ?? input.customId,
          custom_id: input.customId,
          description: input.description,
          amount: { currency_code: input.currency, value: centsToPayPalValue(input.amountCents) },
        },
      ],
    };
    const order = await this.#call<PayPalOrder>('create order', 'POST', '/v2/checkout/orders', {
      body,
      requestId: input.requestId ?? randomUUID(),
    });
    const approveUrl = order.links?.find((link) => link.rel === 'approve' || link.rel === 'payer-action')?.href;
    return { id: order.id, status: order.status, approveUrl, order };
  }

  async captureOrder(orderID: string, requestId: string): Promise<PayPalOrder> {
    return this.#call<PayPalOrder>(
      `capture order ${orderID}`,
      'POST',
      `/v2/checkout/orders/${orderPath(orderID)}/capture`,
      {
        body: {},
        requestId,
      },
    );
  }

  async getOrder(orderID: string): Promise<PayPalOrder> {
    return this.#call<PayPalOrder>(`read order ${orderID}`, 'GET', `/v2/checkout/orders/${orderPath(orderID)}`, {});
  }

  async refundCapture(captureId: string, input: RefundCaptureInput): Promise<PayPalRefund> {
    return this.#call<PayPalRefund>(
      `refund capture ${captureId}`,
      'POST',
      `/v2/payments/captures/${resourcePath('capture', captureId)}/refund`,
      {
        body: { amount: { currency_code: input.currency, value: centsToPayPalValue(input.amountCents) } },
        requestId: input.requestId,
      },
    );
  }

  async getProduct(productId: string): Promise<PayPalProduct> {
    return this.#call('read product', 'GET', `/v1/catalogs/products/${resourcePath('product', productId)}`, {});
  }

  async createProduct(input: CreateProductInput, requestId: string): Promise<PayPalProduct> {
    return this.#call('create product', 'POST', '/v1/catalogs/products', { body: input, requestId });
  }

  async listPlans(productId: string): Promise<PayPalPlan[]> {
    const plans: PayPalPlan[] = [];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({
        product_id: productId,
        page_size: '20',
        page: String(page),
        total_required: 'true',
      });
      const answer = await this.#call<{ plans?: PayPalPlan[]; total_pages?: number }>(
        `list the plans of product ${productId}`,
        'GET',
        `/v1/billing/plans?${query}`,
        {},
      );
      plans.push(...(answer.plans ?? []));
      if (page >= (answer.total_pages ?? 1) || (answer.plans ?? []).length === 0) return plans;
    }
  }

  async getPlan(planId: string): Promise<PayPalPlan> {
    return this.#call(`read plan ${planId}`, 'GET', `/v1/billing/plans/${resourcePath('plan', planId)}`, {});
  }

  async createPlan(input: CreatePlanInput, requestId: string): Promise<PayPalPlan> {
    const body = {
      product_id: input.productId,
      name: input.name,
      description: input.description,
      status: 'ACTIVE',
      billing_cycles: [
        {
          frequency: { interval_unit: input.intervalUnit, interval_count: 1 },
          tenure_type: 'REGULAR',
          sequence: 1,
          // 0: it renews until cancelled.
          total_cycles: 0,
          pricing_scheme: {
            fixed_price: { currency_code: input.currency, value: centsToPayPalValue(input.amountCents) },
          },
        },
      ],
      payment_preferences: {
        auto_bill_outstanding: true,
        payment_failure_threshold: input.paymentFailureThreshold,
      },
    };
    return this.#call('create plan', 'POST', '/v1/billing/plans', { body, requestId });
  }

  async createSubscription(input: CreateSubscriptionInput, requestId: string): Promise<CreatedSubscription> {
    checkText('customId', input.customId);
    const body = {
      plan_id: input.planId,
      custom_id: input.customId,
      ...(input.email === undefined ? {} : { subscriber: { email_address: input.email } }),
      application_context: {
        brand_name: input.brandName,
        shipping_preference: 'NO_SHIPPING',
        user_action: 'SUBSCRIBE_NOW',
        return_url: input.returnUrl,
        cancel_url: input.cancelUrl,
      },
    };
    const subscription = await this.#call<PayPalSubscription>(
      'create subscription',
      'POST',
      '/v1/billing/subscriptions',
      {
        body,
        requestId,
      },
    );
    const approveUrl = subscription.links?.find((link) => link.rel === 'approve')?.href;
    return { id: subscription.id, status: subscription.status, approveUrl, subscription };
  }

  async getSubscription(subscriptionId: string): Promise<PayPalSubscription> {
    return this.#call(`read subscription ${subscriptionId}`, 'GET', subscriptionPath(subscriptionId), {});
  }

  async suspendSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.#subscriptionAction('suspend', subscriptionId, reason);
  }

  async activateSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.#subscriptionAction('activate', subscriptionId, reason);
  }

  async cancelSubscription(subscriptionId: string, reason: string): Promise<void> {
    await this.#subscriptionAction('cancel', subscriptionId, reason);
  }

  async listSubscriptionTransactions(
    subscriptionId: string,
    range: { start: string; end: string },
  ): Promise<PayPalSubscriptionTransaction[]> {
    const query = new URLSearchParams({ start_time: range.start, end_time: range.end });
    const answer = await this.#call<{ transactions?: PayPalSubscriptionTransaction[] }>(
      `list the transactions of subscription ${subscriptionId}`,
      'GET',
      `${subscriptionPath(subscriptionId)}/transactions?${query}`,
      {},
    );
    return answer.transactions ?? [];
  }

  async getSale(saleId: string): Promise<PayPalSale> {
    return this.#call(`read sale ${saleId}`, 'GET', `/v1/payments/sale/${resourcePath('sale', saleId)}`, {});
  }

  async verifyWebhookSignature(input: VerifyWebhookSignatureInput): Promise<'SUCCESS' | 'FAILURE'> {
    const fields = {
      auth_algo: input.authAlgo,
      cert_url: input.certUrl,
      transmission_id: input.transmissionId,
      transmission_sig: input.transmissionSig,
      transmission_time: input.transmissionTime,
      webhook_id: input.webhookId,
    };
    // The event goes back as the very bytes PayPal signed: parsed and written again, it might not verify.
    const rawBody = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${input.event}}`;
    const answer = await this.#call<{ verification_status?: unknown }>(
      'verify a webhook signature',
      'POST',
      '/v1/notifications/verify-webhook-signature',
      { rawBody },
    );
    return answer.verification_status === 'SUCCESS' ? 'SUCCESS' : 'FAILURE';
  }

  async #subscriptionAction(verb: 'suspend' | 'activate' | 'cancel', subscriptionId: string, reason: string) {
    await this.#call<undefined>(
      `${verb} subscription ${subscriptionId}`,
      'POST',
      `${subscriptionPath(subscriptionId)}/${verb}`,
      {
        body: { reason: reason.slice(0, MAX_TEXT) },
      },
    );
  }

  /** An API call with a bearer token: one fresh token on a 401, retries on 5xx and network errors. */
  async #call<T>(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    { body, rawBody, requestId }: { body?: unknown; rawBody?: string; requestId?: string },
  ): Promise<T> {
    const text = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    for (let renewed = false; ; renewed = true) {
      const token = await this.#accessToken();
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (text !== undefined) {
        headers['content-type'] = 'application/json';
        headers.prefer = 'return=representation';
      }
      if (requestId !== undefined) headers['paypal-request-id'] = requestId;
      const response = await this.#send(what, path, {
        method,
        headers,
        body: text,
      });
      if (response.status === 401 && !renewed) {
        // The token expired early or was revoked: one fresh token, then the same request again.
        if (this.#token?.value === token) this.#token = undefined;
        await response.body?.cancel();
        continue;
      }
      if (!response.ok) throw await errorFrom(what, response);
      // 204 No Content: PayPal's answer to suspending, activating and cancelling a subscription.
      if (response.status === 204) return undefined as T;
      return (await response.json()) as T;
    }
  }

  /** The cached token, or a new one; concurrent callers share one token request. */
  async #accessToken(): Promise<string> {
    if (this.#token && this.#now() < this.#token.refreshAt) return this.#token.value;
    this.#tokenRequest ??= this.#requestToken().finally(() => {
      this.#tokenRequest = undefined;
    });
    return this.#tokenRequest;
  }

  async #requestToken(): Promise<string> {
    const requestedAt = this.#now();
    const response = await this.#send('get an access token', '/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${this.#basic}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw await errorFrom('get an access token', response);
    const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string' || typeof answer.expires_in !== 'number') {
      throw new PayPalError('PayPal answered the token request without access_token and expires_in', {
        status: response.status,
      });
    }
    // Renew a little before PayPal's expiry (5 minutes, or half the lifetime of a short token).
    const lifetimeMs = answer.expires_in * 1000;
    this.#token = {
      value: answer.access_token,
      refreshAt: requestedAt + lifetimeMs - Math.min(300_000, lifetimeMs / 2),
    };
    return answer.access_token;
  }

  /** One request, tried again after network errors and 5xx answers; the last answer is returned. */
  async #send(what: string, path: string, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= this.#attempts;
      let response: Response;
      try {
        response = await fetch(`${this.#apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.#timeoutMs) });
      } catch (error) {
        if (last) {
          throw new PayPalError(`Could not reach PayPal to ${what} after ${attempt} attempts: ${describe(error)}`, {
            cause: error,
          });
        }
        await sleep(this.#retryDelayMs * 2 ** (attempt - 1));
        continue;
      }
      if (response.status < 500 || last) return response;
      await response.body?.cancel();
      await sleep(this.#retryDelayMs * 2 ** (attempt - 1));
    }
  }
}

/** PayPal's error body (`{name, message, debug_id, details: [{issue, description}]}`, or OAuth's `{error, error_description}`) as a PayPalError. */
async function errorFrom(what: string, response: Response): Promise<PayPalError> {
  const text = await response.text();
  let body: {
    name?: unknown;
    message?: unknown;
    debug_id?: unknown;
    details?: { issue?: unknown; description?: unknown }[];
    error?: unknown;
    error_description?: unknown;
  } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  const paypalName = stringOr(body.name) ?? stringOr(body.error);
  const detail = Array.isArray(body.details) ? body.details[0] : undefined;
  const issue = stringOr(detail?.issue);
  const debugId = stringOr(body.debug_id) ?? response.headers.get('paypal-debug-id') ?? undefined;
  const explanation =
    (issue && ISSUE_MEANINGS[issue]) ??
    stringOr(detail?.description) ??
    stringOr(body.message) ??
    stringOr(body.error_description) ??
    `HTTP ${response.status}`;
  const code = [issue ?? paypalName, debugId && `debug id ${debugId}`].filter(Boolean).join(', ');
  const refused = response.status >= 500 ? 'PayPal failed to' : 'PayPal refused to';
  return new PayPalError(`${refused} ${what}: ${explanation}${code ? ` (${code})` : ''}`, {
    status: response.status,
    paypalName,
    issue,
    debugId,
  });
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

function checkText(field: string, value: string): void {
  if (value.length === 0 || value.length > MAX_TEXT) {
    throw new RangeError(`A PayPal ${field} must be 1 to ${MAX_TEXT} characters`);
  }
}

/** PayPal's ids (letters, digits and dashes); anything else must not reshape the path. */
function resourcePath(kind: 'order' | 'capture' | 'product' | 'plan' | 'subscription' | 'sale', id: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new PayPalError(`"${id}" is not a PayPal ${kind} id`);
  return id;
}

function subscriptionPath(subscriptionId: string): string {
  return `/v1/billing/subscriptions/${resourcePath('subscription', subscriptionId)}`;
}

function orderPath(orderID: string): string {
  return resourcePath('order', orderID);
}
