import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { centsToPayPalValue, payPalValueToCents } from '../paypal-client';
import {
  breakdown,
  debugId,
  failure,
  header,
  invalidRequest,
  parseJson,
  randomHex,
  readBody,
  unprocessable,
} from './local-paypal-answers';
import { localApprovalPage } from './local-paypal-approval';
import { type LocalDisputeScripts, localDisputes } from './local-paypal-disputes';
import { APPROVAL_PAGE_PATH, type LocalSubscriptionScripts, localSubscriptions } from './local-paypal-subscriptions';
import {
  type DeliverOptions,
  type LocalWebhookEvent,
  localWebhooks,
  type WebhookDelivery,
  type WebhookRequest,
} from './local-paypal-webhooks';

/**
 * For tests: a local HTTP server answering the PayPal endpoints Outpost calls, with the shapes
 * PayPal documents (OAuth token, Orders v2 create/capture/get, Payments v2 capture refunds, the
 * Subscriptions API in local-paypal-subscriptions.ts, webhooks and their signature verification in
 * local-paypal-webhooks.ts, `{name, message, debug_id, details}` errors, PayPal-Request-Id
 * replays). The buyer's approval happens on PayPal's site, so a test stands in for it with
 * `approve(orderID, script)`, which also says how the capture will go, or `approveSubscription`.
 * With `approvalPage`, a subscription's approve link opens this server's own approval page
 * (local-paypal-approval.ts), where a browser test's buyer approves or cancels.
 */

export type CaptureScript =
  /** Capture COMPLETED (the default). */
  | { kind: 'completed' }
  /** 422 UNPROCESSABLE_ENTITY / INSTRUMENT_DECLINED: the funding source was refused. */
  | { kind: 'instrument-declined' }
  /** 201, but the capture's status is DECLINED (a card refused at capture). */
  | { kind: 'declined' }
  /** 201, the capture PENDING (for example PENDING_REVIEW). */
  | { kind: 'pending'; reason?: string };

export interface ApproveOptions {
  capture?: CaptureScript;
  /** The captured amount PayPal reports, when it differs from the order's (a tampered order). */
  capturedValue?: string;
  /** The custom_id on the capture, when it differs from the order's. */
  capturedCustomId?: string;
  /** Statuses answered to the first capture calls, before anything is captured (e.g. [500, 503]). */
  failCaptures?: number[];
  /** Capture, then answer 500 once anyway, as if the answer were lost on the way back. */
  loseFirstCaptureAnswer?: boolean;
}

/** A refund PayPal made of a capture. */
export interface LocalRefund {
  id: string;
  captureId: string;
  amount: { currency_code: string; value: string };
  status: 'COMPLETED';
}

export interface RecordedRequest {
  method: string;
  path: string;
  requestId: string | undefined;
  status: number;
}

interface StoredOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  unit: {
    reference_id: string;
    custom_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
  };
  script: ApproveOptions;
  captures: Record<string, unknown>[];
  createTime: string;
  updateTime: string;
}

export interface LocalPayPal extends LocalSubscriptionScripts, LocalDisputeScripts {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Every request answered, in order (token requests included). */
  requests: RecordedRequest[];
  /** The buyer approves the order on PayPal; the options script its capture. */
  approve(orderID: string, options?: ApproveOptions): void;
  /** How many captures PayPal really made for the order (retries and replays excluded). */
  captureCount(orderID: string): number;
  /** The ids of the captures PayPal made for the order. */
  captureIds(orderID: string): string[];
  /** Refunds PayPal really made of a capture (replays excluded). */
  refunds(captureId: string): LocalRefund[];
  /** A webhook posting every event to `url` (as made in PayPal's dashboard); answers its id. */
  addWebhook(url: string): string;
  /** Every event PayPal made, in order, or those of one type. */
  webhookEvents(eventType?: string): LocalWebhookEvent[];
  /** The signed request delivering `event` to the webhook (a test may alter it to forge one). */
  webhookRequest(event: LocalWebhookEvent, webhookId: string): WebhookRequest;
  /** Posts events to every webhook over HTTP, signed: by default each not delivered yet, in the order made. */
  deliverWebhooks(options?: DeliverOptions): Promise<WebhookDelivery[]>;
  /** Keeps the approve page's deliveries until the returned function sends them. */
  holdWebhooks(): () => Promise<WebhookDelivery[]>;
  /** Resolves once the approve page's deliveries are done. */
  settled(): Promise<void>;
  /** PayPal forgets every access token it issued (the next API call gets 401). */
  revokeTokens(): void;
  /** The next `count` requests of any kind (token included) answer `status`. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

export interface LocalPayPalOptions {
  expiresIn?: number;
  /** Approve links open this server's approval page rather than PayPal's sandbox site. */
  approvalPage?: boolean;
}

export async function startLocalPayPal(options: LocalPayPalOptions = {}): Promise<LocalPayPal> {
  const clientId = `AcLocal${randomHex(8)}`;
  const clientSecret = `EKLocal${randomHex(16)}`;
  const expiresIn = options.expiresIn ?? 32_400;
  const tokens = new Set<string>();
  const orders = new Map<string, StoredOrder>();
  const refunds: LocalRefund[] = [];
  /** PayPal-Request-Id → the first answer, replayed for a repeat (PayPal's idempotency). */
  const replies = new Map<string, { status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];
  const faults: number[] = [];
  let apiUrl = '';
  const webhooks = localWebhooks(() => apiUrl);
  const subscriptions = localSubscriptions(() => apiUrl, webhooks, {
    origin: () => (options.approvalPage ? apiUrl : 'https://www.sandbox.paypal.com'),
  });
  const approvalPage = localApprovalPage(subscriptions, webhooks);
  const disputes = localDisputes(() => apiUrl, subscriptions, webhooks);

  async function handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? '/', 'http://paypal.local');
    const body = await readBody(request);
    const fault = faults.shift();
    if (fault !== undefined) return failure(fault);

    if (request.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      if (request.headers.authorization !== `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
        return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
      }
      const token = `A21AA${randomHex(24)}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/orders',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: expiresIn,
          nonce: `${new Date().toISOString()}${randomHex(8)}`,
        },
      };
    }

    const certificate = request.method === 'GET' ? webhooks.certificate(url.pathname) : undefined;
    if (certificate !== undefined) return { status: 200, body: certificate };

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return {
        status: 401,
        body: {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
          links: [{ href: 'https://developer.paypal.com/docs/api/overview/#error', rel: 'information_link' }],
        },
      };
    }

    const requestId = header(request, 'paypal-request-id');
    const replayKey = requestId && `${request.method} ${url.pathname} ${requestId}`;
    const replay = replayKey ? replies.get(replayKey) : undefined;
    if (replay) return replay;
    const representation = header(request, 'prefer') === 'return=representation';
    const answer = route(request.method ?? 'GET', url, body, representation);
    // Only what PayPal carried out is replayed: a 5xx (even one whose capture went through) or a refusal is not.
    const carriedOut = answer.stored ?? answer;
    if (replayKey && carriedOut.status < 300) replies.set(replayKey, carriedOut);
    return answer;
  }

  function route(
    method: string,
    url: URL,
    body: string,
    representation: boolean,
  ): { status: number; body: unknown; stored?: { status: number; body: unknown } } {
    const path = url.pathname;
    const answer = webhooks.route(method, path, body) ?? subscriptions.route(method, path, url.searchParams, body);
    if (answer) return answer;
    if (method === 'POST' && path === '/v2/checkout/orders') return createOrder(body, representation);
    const refundOf = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundOf?.[1]) return refundCapture(refundOf[1], body, representation);
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match?.[1] ? orders.get(match[1]) : undefined;
    if (!match) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', message: 'Not found' } };
    if (!order) return unprocessable('INVALID_RESOURCE_ID', 404, 'RESOURCE_NOT_FOUND');
    if (method === 'GET' && !match[2]) return { status: 200, body: orderJson(order, true) };
    if (method === 'POST' && match[2]) return capture(order, representation);
    return {
      status: 405,
      body: { name: 'METHOD_NOT_SUPPORTED', message: 'The server does not implement the requested HTTP method.' },
    };
  }

  function createOrder(text: string, representation: boolean): { status: number; body: unknown } {
    const input = parseJson(text) as {
      intent?: unknown;
      purchase_units?: {
        reference_id?: string;
        custom_id?: string;
        description?: string;
        amount?: { currency_code?: unknown; value?: unknown };
      }[];
    };
    const unit = input?.purchase_units?.[0];
    const value = unit?.amount?.value;
    const currency = unit?.amount?.currency_code;
    if (input?.intent !== 'CAPTURE' && input?.intent !== 'AUTHORIZE')
      return invalidRequest('/intent', 'MISSING_REQUIRED_PARAMETER');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
      return invalidRequest("/purchase_units/@reference_id=='default'/amount/currency_code", 'INVALID_PARAMETER_VALUE');
    }
    if (typeof value !== 'string' || !/^\d{1,10}(\.\d{2})?$/.test(value)) {
      return invalidRequest("/purchase_units/@reference_id=='default'/amount/value", 'DECIMAL_PRECISION');
    }
    const now = new Date().toISOString();
    const order: StoredOrder = {
      id: randomHex(9).toUpperCase().slice(0, 17),
      status: 'CREATED',
      unit: {
        reference_id: unit?.reference_id ?? 'default',
        custom_id: unit?.custom_id,
        description: unit?.description,
        amount: { currency_code: currency, value },
      },
      script: {},
      captures: [],
      createTime: now,
      updateTime: now,
    };
    orders.set(order.id, order);
    return { status: 201, body: representation ? orderJson(order, true) : orderJson(order, false) };
  }

  function capture(
    order: StoredOrder,
    representation: boolean,
  ): { status: number; body: unknown; stored?: { status: number; body: unknown } } {
    const scripted = order.script.failCaptures?.shift();
    if (scripted !== undefined) return failure(scripted);
    if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED');
    const script = order.script.capture ?? { kind: 'completed' };
    const kind = script.kind;
    if (kind === 'instrument-declined') return unprocessable('INSTRUMENT_DECLINED');
    const now = new Date().toISOString();
    const amount = {
      currency_code: order.unit.amount.currency_code,
      value: order.script.capturedValue ?? order.unit.amount.value,
    };
    const status = kind === 'completed' ? 'COMPLETED' : kind === 'pending' ? 'PENDING' : 'DECLINED';
    order.captures.push({
      id: randomHex(9).toUpperCase().slice(0, 17),
      status,
      ...(script.kind === 'pending' ? { status_details: { reason: script.reason ?? 'PENDING_REVIEW' } } : {}),
      amount,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      ...(kind === 'completed' ? { seller_receivable_breakdown: breakdown(amount) } : {}),
      custom_id: order.script.capturedCustomId ?? order.unit.custom_id,
      create_time: now,
      update_time: now,
    });
    order.status = 'COMPLETED';
    order.updateTime = now;
    const answer = { status: 201, body: representation ? orderJson(order, true) : captureMinimal(order) };
    if (order.script.loseFirstCaptureAnswer) {
      order.script.loseFirstCaptureAnswer = false;
      return { ...failure(500), stored: answer };
    }
    return answer;
  }

  /** POST /v2/payments/captures/{id}/refund: the amount given (or all that is left) goes back to the buyer. */
  function refundCapture(captureId: string, text: string, representation: boolean): { status: number; body: unknown } {
    // A subscription's payment is refunded as a capture too, by its transaction id.
    const sale = subscriptions.findSale(captureId);
    const capture = (sale ??
      [...orders.values()].flatMap((order) => order.captures).find((each) => each.id === captureId)) as
      | { id: string; status: string; amount: { currency_code: string; value: string } }
      | undefined;
    if (!capture) return unprocessable('INVALID_RESOURCE_ID', 404, 'RESOURCE_NOT_FOUND');
    const input = parseJson(text) as { amount?: { currency_code?: unknown; value?: unknown } } | undefined;
    const captured = payPalValueToCents(capture.amount.value) ?? 0;
    const left = captured - refunds.filter((refund) => refund.captureId === captureId).reduce(refundedCents, 0);
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return capture.status === 'REFUNDED'
        ? unprocessable('CAPTURE_FULLY_REFUNDED')
        : unprocessable('REFUND_NOT_ALLOWED');
    }
    let cents = left;
    if (input?.amount !== undefined) {
      const { currency_code: currency, value } = input.amount;
      if (typeof value !== 'string' || payPalValueToCents(value) === undefined) {
        return invalidRequest('/amount/value', 'DECIMAL_PRECISION');
      }
      if (currency !== capture.amount.currency_code) return unprocessable('CURRENCY_MISMATCH');
      cents = payPalValueToCents(value) ?? 0;
    }
    if (cents <= 0 || cents > left) return unprocessable('REFUND_AMOUNT_EXCEEDED');
    const refund: LocalRefund = {
      id: randomHex(9).toUpperCase().slice(0, 17),
      captureId,
      amount: { currency_code: capture.amount.currency_code, value: centsToPayPalValue(cents) },
      status: 'COMPLETED',
    };
    refunds.push(refund);
    capture.status = cents === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    if (sale) subscriptions.refunded(sale, refund);
    const now = new Date().toISOString();
    const links = [
      { href: `${apiUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${apiUrl}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
    ];
    if (!representation) return { status: 201, body: { id: refund.id, status: refund.status, links } };
    return {
      status: 201,
      body: {
        id: refund.id,
        amount: refund.amount,
        seller_payable_breakdown: {
          gross_amount: refund.amount,
          net_amount: refund.amount,
          total_refunded_amount: {
            currency_code: refund.amount.currency_code,
            value: centsToPayPalValue(captured - left + cents),
          },
        },
        status: refund.status,
        create_time: now,
        update_time: now,
        links,
      },
    };
  }

  function orderJson(order: StoredOrder, full: boolean): Record<string, unknown> {
    const links = [
      { href: `${apiUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'CREATED'
        ? [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'approve', method: 'GET' }]
        : []),
      ...(order.status !== 'COMPLETED'
        ? [
            { href: `${apiUrl}/v2/checkout/orders/${order.id}`, rel: 'update', method: 'PATCH' },
            { href: `${apiUrl}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' },
          ]
        : []),
    ];
    if (!full) return { id: order.id, status: order.status, links };
    const approved = order.status !== 'CREATED';
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      ...(approved ? { payment_source: { paypal: { ...payer(), account_status: 'VERIFIED' } } } : {}),
      purchase_units: [
        {
          ...order.unit,
          payee: { email_address: 'merchant@outpost.example', merchant_id: 'LOCALMERCHANT1' },
          ...(approved ? { shipping: shipping() } : {}),
          ...(order.captures.length > 0 ? { payments: { captures: order.captures } } : {}),
        },
      ],
      ...(approved ? { payer: payer() } : {}),
      create_time: order.createTime,
      update_time: order.updateTime,
      links,
    };
  }

  function captureMinimal(order: StoredOrder): Record<string, unknown> {
    return {
      id: order.id,
      status: order.status,
      payment_source: { paypal: payer() },
      purchase_units: [
        { reference_id: order.unit.reference_id, shipping: shipping(), payments: { captures: order.captures } },
      ],
      payer: payer(),
      links: [{ href: `${apiUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
    };
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const pageUrl = new URL(request.url ?? '/', 'http://paypal.local');
      if (pageUrl.pathname === APPROVAL_PAGE_PATH) {
        await readBody(request);
        await approvalPage.serve(request, response, pageUrl);
        return;
      }
      const { status, body } = await handle(request);
      requests.push({
        method: request.method ?? '',
        path: new URL(request.url ?? '/', 'http://paypal.local').pathname,
        requestId: header(request, 'paypal-request-id'),
        status,
      });
      const id = (body as { debug_id?: string } | undefined)?.debug_id ?? debugId();
      if (typeof body === 'string') {
        // A certificate, served as PEM.
        response.writeHead(status, { 'content-type': 'application/x-pem-file' });
        response.end(body);
        return;
      }
      response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': id });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    } catch (error) {
      // A fault in this test server itself: say so rather than leave the client waiting.
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`local PayPal failed: ${String(error)}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    apiUrl,
    clientId,
    clientSecret,
    requests,
    approve(orderID, script = {}) {
      const order = orders.get(orderID);
      if (!order) throw new Error(`No local PayPal order ${orderID}`);
      order.status = 'APPROVED';
      order.script = { ...script, failCaptures: [...(script.failCaptures ?? [])] };
    },
    captureCount: (orderID) => orders.get(orderID)?.captures.length ?? 0,
    captureIds: (orderID) => (orders.get(orderID)?.captures ?? []).map((capture) => String(capture.id)),
    refunds: (captureId) => refunds.filter((refund) => refund.captureId === captureId),
    addWebhook: (url) => webhooks.addWebhook(url),
    webhookEvents: (eventType) => webhooks.events(eventType),
    webhookRequest: (event, webhookId) => webhooks.request(event, webhookId),
    deliverWebhooks: (deliverOptions) => webhooks.deliver(deliverOptions),
    approveSubscription: (id) => subscriptions.approveSubscription(id),
    renewSubscription: (id) => subscriptions.renewSubscription(id),
    failSubscriptionPayment: (id) => subscriptions.failSubscriptionPayment(id),
    expireSubscription: (id) => subscriptions.expireSubscription(id),
    cancelSubscriptionAsBuyer: (id) => subscriptions.cancelSubscriptionAsBuyer(id),
    reverseSubscriptionPayment: (id, reasonCode) => subscriptions.reverseSubscriptionPayment(id, reasonCode),
    openDispute: (saleId, disputeOptions) => disputes.openDispute(saleId, disputeOptions),
    resolveDispute: (disputeId, outcome) => disputes.resolveDispute(disputeId, outcome),
    subscriptionStatus: (id) => subscriptions.subscriptionStatus(id),
    subscriptionsOf: (customId) => subscriptions.subscriptionsOf(customId),
    sales: (id) => subscriptions.sales(id),
    catalogSize: () => subscriptions.catalogSize(),
    holdWebhooks: () => approvalPage.holdWebhooks(),
    settled: () => approvalPage.settled(),
    revokeTokens: () => tokens.clear(),
    failNext(count, status = 503) {
      for (let i = 0; i < count; i++) faults.push(status);
    },
    async close() {
      await approvalPage.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function payer() {
  return {
    email_address: 'buyer@example.com',
    account_id: 'QYR5Z8XDVJNXQ',
    payer_id: 'QYR5Z8XDVJNXQ',
    name: { given_name: 'John', surname: 'Doe' },
    address: { country_code: 'US' },
  };
}

function shipping() {
  return {
    name: { full_name: 'John Doe' },
    address: {
      address_line_1: '2211 N First Street',
      address_line_2: 'Building 17',
      admin_area_2: 'San Jose',
      admin_area_1: 'CA',
      postal_code: '95131',
      country_code: 'US',
    },
  };
}

function refundedCents(sum: number, refund: LocalRefund): number {
  return sum + (payPalValueToCents(refund.amount.value) ?? 0);
}
