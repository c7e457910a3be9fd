/*
 * The Stripe seam the merch shop pays through: Checkout Sessions (cards, and Apple Pay and Google
 * Pay where Stripe offers them), their expiry, and refunds. `stripe-client.ts` implements it over
 * Stripe's REST API; the webhook (`webhook.ts`) tells Outpost when a session was paid.
 */

export interface StripeCheckoutLine {
  /** The variety's stripeID: a Stripe Price (`price_…`) or Product (`prod_…`, priced by Outpost). */
  stripeID: string;
  name: string;
  /** Outpost's price of one unit, in cents. */
  unitAmountCents: number;
  quantity: number;
}

export interface CreateCheckoutSessionInput {
  /** Outpost's order id: the session's client_reference_id and metadata.orderID. */
  orderID: string;
  lines: readonly StripeCheckoutLine[];
  /** ISO 4217, lower case as Stripe writes it ('usd'). */
  currency: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** Stripe accepts 30 minutes to 24 hours from now. */
  expiresAt: Date;
  /** The same key for every attempt at this order, so a retry creates one session. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the player pays; null once the session is complete or expired. */
  url: string | null;
  expiresAt: Date;
}

export interface StripeRefund {
  id: string;
  /** pending, succeeded, failed, canceled or requires_action. */
  status: string;
}

export interface StripeCheckoutApi {
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession>;
  /** Ends an open session so it can no longer be paid (the player cancelled the order). */
  expireCheckoutSession(sessionID: string): Promise<void>;
  refund(input: { paymentIntent: string; amountCents: number; idempotencyKey: string }): Promise<StripeRefund>;
}

/** A Checkout Session as a webhook event carries it: what settling an order needs of it. */
export interface CheckoutOutcome {
  sessionID: string;
  /** client_reference_id: Outpost's order id. */
  orderID: string | null;
  /** Cents. */
  amountTotal: number | null;
  currency: string | null;
  /** paid, unpaid (a delayed method still running) or no_payment_required. */
  paymentStatus: string;
  paymentIntent: string | null;
}
