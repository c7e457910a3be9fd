import { PREMIUM_PLAN_IDS, type PremiumPlanId } from '@outpost/contracts/subscriptions/schemas';
import {
  type BillingInvoice,
  type BillingSubscription,
  readCharge,
  readCheckoutSession,
  readInvoice,
  readSubscription,
  type StripeBillingApi,
  type StripeEvent,
} from '../../payments/index';
import type { SubscriptionEvent } from '../state-machine';
import type { SubscriptionRef } from '../subscription-events';
import type { SubscriptionPayment } from '../subscription-payments';

/*
 * What a Stripe Billing event tells of a subscription: a report for the state machine, and the
 * money (a period's payment, what of it was refunded), on the channel 'stripe', the subscription
 * named by Stripe's subscription id, the player by the userId its metadata carries from the checkout.
 *
 * Report ids: a payment is its invoice's id, so checkout.session.completed and invoice.paid of the
 * same first payment (Stripe sends both, in any order, each maybe twice) are one purchase, and a
 * renewal is once whatever repeats it; a refund is its charge's id; anything else is its event's id.
 *
 * Times are Stripe's, whole seconds, at the start of their second. The account's own change of the
 * renewal is recorded to the millisecond when the player makes it (renewal.ts), so within a second
 * Stripe's echo of it folds before it and never after a later change of the player's.
 */

export interface StripeRefundTotal {
  /** The invoice whose payment was refunded. */
  paymentId: string;
  /** Refunded of it in all (Stripe's charge.amount_refunded). */
  refundedCents: number;
  at: string;
}

export type StripeReport =
  | {
      kind: 'report';
      ref: SubscriptionRef;
      /** The state machine's report, if the event changes the subscription. */
      event?: SubscriptionEvent;
      payment?: SubscriptionPayment;
      refund?: StripeRefundTotal;
    }
  | { kind: 'ignored'; reason: string };

const ignored = (reason: string): StripeReport => ({ kind: 'ignored', reason });

const instant = (seconds: number) => new Date(seconds * 1000).toISOString();

const isPlanId = (value: string | undefined): value is PremiumPlanId =>
  (PREMIUM_PLAN_IDS as readonly (string | undefined)[]).includes(value);

/** The subscription's ref, when Outpost started it (its metadata names the player). */
function refOf(subscriptionID: string, metadata: Record<string, string>): SubscriptionRef | undefined {
  const { userId, planId } = metadata;
  if (!userId) return undefined;
  return { channel: 'stripe', channelId: subscriptionID, userId, ...(isPlanId(planId) ? { planId } : {}) };
}

const NOT_OURS = 'not a subscription Outpost started';

/** A paid subscription invoice: the first one a purchase, a later one a renewal, each until its period's end. */
function paymentReport(invoice: BillingInvoice): StripeReport {
  if (invoice.subscription === null) return ignored('not a subscription invoice');
  const ref = refOf(invoice.subscription.id, invoice.subscription.metadata);
  if (!ref) return ignored(NOT_OURS);
  if (invoice.status !== 'paid' || invoice.period === null) return ignored('the invoice is not paid');
  const kind =
    invoice.billingReason === 'subscription_create'
      ? 'purchase'
      : invoice.billingReason === 'subscription_cycle' || invoice.billingReason === 'subscription_update'
        ? 'renew'
        : undefined;
  if (kind === undefined) return ignored(`an invoice billed for ${invoice.billingReason ?? 'no reason'}`);
  const payment = paymentOf(invoice);
  return {
    kind: 'report',
    ref,
    event: { eventId: invoice.id, kind, at: payment.paidAt, until: instant(invoice.period.end) },
    payment,
  };
}

/** A paid invoice's money, under its id. */
function paymentOf(invoice: BillingInvoice): SubscriptionPayment {
  const paidAt = instant(invoice.paidAt ?? invoice.created);
  return { paymentId: invoice.id, amountCents: invoice.amountPaid, currency: invoice.currency, paidAt };
}

/**
 * A subscription's change Outpost follows, told by the fields Stripe says changed
 * (previous_attributes): past due (Stripe retries the payment), renewal off (to the period's end)
 * or back on. Other updates (a renewal's new period, which invoice.paid reports) add nothing.
 */
function updateReport(event: StripeEvent, subscription: BillingSubscription): StripeReport {
  const ref = refOf(subscription.id, subscription.metadata);
  if (!ref) return ignored(NOT_OURS);
  const previous = event.data.previous_attributes;
  const changed = (field: string) => typeof previous === 'object' && previous !== null && field in previous;
  const at = instant(event.created);
  if ((subscription.status === 'past_due' || subscription.status === 'unpaid') && changed('status')) {
    return { kind: 'report', ref, event: { eventId: event.id, kind: 'billing-retry', at } };
  }
  if (changed('cancel_at_period_end') || changed('cancel_at')) {
    // A cancel_at date ends it as surely as cancel_at_period_end (the Dashboard sets either).
    const renews = !subscription.cancelAtPeriodEnd && subscription.cancelAt === null;
    return { kind: 'report', ref, event: { eventId: event.id, kind: renews ? 'resume' : 'cancel', at } };
  }
  return ignored('no change of renewal or payment');
}

/** A refund of a subscription's payment: the money always; the end of premium when refunded in full. */
async function refundReport(event: StripeEvent, stripe: StripeBillingApi): Promise<StripeReport> {
  const charge = readCharge(event.data.object);
  if (charge.paymentIntent === null) return ignored('a charge without a payment intent');
  const invoice = await stripe.invoiceOfPayment(charge.paymentIntent);
  if (invoice?.subscription == null) return ignored('not a subscription’s payment');
  const ref = refOf(invoice.subscription.id, invoice.subscription.metadata);
  if (!ref) return ignored(NOT_OURS);
  const at = instant(event.created);
  const refund = { paymentId: invoice.id, refundedCents: charge.amountRefunded, at };
  // The payment too, in case the refund comes before the invoice.paid it refunds (it is recorded once).
  const money = { ref, refund, ...(invoice.status === 'paid' ? { payment: paymentOf(invoice) } : {}) };
  // A partial refund (a goodwill credit) leaves the period paid.
  if (!charge.refunded) return { kind: 'report', ...money };
  return { kind: 'report', ...money, event: { eventId: charge.id, kind: 'refund', at } };
}

/** What an event tells, fetching from Stripe what the event only names (a session's invoice, a charge's). */
export async function reportOf(event: StripeEvent, stripe: StripeBillingApi): Promise<StripeReport> {
  const object = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = readCheckoutSession(object);
      if (session.mode !== 'subscription') return ignored('a payment-mode session (the shop’s)');
      if (session.invoice === null) return ignored('the session has no invoice yet');
      return paymentReport(await stripe.retrieveInvoice(session.invoice));
    }
    case 'invoice.paid':
      return paymentReport(readInvoice(object));
    case 'invoice.payment_failed': {
      const invoice = readInvoice(object);
      if (invoice.subscription === null) return ignored('not a subscription invoice');
      const ref = refOf(invoice.subscription.id, invoice.subscription.metadata);
      if (!ref) return ignored(NOT_OURS);
      return { kind: 'report', ref, event: { eventId: event.id, kind: 'billing-retry', at: instant(event.created) } };
    }
    case 'customer.subscription.updated':
      return updateReport(event, readSubscription(object));
    case 'customer.subscription.deleted': {
      const subscription = readSubscription(object);
      const ref = refOf(subscription.id, subscription.metadata);
      if (!ref) return ignored(NOT_OURS);
      const at = instant(subscription.endedAt ?? event.created);
      return { kind: 'report', ref, event: { eventId: event.id, kind: 'expire', at } };
    }
    case 'charge.refunded':
      return refundReport(event, stripe);
    default:
      // The endpoint may be subscribed to more than Outpost reads; those are acknowledged, not retried.
      return ignored(`an event Outpost does not read (${event.type})`);
  }
}
