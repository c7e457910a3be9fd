import { z } from 'zod/mini';
import type { CheckoutSession } from './checkout-api';

/*
 * The Stripe Billing seam the premium subscription sells through: a Checkout Session in
 * subscription mode, renewal turned off or on, the current period refunded and ended, and the
 * Billing objects a webhook event carries or names, read as the SDK's API version writes them (the
 * period on the subscription's item, the invoice's subscription under parent.subscription_details,
 * an invoice's payments in Invoice Payments only). `stripe-client.ts` implements it.
 */

export interface CreateSubscriptionCheckoutInput {
  /** Outpost's player: the session's client_reference_id and the subscription's metadata.userId. */
  userId: string;
  /** Named in the subscription's metadata too (monthly, annual). */
  planId: string;
  /** The line's name on Checkout's page and the invoice. */
  productName: string;
  unitAmountCents: number;
  /** ISO 4217, lower case as Stripe writes it ('usd'). */
  currency: string;
  interval: 'month' | 'year';
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
  /** The same key for every attempt at this start, so a retry makes one session. */
  idempotencyKey: string;
}

export interface StripeBillingApi {
  createSubscriptionCheckout(input: CreateSubscriptionCheckoutInput): Promise<CheckoutSession>;
  retrieveSubscription(subscriptionID: string): Promise<BillingSubscription>;
  /** Renewal off (runs to the period's end) or back on. */
  setCancelAtPeriodEnd(subscriptionID: string, cancel: boolean): Promise<BillingSubscription>;
  retrieveInvoice(invoiceID: string): Promise<BillingInvoice>;
  /** The invoice a PaymentIntent paid, or null when it paid none (a shop order's). */
  invoiceOfPayment(paymentIntentID: string): Promise<BillingInvoice | null>;
  /** Refunds the latest invoice's payment in full and cancels the subscription now; safe to repeat with the same key. */
  refundLatestInvoiceAndCancel(subscriptionID: string, idempotencyKey: string): Promise<void>;
}

const metadataSchema = z.nullable(z.optional(z.record(z.string(), z.string())));
const idOrObject = z.union([z.string(), z.object({ id: z.string() })]);
const idOf = (value: z.infer<typeof idOrObject> | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

const subscriptionSchema = z.object({
  id: z.string(),
  object: z.literal('subscription'),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.optional(z.nullable(z.int())),
  canceled_at: z.optional(z.nullable(z.int())),
  ended_at: z.optional(z.nullable(z.int())),
  metadata: metadataSchema,
  latest_invoice: z.optional(z.nullable(idOrObject)),
  items: z.object({ data: z.array(z.object({ current_period_end: z.int() })) }),
});

const invoiceSchema = z.object({
  id: z.string(),
  object: z.literal('invoice'),
  billing_reason: z.optional(z.nullable(z.string())),
  status: z.optional(z.nullable(z.string())),
  created: z.int(),
  amount_paid: z.int(),
  currency: z.string(),
  status_transitions: z.optional(z.object({ paid_at: z.optional(z.nullable(z.int())) })),
  parent: z.optional(
    z.nullable(
      z.object({
        subscription_details: z.optional(z.nullable(z.object({ subscription: idOrObject, metadata: metadataSchema }))),
      }),
    ),
  ),
  lines: z.object({ data: z.array(z.object({ period: z.object({ start: z.int(), end: z.int() }) })) }),
});

const chargeSchema = z.object({
  id: z.string(),
  object: z.literal('charge'),
  payment_intent: z.optional(z.nullable(idOrObject)),
  refunded: z.boolean(),
  amount_refunded: z.int(),
  created: z.int(),
});

const checkoutSessionSchema = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  mode: z.string(),
  client_reference_id: z.optional(z.nullable(z.string())),
  invoice: z.optional(z.nullable(idOrObject)),
  subscription: z.optional(z.nullable(idOrObject)),
});

/** A Stripe object that is not what it should be (another API version, or not a Billing object). */
export class BillingObjectError extends Error {}

function parsed<Schema extends z.ZodMiniType>(schema: Schema, object: unknown, what: string): z.infer<Schema> {
  const result = z.safeParse(schema, object);
  if (!result.success) throw new BillingObjectError(`The event does not carry ${what} Outpost can read.`);
  return result.data;
}

/** Times are Stripe's Unix seconds. */
export interface BillingSubscription {
  id: string;
  /** active, past_due, unpaid, canceled, incomplete, … */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** When Stripe will cancel it (set with cancel_at_period_end, or a date of its own). */
  cancelAt: number | null;
  endedAt: number | null;
  /** The first item's current period end: the subscription's, one price per subscription. */
  currentPeriodEnd: number | null;
  metadata: Record<string, string>;
  latestInvoice: string | null;
}

export function readSubscription(object: unknown): BillingSubscription {
  const subscription = parsed(subscriptionSchema, object, 'a Subscription');
  return {
    id: subscription.id,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt: subscription.cancel_at ?? null,
    endedAt: subscription.ended_at ?? null,
    currentPeriodEnd: subscription.items.data[0]?.current_period_end ?? null,
    metadata: subscription.metadata ?? {},
    latestInvoice: idOf(subscription.latest_invoice),
  };
}

export interface BillingInvoice {
  id: string;
  /** subscription_create (the first payment), subscription_cycle (a renewal), … */
  billingReason: string | null;
  status: string | null;
  created: number;
  paidAt: number | null;
  amountPaid: number;
  /** ISO 4217, lower case as Stripe writes it. */
  currency: string;
  /** The subscription it bills, and that subscription's metadata when the invoice was made. */
  subscription: { id: string; metadata: Record<string, string> } | null;
  /** The period its first line pays for: the subscription's period the invoice is for. */
  period: { start: number; end: number } | null;
}

export function readInvoice(object: unknown): BillingInvoice {
  const invoice = parsed(invoiceSchema, object, 'an Invoice');
  const details = invoice.parent?.subscription_details;
  const subscriptionID = idOf(details?.subscription);
  return {
    id: invoice.id,
    billingReason: invoice.billing_reason ?? null,
    status: invoice.status ?? null,
    created: invoice.created,
    paidAt: invoice.status_transitions?.paid_at ?? null,
    amountPaid: invoice.amount_paid,
    currency: invoice.currency,
    subscription: subscriptionID === null ? null : { id: subscriptionID, metadata: details?.metadata ?? {} },
    period: invoice.lines.data[0]?.period ?? null,
  };
}

export interface BillingCharge {
  id: string;
  paymentIntent: string | null;
  /** Refunded in full. */
  refunded: boolean;
  amountRefunded: number;
  created: number;
}

export function readCharge(object: unknown): BillingCharge {
  const charge = parsed(chargeSchema, object, 'a Charge');
  return {
    id: charge.id,
    paymentIntent: idOf(charge.payment_intent),
    refunded: charge.refunded,
    amountRefunded: charge.amount_refunded,
    created: charge.created,
  };
}

export interface BillingCheckout {
  id: string;
  mode: string;
  clientReferenceId: string | null;
  /** Subscription mode, once paid: the first invoice and the subscription. */
  invoice: string | null;
  subscription: string | null;
}

export function readCheckoutSession(object: unknown): BillingCheckout {
  const session = parsed(checkoutSessionSchema, object, 'a Checkout Session');
  return {
    id: session.id,
    mode: session.mode,
    clientReferenceId: session.client_reference_id ?? null,
    invoice: idOf(session.invoice),
    subscription: idOf(session.subscription),
  };
}
