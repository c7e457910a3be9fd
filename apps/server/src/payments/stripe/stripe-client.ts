import Stripe from 'stripe';
import type { StripeConfig } from '../../platform/config';
import {
  type BillingInvoice,
  type BillingSubscription,
  type CreateSubscriptionCheckoutInput,
  readInvoice,
  readSubscription,
  type StripeBillingApi,
} from './billing-api';
import type {
  CheckoutSession,
  CreateCheckoutSessionInput,
  StripeCheckoutApi,
  StripeCheckoutLine,
  StripeRefund,
} from './checkout-api';

/**
 * Stripe Checkout and Billing over the official `stripe` SDK, pointed at the configured host (Stripe's own,
 * or a local test server). The SDK retries network failures, 409s and 5xx answers with backoff
 * under the request's Idempotency-Key, which Stripe documents as safe: a repeated key answers the
 * first request's result, so a retried session or refund is made once.
 */

export interface StripeClientOptions extends StripeConfig {
  /** Retries after the first try of a failing call (default 2). */
  maxNetworkRetries?: number;
  /** One request's time limit (default 30 s); a timed-out request is retried like a network error. */
  timeoutMs?: number;
}

/** A Stripe call failed: Stripe said no (4xx), kept failing (5xx), or could not be reached. */
export class StripeApiError extends Error {
  override readonly name = 'StripeApiError';
  /** HTTP status; undefined when Stripe could not be reached. */
  readonly status: number | undefined;
  /** Stripe's error type: invalid_request_error, api_error, idempotency_error, … */
  readonly type: string | undefined;
  /** Stripe's error code, e.g. resource_missing, charge_already_refunded, amount_too_large. */
  readonly code: string | undefined;
  /** Stripe's id for the failed request (Request-Id), which its support asks for. */
  readonly requestId: string | undefined;

  constructor(
    message: string,
    fields: { status?: number; type?: string; code?: string; requestId?: string; cause?: unknown } = {},
  ) {
    super(message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.status = fields.status;
    this.type = fields.type;
    this.code = fields.code;
    this.requestId = fields.requestId;
  }
}

/** A variety's Stripe Price charges other than Outpost's price: no session is made, so no card is charged wrongly. */
export class StripePriceMismatchError extends Error {
  constructor(
    readonly priceID: string,
    readonly stripe: { unitAmount: number | null; currency: string },
    readonly outpost: { unitAmount: number; currency: string },
  ) {
    super(
      `Stripe Price ${priceID} charges ${stripe.unitAmount ?? 'a varying amount'} ${stripe.currency}, not the shop's ${outpost.unitAmount} ${outpost.currency}.`,
    );
  }
}

/** The session could not be expired because the player had already paid it: the order is not cancellable. */
export class CheckoutSessionCompletedError extends Error {
  constructor(readonly sessionID: string) {
    super(`Checkout Session ${sessionID} is already complete.`);
  }
}

const MINUTE_S = 60;
/**
 * Stripe accepts expires_at from 30 minutes to 24 hours after the session's creation, measured on
 * its own clock when the request lands; asking for 30 minutes exactly from our clock is refused
 * once the request has spent a moment on the way (or a retry waited). So the session lasts at least
 * a minute more than Stripe's floor, which the reservation's grace period covers.
 */
const MIN_SESSION_S = 31 * MINUTE_S;
const MAX_SESSION_S = 24 * 60 * MINUTE_S - MINUTE_S;

/** A line at Outpost's price: a Stripe Price is used as the price, anything else is priced by Outpost. */
function lineItem(currency: string) {
  return (line: StripeCheckoutLine): Stripe.Checkout.SessionCreateParams.LineItem => {
    if (line.stripeID.startsWith('price_')) return { price: line.stripeID, quantity: line.quantity };
    // A variety without a Stripe Product (empty or not a prod_ id) still sells, under its own name.
    const product = line.stripeID.startsWith('prod_')
      ? { product: line.stripeID }
      : { product_data: { name: line.name } };
    return { price_data: { currency, unit_amount: line.unitAmountCents, ...product }, quantity: line.quantity };
  };
}

function expiresAtFor(requested: Date, now: number): number {
  const nowS = Math.floor(now / 1000);
  return Math.min(Math.max(Math.ceil(requested.getTime() / 1000), nowS + MIN_SESSION_S), nowS + MAX_SESSION_S);
}

export class StripeClient implements StripeCheckoutApi, StripeBillingApi {
  readonly #stripe: Stripe;
  readonly #now: () => number;

  constructor(options: StripeClientOptions & { now?: () => number }) {
    const url = new URL(options.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    this.#stripe = new Stripe(options.secretKey, {
      host: url.hostname,
      port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
      protocol,
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 30_000,
      // Latency figures about earlier requests ride on each request's headers; Outpost sends none.
      telemetry: false,
      appInfo: { name: 'Outpost' },
    });
    this.#now = options.now ?? Date.now;
  }

  async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession> {
    await this.#checkPrices(input);
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      client_reference_id: input.orderID,
      metadata: { orderID: input.orderID },
      // The payment and its refunds name the order in Stripe's dashboard too.
      payment_intent_data: { metadata: { orderID: input.orderID } },
      customer_email: input.customerEmail,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: expiresAtFor(input.expiresAt, this.#now()),
      // No payment_method_types: Checkout offers what the account has switched on (cards, and Apple
      // Pay and Google Pay where the device and browser have them).
      line_items: input.lines.map(lineItem(input.currency)),
    };
    const session = await this.#call('create a Checkout Session', () =>
      this.#stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }),
    );
    return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  /**
   * Ends an open session. Stripe refuses to expire one that is no longer open; then the session is
   * read back: already expired is what we wanted (nothing to do), already complete means the player
   * paid and the order must not be cancelled (CheckoutSessionCompletedError).
   */
  async expireCheckoutSession(sessionID: string): Promise<void> {
    try {
      await this.#call(`expire Checkout Session ${sessionID}`, () => this.#stripe.checkout.sessions.expire(sessionID));
    } catch (error) {
      if (!(error instanceof StripeApiError) || error.status !== 400) throw error;
      const session = await this.#call(`read Checkout Session ${sessionID}`, () =>
        this.#stripe.checkout.sessions.retrieve(sessionID),
      );
      if (session.status === 'expired') return;
      if (session.status === 'complete') throw new CheckoutSessionCompletedError(sessionID);
      throw error;
    }
  }

  async refund(input: { paymentIntent: string; amountCents: number; idempotencyKey: string }): Promise<StripeRefund> {
    const refund = await this.#call(`refund payment ${input.paymentIntent}`, () =>
      this.#stripe.refunds.create(
        { payment_intent: input.paymentIntent, amount: input.amountCents },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: refund.id, status: refund.status ?? 'pending' };
  }

  /**
   * A subscription's Checkout: the plan priced by Outpost (price_data with its interval), the
   * player in client_reference_id and in the subscription's metadata (so every invoice and
   * subscription event names them). No expires_at: Stripe's 24 hours suit a purchase with nothing
   * reserved.
   */
  async createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput): Promise<CheckoutSession> {
    const metadata = { userId: input.userId, planId: input.planId };
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      client_reference_id: input.userId,
      metadata,
      subscription_data: { metadata },
      customer_email: input.customerEmail,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      line_items: [
        {
          price_data: {
            currency: input.currency,
            unit_amount: input.unitAmountCents,
            recurring: { interval: input.interval },
            product_data: { name: input.productName },
          },
          quantity: 1,
        },
      ],
    };
    const session = await this.#call('create a subscription Checkout Session', () =>
      this.#stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }),
    );
    return { id: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async retrieveSubscription(subscriptionID: string): Promise<BillingSubscription> {
    const subscription = await this.#call(`read Subscription ${subscriptionID}`, () =>
      this.#stripe.subscriptions.retrieve(subscriptionID),
    );
    return readSubscription(subscription);
  }

  async setCancelAtPeriodEnd(subscriptionID: string, cancel: boolean): Promise<BillingSubscription> {
    const subscription = await this.#call(
      `turn ${cancel ? 'off' : 'on'} the renewal of Subscription ${subscriptionID}`,
      () => this.#stripe.subscriptions.update(subscriptionID, { cancel_at_period_end: cancel }),
    );
    return readSubscription(subscription);
  }

  async retrieveInvoice(invoiceID: string): Promise<BillingInvoice> {
    const invoice = await this.#call(`read Invoice ${invoiceID}`, () => this.#stripe.invoices.retrieve(invoiceID));
    return readInvoice(invoice);
  }

  /** Invoices no longer name their PaymentIntent (nor charges their invoice): Invoice Payments map one to the other. */
  async invoiceOfPayment(paymentIntentID: string): Promise<BillingInvoice | null> {
    const payments = await this.#call(`find the invoice paid by ${paymentIntentID}`, () =>
      this.#stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntentID },
        limit: 1,
      }),
    );
    const invoice = payments.data[0]?.invoice;
    if (invoice === undefined) return null;
    return this.retrieveInvoice(typeof invoice === 'string' ? invoice : invoice.id);
  }

  /**
   * The staff's refund of the current period: the latest invoice's payment refunded in full (under
   * the key, so a retry refunds once; a payment already refunded in full counts as done), then the
   * subscription cancelled now unless it already ended.
   */
  async refundLatestInvoiceAndCancel(subscriptionID: string, idempotencyKey: string): Promise<void> {
    const subscription = await this.retrieveSubscription(subscriptionID);
    if (subscription.latestInvoice !== null) {
      const invoiceID = subscription.latestInvoice;
      const payments = await this.#call(`read the payments of Invoice ${invoiceID}`, () =>
        this.#stripe.invoicePayments.list({ invoice: invoiceID, status: 'paid' }),
      );
      for (const payment of payments.data) {
        const intent = payment.payment.payment_intent;
        if (intent === undefined) continue;
        const paymentIntent = typeof intent === 'string' ? intent : intent.id;
        try {
          await this.#call(`refund payment ${paymentIntent}`, () =>
            this.#stripe.refunds.create(
              { payment_intent: paymentIntent, metadata: { subscription: subscriptionID, invoice: invoiceID } },
              { idempotencyKey: `${idempotencyKey}:${paymentIntent}` },
            ),
          );
        } catch (error) {
          if (!(error instanceof StripeApiError) || error.code !== 'charge_already_refunded') throw error;
        }
      }
    }
    if (subscription.status === 'canceled') return;
    try {
      await this.#call(`cancel Subscription ${subscriptionID}`, () =>
        this.#stripe.subscriptions.cancel(subscriptionID),
      );
    } catch (error) {
      // Refused because a racing call ended it first: ended is what we wanted.
      if (!(error instanceof StripeApiError) || error.status !== 400) throw error;
      if ((await this.retrieveSubscription(subscriptionID)).status !== 'canceled') throw error;
    }
  }

  /**
   * A Stripe Price charges its own amount, whatever the shop says; a session at another amount
   * would take the player's money and then fail the webhook's check of the total. So each Price a
   * session names must charge exactly Outpost's price, in its currency, before the session is made.
   */
  async #checkPrices(input: CreateCheckoutSessionInput): Promise<void> {
    for (const line of input.lines.filter((item) => item.stripeID.startsWith('price_'))) {
      const price = await this.#call(`read Price ${line.stripeID}`, () => this.#stripe.prices.retrieve(line.stripeID));
      if (price.unit_amount !== line.unitAmountCents || price.currency !== input.currency) {
        throw new StripePriceMismatchError(
          line.stripeID,
          { unitAmount: price.unit_amount, currency: price.currency },
          { unitAmount: line.unitAmountCents, currency: input.currency },
        );
      }
    }
  }

  /** One SDK call (with its own retries); any failure becomes a StripeApiError that says what failed. */
  async #call<Result>(what: string, run: () => Promise<Result>): Promise<Result> {
    try {
      return await run();
    } catch (error) {
      throw apiErrorFrom(what, error);
    }
  }
}

function apiErrorFrom(what: string, error: unknown): StripeApiError {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new StripeApiError(`Could not reach Stripe to ${what}: ${String(error)}`, { cause: error });
  }
  const status = error.statusCode;
  const requestId = error.requestId;
  const code = [error.code, requestId && `request ${requestId}`].filter(Boolean).join(', ');
  const message =
    status === undefined
      ? `Could not reach Stripe to ${what}: ${error.message}`
      : `${status >= 500 ? 'Stripe failed to' : 'Stripe refused to'} ${what}: ${error.message}${code ? ` (${code})` : ''}`;
  return new StripeApiError(message, { status, type: error.rawType, code: error.code, requestId, cause: error });
}

/** A webhook request Stripe did not sign (or not with this secret, or too long ago). */
export class WebhookSignatureError extends Error {}

/** How far a delivery's signed time may be from ours, either way: Stripe's default tolerance. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signed time of a Stripe-Signature header, read as the SDK reads it (the last `t=` item,
 * its leading digits), so the check below judges the very time the signature is checked against.
 */
function signedAt(signature: string): number | undefined {
  const stamps = signature.split(',').filter((item) => item.split('=')[0] === 't');
  const seconds = Number.parseInt(stamps.at(-1)?.split('=')[1] ?? '', 10);
  return Number.isNaN(seconds) ? undefined : seconds;
}

/**
 * Stripe's own check of a webhook delivery: the Stripe-Signature's v1 HMAC-SHA256 of
 * `<t>.<raw body>` under the endpoint's secret, signed within five minutes of now either way
 * (replays of an old delivery fail here; the event id stops the rest). The SDK checks only the
 * past, so a delivery signed ahead of time (a leaked secret's events made to outlive their
 * window) is refused here too, as Stripe's other libraries do. Answers the parsed event,
 * unchecked beyond that.
 */
export function verifyStripeWebhook(
  payload: Buffer,
  signature: string,
  webhookSecret: string,
  now = Date.now(),
): unknown {
  const signed = signedAt(signature);
  if (signed !== undefined && signed - Math.floor(now / 1000) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Timestamp outside the tolerance zone');
  }
  try {
    return Stripe.webhooks.constructEvent(payload, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      // The SDK's text goes on with advice and a link over several lines; its first sentence says what failed.
      throw new WebhookSignatureError(firstSentence(error.message));
    }
    if (error instanceof SyntaxError) throw new WebhookSignatureError('the signed body is not JSON');
    throw error;
  }
}

function firstSentence(text: string): string {
  return (text.split(/\.\s|\n/)[0] ?? text).trim().replace(/\.$/, '');
}
