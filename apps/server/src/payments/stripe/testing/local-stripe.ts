import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendStandInPage, standInPage } from '../../testing/stand-in-page';
import {
  type BillingEventType,
  type Interval,
  type InvoiceJson,
  localBilling,
  type PaymentIntent,
  type RecurringPriceJson,
  type SubscriptionJson,
} from './local-stripe-billing';
import {
  type Answer,
  copy,
  errorBody,
  integer,
  invalid,
  missing,
  ok,
  randomId,
  refused,
  stringRecord,
  unixNow,
} from './stripe-wire';

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
 *
 * Billing (local-stripe-billing.ts): a session in `mode=subscription` makes a Customer, a
 * Subscription and its paid first Invoice when paid; the Subscription's API and the scripts of what
 * Stripe does on its own clock (renew, a failed renewal, the end of a period) raise the events
 * Stripe sends. Raised events go, signed with each endpoint's own secret, to every webhook endpoint
 * (addWebhookEndpoint) that takes their type, over real HTTP, as Stripe delivers: after the API
 * call that raised them has answered (`settled()` waits for them).
 */

export type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

export type StripeEventType = CheckoutEventType | BillingEventType;

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
  /** The Customer a subscription-mode session made when paid. */
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  /** Subscription mode: the subscription's first invoice, once paid. */
  invoice: string | null;
  mode: 'payment' | 'subscription';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  /** Subscription mode: the Subscription made when paid. */
  subscription: string | null;
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
  data: {
    object: CheckoutSessionJson | SubscriptionJson | InvoiceJson | ChargeJson;
    /** customer.subscription.updated: the changed fields' values before the change. */
    previous_attributes?: Record<string, unknown>;
  };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: StripeEventType;
}

/** A Charge as charge.refunded carries it: the PaymentIntent's charge and how much of it is refunded. */
export interface ChargeJson {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: 'succeeded';
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
  /** The parameters (the query string's and the form body's), decoded into objects and arrays as Stripe reads them. */
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

/** One event delivered to a webhook endpoint, and the answer it got. */
export interface WebhookDelivery {
  type: StripeEventType;
  eventID: string;
  /** The event's object: a session, subscription, invoice or charge id. */
  objectID: string;
  /** Checkout events: the session's id. */
  sessionID?: string;
  url: string;
  /** The endpoint's HTTP status; 0 when it could not be reached. */
  status: number;
  body: string;
}

/** A Price of the catalogue; `recurring` makes it a subscription's price. */
export interface PriceDefinition {
  unitAmount: number;
  currency: string;
  product?: string;
  recurring?: { interval: Interval };
}

export interface LocalStripe {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request answered, in order. */
  requests: RecordedStripeRequest[];
  /** A Price in the account's catalogue (line items may name it as `price`). */
  definePrice(priceID: string, price: PriceDefinition): void;
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
   * The shop's webhook endpoint (e.g. the site's /api/webhooks/stripe), signed with `webhookSecret`
   * and taking the checkout.session.* events, as the shop's endpoint is set up in Stripe's Dashboard.
   */
  setWebhookEndpoint(url: string): void;
  /**
   * Another webhook endpoint, taking the events named (or '*' for all), with a signing secret of
   * its own, as Stripe makes one for each endpoint; answers the endpoint (its secret, its url to set).
   */
  addWebhookEndpoint(url: string, enabledEvents: readonly (StripeEventType | '*')[]): WebhookEndpoint;
  /**
   * Holds the events raised (by the hosted checkout page, the API, the scripts) instead of
   * delivering them at once (Stripe's webhook often arrives after the customer is back); the
   * function returned delivers the held events in order, stops holding and answers their deliveries.
   */
  holdWebhooks(): () => Promise<WebhookDelivery[]>;
  /** Stops holding and answers the held events undelivered, as if every delivery of them was lost (tests deliver them their own way). */
  dropHeldWebhooks(): StripeEventJson[];
  /** Waits until every event raised so far has been delivered (or held). */
  settled(): Promise<void>;
  /** Every delivery to a webhook endpoint, in order. */
  deliveries: WebhookDelivery[];
  /** Every event raised, in order (delivered or not): tests deliver them again, late or out of order. */
  events: StripeEventJson[];
  /** A raised event as a delivery carries it, signed now with `secret` (default: webhookSecret). */
  signed(event: StripeEventJson, secret?: string): SignedEvent;
  /** Stripe's Billing clock, Unix seconds: the real time plus however far tests moved it on. */
  now(): number;
  /** Moves Stripe's Billing clock on, as a test clock does (a minute passes between a purchase and a cancel). */
  advanceClock(seconds: number): void;
  /** The subscription as Stripe would answer it now. */
  subscription(subscriptionID: string): SubscriptionJson;
  /** The invoice as Stripe would answer it now. */
  invoice(invoiceID: string): InvoiceJson;
  /** Stripe renews at the period's end (or a failed renewal's retry succeeds): invoice.paid (subscription_cycle). */
  renew(subscriptionID: string): Promise<InvoiceJson>;
  /** The renewal's payment fails: invoice.payment_failed, the subscription past_due. */
  failRenewal(subscriptionID: string): Promise<InvoiceJson>;
  /** A cancelled period ends, or a past_due one's retries run out: customer.subscription.deleted. */
  endSubscription(subscriptionID: string): Promise<SubscriptionJson>;
  /** Refunds the subscription's latest invoice (all of it, or `amount`), as from the Dashboard: charge.refunded. */
  refundLatestInvoice(subscriptionID: string, options?: { amount?: number }): Promise<RefundJson>;
  /** Refunds made against a payment intent (replays excluded). */
  refunds(paymentIntent: string): RefundJson[];
  /** The next `count` API requests answer `status` (default 500) without being carried out. */
  failNext(count: number, status?: number): void;
  /** The next `count` API requests are carried out (and kept for replay), but answer 500: the answer was lost. */
  loseNextAnswers(count: number): void;
  close(): Promise<void>;
}

interface StoredReply {
  fingerprint: string;
  status: number;
  body: unknown;
}

/** A webhook endpoint as the account has it; its url may be changed (as in the Dashboard) once the site listens. */
export interface WebhookEndpoint {
  url: string;
  readonly secret: string;
  readonly enabledEvents: readonly (StripeEventType | '*')[];
}

/** What the shop's endpoint takes: the Checkout events it settles orders on. */
const CHECKOUT_EVENTS: readonly CheckoutEventType[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];

const MIN_SESSION_S = 30 * 60;
const MAX_SESSION_S = 24 * 60 * 60;
const DEFAULT_API_VERSION = '2026-10-28.endive';
/** Where the hosted checkout page lives on this server, as on checkout.stripe.com. */
const CHECKOUT_PAGE_PATH = '/c/pay/';

export async function startLocalStripe(options: LocalStripeOptions = {}): Promise<LocalStripe> {
  const secretKey = `sk_test_${randomId(24)}`;
  const webhookSecret = `whsec_${randomId(32)}`;
  const prices = new Map<
    string,
    { unitAmount: number; currency: string; product: string; recurring?: { interval: Interval } }
  >();
  /** Subscription-mode sessions: the recurring Price each was made for. */
  const sessionPrices = new Map<string, RecurringPriceJson>();
  /** Subscription-mode sessions: subscription_data.metadata, the metadata the Subscription gets. */
  const subscriptionData = new Map<string, Record<string, string>>();
  const sessions = new Map<string, CheckoutSessionJson>();
  const intents = new Map<string, PaymentIntent>();
  const refunds: RefundJson[] = [];
  /** Idempotency-Key → the first answer, replayed for a repeat with the same request. */
  const replies = new Map<string, StoredReply>();
  const requests: RecordedStripeRequest[] = [];
  const faults: number[] = [];
  let lostAnswers = 0;
  let apiVersion = DEFAULT_API_VERSION;
  const endpoints: WebhookEndpoint[] = [];
  /** Events raised while webhooks are held; undefined while they go out at once. */
  let heldEvents: StripeEventJson[] | undefined;
  const deliveries: WebhookDelivery[] = [];
  const events: StripeEventJson[] = [];
  /** Deliveries go out one after another, after the API call that raised them has answered. */
  let outbox: Promise<unknown> = Promise.resolve();
  let clockOffset = 0;
  const now = () => unixNow() + clockOffset;
  const billing = localBilling({
    now,
    reach(unix) {
      clockOffset += Math.max(0, unix - now());
    },
    intents,
    raise: (type, object, previousAttributes) =>
      raise(type, object as StripeEventJson['data']['object'], previousAttributes),
  });

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
    // GET and DELETE carry their parameters in the query string, POST in the form body.
    const answer = route(method, url.pathname, { ...parseForm(url.search.slice(1)), ...parseForm(text) });
    if (key && answer.keep) replies.set(key, { fingerprint, status: answer.status, body: answer.body });
    return { answer, replayed: false };
  }

  function route(method: string, path: string, params: Record<string, unknown>): Answer {
    const billed = billing.route(method, path, params);
    if (billed) return billed;
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
    const mode = params.mode;
    if (mode !== 'payment' && mode !== 'subscription') {
      return invalid(
        400,
        `Invalid mode: this local Stripe answers mode=payment and mode=subscription only`,
        'parameter_invalid_empty',
        'mode',
      );
    }
    const wrongForMode = mode === 'subscription' ? 'payment_intent_data' : 'subscription_data';
    if (params[wrongForMode] !== undefined) {
      return invalid(400, `You can not pass \`${wrongForMode}\` in \`${mode}\` mode.`, undefined, wrongForMode);
    }
    if (typeof params.success_url !== 'string') return missing('success_url');
    const lines = params.line_items;
    if (!Array.isArray(lines) || lines.length === 0) return missing('line_items');
    const now = unixNow();
    let currency: string | undefined;
    let total = 0;
    let recurringPrice: RecurringPriceJson | undefined;
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
      if (priced.recurring && mode === 'payment') {
        return invalid(
          400,
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          undefined,
          `${at}[price]`,
        );
      }
      if (mode === 'subscription') {
        if (!priced.recurring || quantity !== 1 || lines.length > 1) {
          return invalid(
            400,
            'This local Stripe bills a subscription for one recurring price, quantity 1.',
            undefined,
            `${at}[price]`,
          );
        }
        recurringPrice = {
          id: priced.priceID ?? `price_${randomId(24)}`,
          object: 'price',
          active: true,
          currency: priced.currency,
          product: priced.product ?? `prod_${randomId(14)}`,
          recurring: { interval: priced.recurring.interval, interval_count: 1 },
          type: 'recurring',
          unit_amount: priced.unitAmount,
        };
      }
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
      invoice: null,
      livemode: false,
      metadata: stringRecord(params.metadata),
      mode,
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: params.success_url,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: options.hostedCheckout ? `${apiUrl}${CHECKOUT_PAGE_PATH}${id}` : `https://checkout.stripe.com/c/pay/${id}`,
    };
    sessions.set(id, session);
    if (recurringPrice) {
      sessionPrices.set(id, recurringPrice);
      subscriptionData.set(
        id,
        stringRecord((params.subscription_data as Record<string, unknown> | undefined)?.metadata),
      );
    }
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
      recurring: price.recurring ? { interval: price.recurring.interval, interval_count: 1 } : null,
      type: price.recurring ? 'recurring' : 'one_time',
      unit_amount: price.unitAmount,
      unit_amount_decimal: String(price.unitAmount),
    });
  }

  /** A line's unit amount, currency and interval if recurring: from a Price of the catalogue, or from its price_data. */
  function priceOf(
    line: Record<string, unknown>,
    at: string,
  ):
    | { unitAmount: number; currency: string; recurring?: { interval: Interval }; priceID?: string; product?: string }
    | { answer: Answer } {
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
      return { ...price, priceID: line.price };
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
    const recurring = data.recurring as Record<string, unknown> | undefined;
    if (recurring === undefined) return { unitAmount, currency, ...(typeof product === 'string' ? { product } : {}) };
    const interval = recurring.interval;
    if (interval !== 'day' && interval !== 'week' && interval !== 'month' && interval !== 'year') {
      return {
        answer: invalid(
          400,
          `Invalid price_data[recurring][interval]: must be one of day, week, month, or year`,
          'parameter_invalid_empty',
          `${at}[price_data][recurring][interval]`,
        ),
      };
    }
    return { unitAmount, currency, recurring: { interval }, ...(typeof product === 'string' ? { product } : {}) };
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
      created: now(),
      currency: intent.currency,
      metadata: stringRecord(params.metadata),
      payment_intent: intent.id,
      reason: typeof params.reason === 'string' ? params.reason : null,
      status: 'succeeded',
    };
    refunds.push(refund);
    raise('charge.refunded', chargeJson(intent), { amount_refunded: intent.refunded - amount, refunded: false });
    return ok(refund);
  }

  /** A PaymentIntent's charge as Stripe answers it. */
  function chargeJson(intent: PaymentIntent): ChargeJson {
    return {
      id: chargeOf(intent),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: intent.refunded,
      captured: true,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: intent.id,
      refunded: intent.refunded === intent.amount,
      status: 'succeeded',
    };
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
    const recurring = sessionPrices.get(sessionID);
    if (recurring) return subscribeSession(session, recurring);
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
      customer: null,
    };
    intents.set(intent.id, intent);
    session.status = 'complete';
    session.payment_status = paid ? 'paid' : 'unpaid';
    session.payment_intent = intent.id;
    session.url = null;
    session.customer_details = { email: session.customer_email, name: 'Rae Scout' };
    return session;
  }

  /**
   * A subscription-mode session is paid: Billing makes its Customer, Subscription and first Invoice
   * (raising customer.subscription.created and invoice.paid), then the session completes.
   */
  function subscribeSession(session: CheckoutSessionJson, price: RecurringPriceJson): CheckoutSessionJson {
    const started = billing.start(session, price, subscriptionData.get(session.id) ?? {});
    session.status = 'complete';
    session.payment_status = 'paid';
    session.customer = started.customer;
    session.subscription = started.subscription;
    session.invoice = started.invoice;
    session.url = null;
    session.customer_details = { email: session.customer_email, name: 'Rae Scout' };
    raise('checkout.session.completed', session);
    return session;
  }

  function eventOf(
    type: StripeEventType,
    object: StripeEventJson['data']['object'],
    previousAttributes?: Record<string, unknown>,
  ): StripeEventJson {
    return {
      id: `evt_${randomId(24)}`,
      object: 'event',
      api_version: apiVersion,
      created: now(),
      data: { object: copy(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: endpoints.filter((endpoint) => takes(endpoint, type)).length,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** An event as a delivery carries it. Stripe posts pretty-printed JSON: a receiver that re-serialises the body breaks the signature. */
  function signedOf(event: StripeEventJson, secret = webhookSecret): SignedEvent {
    const payload = JSON.stringify(event, null, 2);
    return { event, payload, signature: sign(payload, { secret }) };
  }

  /** The webhook event of this type for the session as it is now, signed with the webhook secret. */
  function signedEvent(type: CheckoutEventType, sessionID: string): SignedEvent {
    const session = sessions.get(sessionID);
    if (!session) throw new Error(`No local Stripe session ${sessionID}`);
    return signedOf(eventOf(type, session));
  }

  const takes = (endpoint: WebhookEndpoint, type: StripeEventType) =>
    endpoint.enabledEvents.includes('*') || endpoint.enabledEvents.includes(type);

  /** Stripe raises an event: kept, and queued for (or held from) every endpoint that takes its type. */
  function raise(
    type: StripeEventType,
    object: StripeEventJson['data']['object'],
    previousAttributes?: Record<string, unknown>,
  ): StripeEventJson {
    const event = eventOf(type, object, previousAttributes);
    events.push(event);
    if (heldEvents) heldEvents.push(event);
    else send(event);
    return event;
  }

  /** Waits for every queued delivery, those queued meanwhile included. */
  async function settled(): Promise<void> {
    let tail: Promise<unknown>;
    do {
      tail = outbox;
      await tail;
    } while (tail !== outbox);
  }

  /** A script of what Stripe does on its own: its events are delivered before it answers. */
  async function scripted<Result>(run: () => Result): Promise<Result> {
    const result = run();
    await settled();
    return result;
  }

  /** Queues an event's deliveries after those before it; they start once the current request has answered. */
  function send(event: StripeEventJson): Promise<WebhookDelivery[]> {
    const sent = outbox.then(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      const answers: WebhookDelivery[] = [];
      for (const endpoint of endpoints.filter((each) => takes(each, event.type))) {
        answers.push(await deliverTo(endpoint, event));
      }
      return answers;
    });
    outbox = sent.catch(() => undefined);
    return sent;
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

  /** Delivers a raised event to one endpoint, signed when it goes out (as Stripe signs each attempt), and keeps the answer. */
  async function deliverTo(endpoint: WebhookEndpoint, event: StripeEventJson): Promise<WebhookDelivery> {
    const answer = await post(endpoint.url, signedOf(event, endpoint.secret)).catch((error: unknown) => ({
      status: 0,
      body: String(error),
    }));
    const object = event.data.object;
    const delivery: WebhookDelivery = {
      type: event.type,
      eventID: event.id,
      objectID: object.id,
      ...(object.object === 'checkout.session' ? { sessionID: object.id } : {}),
      url: endpoint.url,
      ...answer,
    };
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
    if (!session) return sendStandInPage(response, 404, notFoundPage());
    if (method === 'POST' && session.status === 'open') {
      // A subscription-mode session raises its events as it completes; a payment-mode one here.
      if (completeSession(sessionID).mode === 'payment') raise('checkout.session.completed', session);
      await settled();
      const success = (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', sessionID);
      response.writeHead(303, { location: success, 'cache-control': 'no-store' });
      response.end();
      return;
    }
    if (method !== 'GET' && method !== 'POST') return sendStandInPage(response, 405, notFoundPage());
    sendStandInPage(
      response,
      session.status === 'open' || method === 'GET' ? 200 : 409,
      checkoutPageHtml(session, sessionPrices.get(session.id)?.recurring.interval),
    );
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
        params: { ...parseForm(url.search.slice(1)), ...parseForm(text) },
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
    now,
    advanceClock(seconds) {
      clockOffset += seconds;
    },
    subscription: billing.subscription,
    invoice: billing.invoice,
    renew: (subscriptionID) => scripted(() => billing.renew(subscriptionID)),
    failRenewal: (subscriptionID) => scripted(() => billing.failRenewal(subscriptionID)),
    endSubscription: (subscriptionID) => scripted(() => billing.end(subscriptionID)),
    refundLatestInvoice(subscriptionID, refundOptions = {}) {
      const invoice = billing.invoice(billing.subscription(subscriptionID).latest_invoice);
      const intent = [...intents.values()].find((each) => billing.invoiceOfIntent(each.id)?.id === invoice.id);
      if (!intent) throw new Error(`Invoice ${invoice.id} has no payment`);
      const amount = refundOptions.amount === undefined ? {} : { amount: String(refundOptions.amount) };
      const answer = createRefund({ payment_intent: intent.id, ...amount });
      if (answer.status !== 200) throw new Error(`Refund refused: ${JSON.stringify(answer.body)}`);
      return scripted(() => answer.body as RefundJson);
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
      const shop = endpoints.find((endpoint) => endpoint.secret === webhookSecret);
      if (shop) shop.url = url;
      else endpoints.push({ url, secret: webhookSecret, enabledEvents: CHECKOUT_EVENTS });
    },
    addWebhookEndpoint(url, enabledEvents) {
      const endpoint: WebhookEndpoint = { url, secret: `whsec_${randomId(32)}`, enabledEvents };
      endpoints.push(endpoint);
      return endpoint;
    },
    holdWebhooks() {
      heldEvents ??= [];
      return async () => {
        const held = heldEvents ?? [];
        heldEvents = undefined;
        const delivered: WebhookDelivery[] = [];
        for (const event of held) delivered.push(...(await send(event)));
        return delivered;
      };
    },
    dropHeldWebhooks() {
      const held = heldEvents ?? [];
      heldEvents = undefined;
      return held;
    },
    settled,
    deliveries,
    events,
    signed: signedOf,
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

/** The session's total as Checkout shows it: "$59.99" (amounts are in the currency's smallest unit). */
function amountText(session: CheckoutSessionJson): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: session.currency.toUpperCase() });
  return format.format(session.amount_total / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/** The page of a session; a subscription's says how often it is charged, as Checkout does ("then $7.99 every month"). */
function checkoutPageHtml(session: CheckoutSessionJson, interval?: Interval): string {
  const link = (href: string | null, text: string) =>
    href ? `<p><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>` : '';
  const every = interval ? `<p>Then ${escapeHtml(amountText(session))} every ${interval}.</p>` : '';
  const amount = `<p>Amount due: <strong>${escapeHtml(amountText(session))}</strong></p>${every}`;
  if (session.status === 'complete') {
    return checkoutPage(
      'Checkout (local Stripe)',
      `${amount}<p>This session is paid.</p>${link(session.success_url, 'Back to the shop')}`,
    );
  }
  if (session.status === 'expired') {
    return checkoutPage(
      'Checkout (local Stripe)',
      `${amount}<p>This session has expired.</p>${link(session.cancel_url, 'Back')}`,
    );
  }
  const email = session.customer_email ? `<p>Email: ${escapeHtml(session.customer_email)}</p>` : '';
  const form = `<form method="post" action="${escapeHtml(`${CHECKOUT_PAGE_PATH}${encodeURIComponent(session.id)}`)}"><button type="submit">Pay</button></form>`;
  return checkoutPage('Checkout (local Stripe)', `${amount}${email}${form}${link(session.cancel_url, 'Back')}`);
}

function notFoundPage(): string {
  return checkoutPage('Checkout (local Stripe)', '<p>There is no such Checkout Session.</p>');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
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

function chargeOf(intent: PaymentIntent): string {
  return `ch_${intent.id.slice(3)}`;
}

function dollars(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
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

const checkoutPage = (title: string, body: string) =>
  standInPage(title, 'A stand-in for Stripe&rsquo;s hosted Checkout, served by the tests&rsquo; local Stripe.', body);
