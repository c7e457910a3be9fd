import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * For tests: a local HTTP server answering the Stripe endpoints Outpost calls, as Stripe documents
 * them: form-encoded bodies in bracket notation, Bearer secret-key auth, `{error: {type, code,
 * message, param}}` errors, Idempotency-Key replays, Checkout Sessions (create, retrieve, expire)
 * and refunds. What happens on Stripe's own pages (the customer pays, a delayed method settles
 * days later, the session lapses) a test scripts per session, then builds the webhook event for
 * it, signed as Stripe signs: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`.
 *
 * With `hostedCheckout`, a session's `url` is a page this server serves itself (GET /c/pay/<id>),
 * a test double of Stripe's hosted Checkout for browser tests: the amount, a Pay button and a Back
 * link. Pay completes the session as `complete()` does, posts the signed
 * `checkout.session.completed` to the webhook endpoint (real HTTP, as Stripe does) and sends the
 * browser to the session's success_url; Back goes to its cancel_url.
 */

export type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** A Checkout Session as Stripe answers it (the fields of the API's object that this server keeps). */
export interface CheckoutSessionJson {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted';
  url: string | null;
}

export interface RefundJson {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
}

export interface StripeEventJson {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: CheckoutSessionJson };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: CheckoutEventType;
}

/** An event ready to deliver: the exact bytes Stripe posts and the header it signs them with. */
export interface SignedEvent {
  event: StripeEventJson;
  payload: string;
  signature: string;
}

export interface RecordedStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** The form body, decoded into objects and arrays as Stripe reads it. */
  params: Record<string, unknown>;
  status: number;
  /** Answered from the Idempotency-Key store, not carried out again. */
  replayed: boolean;
}

export interface CompleteOptions {
  /** 'unpaid': a delayed method (a bank debit) is still running; async_payment_* follows. */
  paymentStatus?: 'paid' | 'unpaid';
  /** The total Stripe reports, when it differs from the session's (a tampered session). */
  amountTotal?: number;
}

export interface LocalStripeOptions {
  /** Sessions' `url` is this server's own checkout page (GET /c/pay/<id>) instead of Stripe's host. */
  hostedCheckout?: boolean;
}

/** One event the hosted checkout page delivered to the webhook endpoint, and the answer it got. */
export interface WebhookDelivery {
  type: CheckoutEventType;
  sessionID: string;
  /** The endpoint's HTTP status; 0 when it could not be reached. */
  status: number;
  body: string;
}

export interface LocalStripe {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request answered, in order. */
  requests: RecordedStripeRequest[];
  /** A Price in the account's catalogue (line items may name it as `price`). */
  definePrice(priceID: string, price: { unitAmount: number; currency: string; product?: string }): void;
  /** The session as Stripe would answer it now. */
  session(sessionID: string): CheckoutSessionJson;
  /** The customer pays on Checkout's page: the session completes (paid, or unpaid for a delayed method). */
  complete(sessionID: string, options?: CompleteOptions): CheckoutSessionJson;
  /** The delayed payment of a completed, unpaid session arrives. */
  asyncPaymentSucceeded(sessionID: string): CheckoutSessionJson;
  /** The delayed payment of a completed, unpaid session fails. */
  asyncPaymentFailed(sessionID: string): CheckoutSessionJson;
  /** Stripe lets an open session lapse (its expires_at passed). */
  expire(sessionID: string): CheckoutSessionJson;
  /** The webhook event of this type for the session as it is now, signed with the webhook secret. */
  event(type: CheckoutEventType, sessionID: string): SignedEvent;
  /** Stripe-Signature for a payload: `t=<timestamp>,v1=<HMAC-SHA256 hex>`; another secret or time on request. */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  /** Posts a signed event to a URL as Stripe does (real HTTP); answers the status and body. */
  deliver(url: string, signed: SignedEvent): Promise<{ status: number; body: string }>;
  /**
   * The account's webhook endpoint (e.g. the site's /api/webhooks/stripe): where the hosted checkout
   * page delivers the events its Pay button raises.
   */
  setWebhookEndpoint(url: string): void;
  /**
   * Holds the events the hosted checkout page raises instead of delivering them at once (Stripe's
   * webhook often arrives after the customer is back); the function returned delivers the held
   * events in order, stops holding and answers their deliveries.
   */
  holdWebhooks(): () => Promise<WebhookDelivery[]>;
  /** Every event the hosted checkout page delivered, in order. */
  deliveries: WebhookDelivery[];
  /** Refunds made against a payment intent (replays excluded). */
  refunds(paymentIntent: string): RefundJson[];
  /** The next `count` API requests answer `status` (default 500) without being carried out. */
  failNext(count: number, status?: number): void;
  /** The next `count` API requests are carried out (and kept for replay), but answer 500: the answer was lost. */
  loseNextAnswers(count: number): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
  /** Kept under the request's Idempotency-Key: Stripe keeps what it started executing. */
  keep: boolean;
}

interface StoredReply {
  fingerprint: string;
  status: number;
  body: unknown;
}

interface PaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  refunded: number;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const MIN_SESSION_S = 30 * 60;
const MAX_SESSION_S = 24 * 60 * 60;
const DEFAULT_API_VERSION = '2026-10-28.endive';
/** Where the hosted checkout page lives on this server, as on checkout.stripe.com. */
const CHECKOUT_PAGE_PATH = '/c/pay/';

export async function startLocalStripe(options: LocalStripeOptions = {}): Promise<LocalStripe> {
  const secretKey = `sk_test_${randomId(24)}`;
  const webhookSecret = `whsec_${randomId(32)}`;
  const prices = new Map<string, { unitAmount: number; currency: string; product: string }>();
  const sessions = new Map<string, CheckoutSessionJson>();
  const intents = new Map<string, PaymentIntent>();
  const refunds: RefundJson[] = [];
  /** Idempotency-Key → the first answer, replayed for a repeat with the same request. */
  const replies = new Map<string, StoredReply>();
  const requests: RecordedStripeRequest[] = [];
  const faults: number[] = [];
  let lostAnswers = 0;
  let apiVersion = DEFAULT_API_VERSION;
  let webhookEndpoint: string | undefined;
  /** Events the hosted page raised while webhooks are held; undefined while they go out at once. */
  let heldEvents: SignedEvent[] | undefined;
  const deliveries: WebhookDelivery[] = [];

  function handle(request: IncomingMessage, text: string): { answer: Answer; replayed: boolean } {
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const method = request.method ?? 'GET';
    const auth = authenticate(request.headers.authorization, secretKey);
    if (auth) return { answer: auth, replayed: false };
    const version = header(request, 'stripe-version');
    if (version) apiVersion = version;

    const fault = faults.shift();
    if (fault !== undefined) {
      return {
        answer: { status: fault, body: errorBody('api_error', 'An unknown error occurred'), keep: false },
        replayed: false,
      };
    }
    const key = method === 'POST' ? header(request, 'idempotency-key') : undefined;
    const fingerprint = `${method} ${url.pathname} ${text}`;
    const stored = key ? replies.get(key) : undefined;
    if (key && stored) {
      if (stored.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return { answer: { status: 400, body: errorBody('idempotency_error', message), keep: false }, replayed: false };
      }
      return { answer: { status: stored.status, body: stored.body, keep: false }, replayed: true };
    }
    const answer = route(method, url.pathname, parseForm(text));
    if (key && answer.keep) replies.set(key, { fingerprint, status: answer.status, body: answer.body });
    return { answer, replayed: false };
  }

  function route(method: string, path: string, params: Record<string, unknown>): Answer {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(params);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    const priceMatch = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (method === 'GET' && priceMatch?.[1]) return readPrice(priceMatch[1]);
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (!match?.[1]) return invalid(404, `Unrecognized request URL (${method}: ${path}).`);
    const session = sessions.get(match[1]);
    if (!session) return invalid(404, `No such checkout.session: '${match[1]}'`, 'resource_missing', 'session');
    if (method === 'GET' && !match[2]) return ok(copy(session));
    if (method === 'POST' && match[2]) {
      if (session.status !== 'open') {
        return refused(400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
      }
      lapse(session);
      return ok(copy(session));
    }
    return invalid(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  function createSession(params: Record<string, unknown>): Answer {
    if (params.mode === undefined) return missing('mode');
    if (params.mode !== 'payment') {
      return invalid(
        400,
        `Invalid mode: this local Stripe answers mode=payment only`,
        'parameter_invalid_empty',
        'mode',
      );
    }
    if (typeof params.success_url !== 'string') return missing('success_url');
    const lines = params.line_items;
    if (!Array.isArray(lines) || lines.length === 0) return missing('line_items');
    const now = unixNow();
    let currency: string | undefined;
    let total = 0;
    for (const [index, raw] of lines.entries()) {
      const line = (raw ?? {}) as Record<string, unknown>;
      const at = `line_items[${index}]`;
      const quantity = integer(line.quantity);
      if (quantity === undefined || quantity < 1) {
        return invalid(400, 'Invalid positive integer', 'parameter_invalid_integer', `${at}[quantity]`);
      }
      const priced = priceOf(line, at);
      if ('answer' in priced) return priced.answer;
      if (currency !== undefined && priced.currency !== currency) {
        return invalid(
          400,
          'All line items must share one currency.',
          'parameter_invalid_empty',
          `${at}[price_data][currency]`,
        );
      }
      currency = priced.currency;
      total += priced.unitAmount * quantity;
    }
    const expiresAt = params.expires_at === undefined ? now + MAX_SESSION_S : integer(params.expires_at);
    if (expiresAt === undefined || expiresAt < now + MIN_SESSION_S || expiresAt > now + MAX_SESSION_S) {
      return invalid(
        400,
        'The `expires_at` timestamp must be at least 30 minutes and at most 24 hours from Checkout Session creation.',
        'parameter_invalid_integer',
        'expires_at',
      );
    }
    const reference = params.client_reference_id;
    if (reference !== undefined && (typeof reference !== 'string' || reference.length > 200)) {
      return invalid(
        400,
        'client_reference_id must be a string of at most 200 characters.',
        undefined,
        'client_reference_id',
      );
    }
    const email = params.customer_email;
    if (email !== undefined && (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))) {
      return invalid(400, `Invalid email address: ${String(email)}`, 'email_invalid', 'customer_email');
    }
    const id = `cs_test_${randomId(58)}`;
    const session: CheckoutSessionJson = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      client_reference_id: typeof reference === 'string' ? reference : null,
      created: now,
      currency: currency ?? 'usd',
      customer: null,
      customer_details: null,
      customer_email: typeof email === 'string' ? email : null,
      expires_at: expiresAt,
      livemode: false,
      metadata: stringRecord(params.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: options.hostedCheckout ? `${apiUrl}${CHECKOUT_PAGE_PATH}${id}` : `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    return ok(copy(session));
  }

  /** GET /v1/prices/:id: the Price object as Stripe answers it (the fields Outpost reads, and its kind). */
  function readPrice(priceID: string): Answer {
    const price = prices.get(priceID);
    if (!price) return invalid(404, `No such price: '${priceID}'`, 'resource_missing', 'price');
    return ok({
      id: priceID,
      object: 'price',
      active: true,
      currency: price.currency,
      product: price.product,
      type: 'one_time',
      unit_amount: price.unitAmount,
      unit_amount_decimal: String(price.unitAmount),
    });
  }

  /** A line's unit amount and currency: from a Price of the catalogue, or from its price_data. */
  function priceOf(
    line: Record<string, unknown>,
    at: string,
  ): { unitAmount: number; currency: string } | { answer: Answer } {
    if (line.price !== undefined && line.price_data !== undefined) {
      return {
        answer: invalid(400, 'You may only specify one of these parameters: price, price_data.', undefined, at),
      };
    }
    if (typeof line.price === 'string') {
      const price = prices.get(line.price);
      if (!price) {
        return { answer: invalid(400, `No such price: '${line.price}'`, 'resource_missing', `${at}[price]`) };
      }
      return price;
    }
    const data = line.price_data as Record<string, unknown> | undefined;
    if (!data) return { answer: missing(`${at}[price]`) };
    const currency = data.currency;
    if (typeof currency !== 'string' || !/^[a-z]{3}$/.test(currency)) {
      return {
        answer: invalid(
          400,
          `Invalid currency: ${String(currency)}`,
          'parameter_invalid_empty',
          `${at}[price_data][currency]`,
        ),
      };
    }
    const unitAmount = integer(data.unit_amount);
    if (unitAmount === undefined || unitAmount < 0) {
      return {
        answer: invalid(
          400,
          'Invalid non-negative integer',
          'parameter_invalid_integer',
          `${at}[price_data][unit_amount]`,
        ),
      };
    }
    const product = data.product;
    const productName = (data.product_data as Record<string, unknown> | undefined)?.name;
    if (product === undefined && typeof productName !== 'string')
      return { answer: missing(`${at}[price_data][product]`) };
    if (product !== undefined && (typeof product !== 'string' || !product.startsWith('prod_'))) {
      return {
        answer: invalid(400, `No such product: '${String(product)}'`, 'resource_missing', `${at}[price_data][product]`),
      };
    }
    return { unitAmount, currency };
  }

  function createRefund(params: Record<string, unknown>): Answer {
    const intentID = params.payment_intent;
    if (typeof intentID !== 'string') return missing('payment_intent');
    const intent = intents.get(intentID);
    if (!intent) return invalid(400, `No such payment_intent: '${intentID}'`, 'resource_missing', 'payment_intent');
    if (intent.status !== 'succeeded') {
      return refused(
        400,
        `This PaymentIntent (${intentID}) does not have a successful charge to refund.`,
        'charge_not_refundable',
      );
    }
    const left = intent.amount - intent.refunded;
    if (left === 0) {
      return refused(400, `Charge ${chargeOf(intent)} has already been refunded.`, 'charge_already_refunded');
    }
    const amount = params.amount === undefined ? left : integer(params.amount);
    if (amount === undefined || amount < 1) {
      return invalid(400, 'Invalid positive integer', 'parameter_invalid_integer', 'amount');
    }
    if (amount > left) {
      return refused(
        400,
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
        'amount_too_large',
        'amount',
      );
    }
    intent.refunded += amount;
    const refund: RefundJson = {
      id: `re_${randomId(24)}`,
      object: 'refund',
      amount,
      balance_transaction: `txn_${randomId(24)}`,
      charge: chargeOf(intent),
      created: unixNow(),
      currency: intent.currency,
      metadata: stringRecord(params.metadata),
      payment_intent: intent.id,
      reason: typeof params.reason === 'string' ? params.reason : null,
      status: 'succeeded',
    };
    refunds.push(refund);
    return ok(refund);
  }

  function lapse(session: CheckoutSessionJson): void {
    session.status = 'expired';
    session.url = null;
  }

  function openSession(sessionID: string, status: CheckoutSessionJson['status']): CheckoutSessionJson {
    const session = sessions.get(sessionID);
    if (!session) throw new Error(`No local Stripe session ${sessionID}`);
    if (session.status !== status) throw new Error(`Session ${sessionID} is ${session.status}, not ${status}`);
    return session;
  }

  /** The customer pays on Checkout's page: the session completes with a PaymentIntent for its total. */
  function completeSession(sessionID: string, completeOptions: CompleteOptions = {}): CheckoutSessionJson {
    const session = openSession(sessionID, 'open');
    const paid = (completeOptions.paymentStatus ?? 'paid') === 'paid';
    if (completeOptions.amountTotal !== undefined) {
      session.amount_total = completeOptions.amountTotal;
      session.amount_subtotal = completeOptions.amountTotal;
    }
    const intent: PaymentIntent = {
      id: `pi_${randomId(24)}`,
      amount: session.amount_total,
      currency: session.currency,
      status: paid ? 'succeeded' : 'processing',
      refunded: 0,
    };
    intents.set(intent.id, intent);
    session.status = 'complete';
    session.payment_status = paid ? 'paid' : 'unpaid';
    session.payment_intent = intent.id;
    session.url = null;
    session.customer_details = { email: session.customer_email, name: 'Rae Scout' };
    return session;
  }

  /** The webhook event of this type for the session as it is now, signed with the webhook secret. */
  function signedEvent(type: CheckoutEventType, sessionID: string): SignedEvent {
    const session = sessions.get(sessionID);
    if (!session) throw new Error(`No local Stripe session ${sessionID}`);
    const event: StripeEventJson = {
      id: `evt_${randomId(24)}`,
      object: 'event',
      api_version: apiVersion,
      created: unixNow(),
      data: { object: copy(session) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    // Stripe posts pretty-printed JSON: a receiver that re-serialises the body breaks the signature.
    const payload = JSON.stringify(event, null, 2);
    return { event, payload, signature: sign(payload) };
  }

  /** Posts a signed event to a URL as Stripe does: its exact bytes, its signature header. */
  async function post(url: string, signed: SignedEvent): Promise<{ status: number; body: string }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signed.signature,
      },
      body: signed.payload,
    });
    return { status: response.status, body: await response.text() };
  }

  /** Delivers an event the hosted page raised to the webhook endpoint, and keeps the answer. */
  async function deliverToEndpoint(signed: SignedEvent): Promise<WebhookDelivery> {
    const { type, data } = signed.event;
    let answer: { status: number; body: string };
    if (!webhookEndpoint) {
      answer = { status: 0, body: 'No webhook endpoint is set (setWebhookEndpoint).' };
    } else {
      // Signed when it goes out, as Stripe signs each delivery attempt.
      const fresh = { ...signed, signature: sign(signed.payload) };
      answer = await post(webhookEndpoint, fresh).catch((error: unknown) => ({ status: 0, body: String(error) }));
    }
    const delivery: WebhookDelivery = { type, sessionID: data.object.id, ...answer };
    deliveries.push(delivery);
    return delivery;
  }

  /**
   * The hosted checkout page (with `hostedCheckout`): GET /c/pay/<id> shows it, POST (its Pay
   * button) pays the session, delivers checkout.session.completed and sends the browser to the
   * success_url. A session no longer open shows what became of it, with the way back.
   */
  async function checkoutPage(request: IncomingMessage, response: ServerResponse, sessionID: string): Promise<void> {
    const session = sessions.get(sessionID);
    const method = request.method ?? 'GET';
    if (!session) return sendPage(response, 404, notFoundPage());
    if (method === 'POST' && session.status === 'open') {
      completeSession(sessionID);
      const signed = signedEvent('checkout.session.completed', sessionID);
      if (heldEvents) heldEvents.push(signed);
      else await deliverToEndpoint(signed);
      const success = (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', sessionID);
      response.writeHead(303, { location: success, 'cache-control': 'no-store' });
      response.end();
      return;
    }
    if (method !== 'GET' && method !== 'POST') return sendPage(response, 405, notFoundPage());
    sendPage(response, session.status === 'open' || method === 'GET' ? 200 : 409, checkoutPageHtml(session));
  }

  function delayedIntent(session: CheckoutSessionJson): PaymentIntent {
    if (session.payment_status !== 'unpaid' || !session.payment_intent) {
      throw new Error(`Session ${session.id} has no delayed payment running`);
    }
    return intents.get(session.payment_intent) as PaymentIntent;
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const pagePath = new URL(request.url ?? '/', 'http://stripe.local').pathname;
      if (options.hostedCheckout && pagePath.startsWith(CHECKOUT_PAGE_PATH)) {
        await readBody(request);
        await checkoutPage(request, response, decodeURIComponent(pagePath.slice(CHECKOUT_PAGE_PATH.length)));
        return;
      }
      const text = await readBody(request);
      const { answer, replayed } = handle(request, text);
      const url = new URL(request.url ?? '/', 'http://stripe.local');
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        idempotencyKey: header(request, 'idempotency-key'),
        params: parseForm(text),
        status: answer.status,
        replayed,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'request-id': `req_${randomId(14)}`,
        'stripe-version': apiVersion,
      };
      if (replayed) headers['idempotent-replayed'] = 'true';
      if (answer.keep && lostAnswers > 0 && answer.status < 300) {
        lostAnswers -= 1;
        response.writeHead(500, headers);
        response.end(JSON.stringify(errorBody('api_error', 'An unknown error occurred')));
        return;
      }
      response.writeHead(answer.status, headers);
      response.end(JSON.stringify(answer.body));
    } catch (error) {
      // A fault in this test server itself: say so rather than leave the client waiting.
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`local Stripe failed: ${String(error)}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    const timestamp = options.timestamp ?? unixNow();
    const signature = createHmac('sha256', options.secret ?? webhookSecret)
      .update(`${timestamp}.${payload}`, 'utf8')
      .digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  return {
    apiUrl,
    secretKey,
    webhookSecret,
    requests,
    definePrice(priceID, price) {
      prices.set(priceID, { ...price, product: price.product ?? `prod_${randomId(14)}` });
    },
    session(sessionID) {
      const session = sessions.get(sessionID);
      if (!session) throw new Error(`No local Stripe session ${sessionID}`);
      return copy(session);
    },
    complete: (sessionID, completeOptions) => copy(completeSession(sessionID, completeOptions)),
    asyncPaymentSucceeded(sessionID) {
      const session = openSession(sessionID, 'complete');
      delayedIntent(session).status = 'succeeded';
      session.payment_status = 'paid';
      return copy(session);
    },
    asyncPaymentFailed(sessionID) {
      const session = openSession(sessionID, 'complete');
      delayedIntent(session).status = 'requires_payment_method';
      return copy(session);
    },
    expire(sessionID) {
      const session = openSession(sessionID, 'open');
      lapse(session);
      return copy(session);
    },
    event: signedEvent,
    sign,
    deliver: post,
    setWebhookEndpoint(url) {
      webhookEndpoint = url;
    },
    holdWebhooks() {
      heldEvents ??= [];
      return async () => {
        const held = heldEvents ?? [];
        heldEvents = undefined;
        const delivered: WebhookDelivery[] = [];
        for (const signed of held) delivered.push(await deliverToEndpoint(signed));
        return delivered;
      };
    },
    deliveries,
    refunds: (paymentIntent) => refunds.filter((refund) => refund.payment_intent === paymentIntent),
    failNext(count, status = 500) {
      for (let i = 0; i < count; i++) faults.push(status);
    },
    loseNextAnswers(count) {
      lostAnswers += count;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** 401 as Stripe answers it: no key, or a key it does not know (shown with all but its last four characters masked). */
function authenticate(authorization: string | undefined, secretKey: string): Answer | undefined {
  const key = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  if (key === secretKey) return undefined;
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
  return { status: 401, body: errorBody('invalid_request_error', message), keep: false };
}

/** The hosted page's own answer: HTML that runs nothing (its form may send the browser on to the merchant). */
function sendPage(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
  response.end(html);
}

function pageHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>A stand-in for Stripe&rsquo;s hosted Checkout, served by the tests&rsquo; local Stripe.</p>
${body}
</main>
</body>
</html>
`;
}

/** The session's total as Checkout shows it: "$59.99" (amounts are in the currency's smallest unit). */
function amountText(session: CheckoutSessionJson): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: session.currency.toUpperCase() });
  return format.format(session.amount_total / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

function checkoutPageHtml(session: CheckoutSessionJson): string {
  const link = (href: string | null, text: string) =>
    href ? `<p><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>` : '';
  const amount = `<p>Amount due: <strong>${escapeHtml(amountText(session))}</strong></p>`;
  if (session.status === 'complete') {
    return pageHtml(
      'Checkout (local Stripe)',
      `${amount}<p>This session is paid.</p>${link(session.success_url, 'Back to the shop')}`,
    );
  }
  if (session.status === 'expired') {
    return pageHtml(
      'Checkout (local Stripe)',
      `${amount}<p>This session has expired.</p>${link(session.cancel_url, 'Back')}`,
    );
  }
  const email = session.customer_email ? `<p>Email: ${escapeHtml(session.customer_email)}</p>` : '';
  const form = `<form method="post" action="${escapeHtml(`${CHECKOUT_PAGE_PATH}${encodeURIComponent(session.id)}`)}"><button type="submit">Pay</button></form>`;
  return pageHtml('Checkout (local Stripe)', `${amount}${email}${form}${link(session.cancel_url, 'Back')}`);
}

function notFoundPage(): string {
  return pageHtml('Checkout (local Stripe)', '<p>There is no such Checkout Session.</p>');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function ok(body: unknown): Answer {
  return { status: 200, body, keep: true };
}

/** A request Stripe checked and refused before doing anything: not kept, a corrected retry may reuse the key. */
function invalid(status: number, message: string, code?: string, param?: string): Answer {
  return { status, body: errorBody('invalid_request_error', message, code, param), keep: false };
}

/** A request Stripe started executing and refused: kept, so a repeat of the key answers the same refusal. */
function refused(status: number, message: string, code?: string, param?: string): Answer {
  return { status, body: errorBody('invalid_request_error', message, code, param), keep: true };
}

function missing(param: string): Answer {
  return invalid(400, `Missing required param: ${param}.`, 'parameter_missing', param);
}

function errorBody(type: string, message: string, code?: string, param?: string) {
  return {
    error: {
      ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}` } : {}),
      message,
      ...(param ? { param } : {}),
      request_log_url: `https://dashboard.stripe.com/test/logs/req_${randomId(14)}`,
      type,
    },
  };
}

/**
 * Stripe's form encoding: `line_items[0][price_data][currency]=usd` becomes
 * `{line_items: [{price_data: {currency: 'usd'}}]}`; objects whose keys are all indices are arrays.
 */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    if (path.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) continue;
    let node = root;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== 'object' || next === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[path.at(-1) as string] = value;
  }
  return arraysIn(root) as Record<string, unknown>;
}

function arraysIn(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, child]) => [key, arraysIn(child)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child);
  }
  return Object.fromEntries(entries);
}

function integer(value: unknown): number | undefined {
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : undefined;
}

function stringRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function chargeOf(intent: PaymentIntent): string {
  return `ch_${intent.id.slice(3)}`;
}

function dollars(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % BASE62.length];
  return id;
}
