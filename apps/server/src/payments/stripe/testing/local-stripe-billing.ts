import { type Answer, copy, invalid, ok, randomId, refused, stringRecord } from './stripe-wire';

/*
 * The local Stripe's Billing (local-stripe.ts serves it): what a Checkout Session in subscription
 * mode makes when paid (a Customer, a Subscription, its first Invoice paid by a PaymentIntent), the
 * Subscription's API (read, turn renewal off or on, cancel now), Invoices and Invoice Payments, and
 * what Stripe does later on its own clock (renew, a failed renewal, the end of a cancelled period),
 * each raising the events Stripe sends for it. Objects are written as the SDK's API version writes
 * them: the period on the subscription's item (items.data[0].current_period_end), the invoice's
 * subscription under parent.subscription_details, its payments in Invoice Payments only.
 */

export type BillingEventType =
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'charge.refunded';

export type Interval = 'day' | 'week' | 'month' | 'year';

export interface RecurringPriceJson {
  id: string;
  object: 'price';
  active: true;
  currency: string;
  product: string;
  recurring: { interval: Interval; interval_count: 1 };
  type: 'recurring';
  unit_amount: number;
}

export interface SubscriptionJson {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  ended_at: number | null;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      created: number;
      current_period_end: number;
      current_period_start: number;
      metadata: Record<string, string>;
      price: RecurringPriceJson;
      quantity: 1;
      subscription: string;
    }[];
    has_more: false;
    url: string;
  };
  latest_invoice: string;
  livemode: false;
  metadata: Record<string, string>;
  start_date: number;
  status: 'active' | 'past_due' | 'canceled';
}

export interface InvoiceJson {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  lines: {
    object: 'list';
    data: {
      id: string;
      object: 'line_item';
      amount: number;
      currency: string;
      description: string;
      invoice: string;
      parent: {
        type: 'subscription_item_details';
        subscription_item_details: {
          invoice_item: null;
          proration: false;
          proration_details: null;
          subscription: string;
          subscription_item: string;
        };
      };
      period: { start: number; end: number };
      quantity: 1;
    }[];
    has_more: false;
    url: string;
  };
  livemode: false;
  metadata: Record<string, string>;
  next_payment_attempt: number | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Record<string, string>; subscription: string };
  };
  period_end: number;
  period_start: number;
  status: 'open' | 'paid';
  status_transitions: { finalized_at: number; paid_at: number | null };
  total: number;
}

export interface InvoicePaymentJson {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: true;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid';
  status_transitions: { canceled_at: null; paid_at: number | null };
}

/** A payment as the local Stripe keeps it (its charge is `ch_` with the same tail). */
export interface PaymentIntent {
  id: string;
  amount: number;
  currency: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  refunded: number;
  customer: string | null;
}

export interface BillingContext {
  /** Stripe's clock for Billing, in Unix seconds (tests move it on as a test clock does). */
  now(): number;
  /** Moves Stripe's clock to at least `unix`. */
  reach(unix: number): void;
  intents: Map<string, PaymentIntent>;
  /** Raises an event Stripe sends (kept, and delivered to the endpoints that take its type). */
  raise(type: BillingEventType, object: unknown, previousAttributes?: Record<string, unknown>): void;
}

/** What paying a subscription-mode session made. */
export interface StartedSubscription {
  customer: string;
  subscription: string;
  invoice: string;
}

const DAY_S = 24 * 60 * 60;

/** One period after `start`, as Stripe bills: the same day of the next month or year (day and week exactly). */
export function periodEnd(start: number, interval: Interval): number {
  const date = new Date(start * 1000);
  if (interval === 'day') return start + DAY_S;
  if (interval === 'week') return start + 7 * DAY_S;
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

const SUBSCRIPTION_PATH = /^\/v1\/subscriptions\/([^/]+)$/;
const INVOICE_PATH = /^\/v1\/invoices\/([^/]+)$/;

export function localBilling(context: BillingContext) {
  const subscriptions = new Map<string, SubscriptionJson>();
  const invoices = new Map<string, InvoiceJson>();
  const payments = new Map<string, InvoicePaymentJson>();
  const emails = new Map<string, string | null>();

  function subscriptionOf(id: string): SubscriptionJson {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`No local Stripe subscription ${id}`);
    return subscription;
  }

  /** An invoice for the subscription's current period, paid (or failed) by a new PaymentIntent. */
  function invoiceFor(
    subscription: SubscriptionJson,
    reason: InvoiceJson['billing_reason'],
    paid: boolean,
    previousPeriod: { start: number; end: number },
  ): InvoiceJson {
    const item = subscription.items.data[0] as SubscriptionJson['items']['data'][number];
    const now = context.now();
    const amount = item.price.unit_amount;
    const id = `in_${randomId(24)}`;
    const intent: PaymentIntent = {
      id: `pi_${randomId(24)}`,
      amount,
      currency: subscription.currency,
      status: paid ? 'succeeded' : 'requires_payment_method',
      refunded: 0,
      customer: subscription.customer,
    };
    context.intents.set(intent.id, intent);
    const invoice: InvoiceJson = {
      id,
      object: 'invoice',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now,
      currency: subscription.currency,
      customer: subscription.customer,
      customer_email: emails.get(subscription.customer) ?? null,
      lines: {
        object: 'list',
        data: [
          {
            id: `il_${randomId(24)}`,
            object: 'line_item',
            amount,
            currency: subscription.currency,
            description: `1 × premium (at ${amount} / ${item.price.recurring.interval})`,
            invoice: id,
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                proration_details: null,
                subscription: subscription.id,
                subscription_item: item.id,
              },
            },
            period: { start: item.current_period_start, end: item.current_period_end },
            quantity: 1,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      // Stripe retries a failed renewal (Smart Retries); the first retry a few days on.
      next_payment_attempt: paid ? null : now + 3 * DAY_S,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      // An invoice's own period is the one before its lines' (Stripe's quirk for subscription invoices).
      period_end: previousPeriod.end,
      period_start: previousPeriod.start,
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: now, paid_at: paid ? now : null },
      total: amount,
    };
    invoices.set(id, invoice);
    const payment: InvoicePaymentJson = {
      id: `inpay_${randomId(24)}`,
      object: 'invoice_payment',
      amount_paid: paid ? amount : null,
      amount_requested: amount,
      created: now,
      currency: subscription.currency,
      invoice: id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: paid ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: paid ? now : null },
    };
    payments.set(payment.id, payment);
    subscription.latest_invoice = id;
    return invoice;
  }

  /** The subscription's item moves to the next period, from the end of the current one. */
  function nextPeriod(subscription: SubscriptionJson): { start: number; end: number } {
    const item = subscription.items.data[0] as SubscriptionJson['items']['data'][number];
    const previous = { start: item.current_period_start, end: item.current_period_end };
    item.current_period_start = previous.end;
    item.current_period_end = periodEnd(previous.end, item.price.recurring.interval);
    return previous;
  }

  function runningOf(id: string, action: string): SubscriptionJson {
    const subscription = subscriptionOf(id);
    if (subscription.status === 'canceled') throw new Error(`Subscription ${id} is canceled; cannot ${action}`);
    return subscription;
  }

  function updateRenewal(subscription: SubscriptionJson, cancel: boolean): void {
    if (subscription.cancel_at_period_end === cancel) return;
    const previous = {
      cancel_at: subscription.cancel_at,
      cancel_at_period_end: subscription.cancel_at_period_end,
      canceled_at: subscription.canceled_at,
    };
    const item = subscription.items.data[0] as SubscriptionJson['items']['data'][number];
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? item.current_period_end : null;
    subscription.canceled_at = cancel ? context.now() : null;
    context.raise('customer.subscription.updated', copy(subscription), previous);
  }

  function cancelNow(subscription: SubscriptionJson): void {
    const now = context.now();
    subscription.status = 'canceled';
    subscription.canceled_at ??= now;
    subscription.ended_at = now;
    context.raise('customer.subscription.deleted', copy(subscription));
  }

  /** GET /v1/invoice_payments: by invoice, or by the PaymentIntent that paid it. */
  function listPayments(params: Record<string, unknown>): Answer {
    const filter = (params.payment ?? {}) as Record<string, unknown>;
    if (filter.payment_intent !== undefined && filter.type !== 'payment_intent') {
      return invalid(400, 'Missing required param: payment[type].', 'parameter_missing', 'payment[type]');
    }
    const data = [...payments.values()].filter(
      (payment) =>
        (params.invoice === undefined || payment.invoice === params.invoice) &&
        (filter.payment_intent === undefined || payment.payment.payment_intent === filter.payment_intent),
    );
    return ok({ object: 'list', data: copy(data), has_more: false, url: '/v1/invoice_payments' });
  }

  return {
    subscription: (id: string) => copy(subscriptionOf(id)),
    invoice(id: string): InvoiceJson {
      const invoice = invoices.get(id);
      if (!invoice) throw new Error(`No local Stripe invoice ${id}`);
      return copy(invoice);
    },

    /** A subscription-mode session was paid: its Customer, Subscription and first Invoice, paid. */
    start(
      session: { customer_email: string | null; currency: string },
      price: RecurringPriceJson,
      metadata: Record<string, string>,
    ): StartedSubscription {
      const now = context.now();
      const customer = `cus_${randomId(14)}`;
      emails.set(customer, session.customer_email);
      const id = `sub_${randomId(24)}`;
      const subscription: SubscriptionJson = {
        id,
        object: 'subscription',
        billing_cycle_anchor: now,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        collection_method: 'charge_automatically',
        created: now,
        currency: price.currency,
        customer,
        ended_at: null,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${randomId(14)}`,
              object: 'subscription_item',
              created: now,
              current_period_end: periodEnd(now, price.recurring.interval),
              current_period_start: now,
              metadata: {},
              price: copy(price),
              quantity: 1,
              subscription: id,
            },
          ],
          has_more: false,
          url: `/v1/subscription_items?subscription=${id}`,
        },
        latest_invoice: '',
        livemode: false,
        metadata: { ...metadata },
        start_date: now,
        status: 'active',
      };
      subscriptions.set(id, subscription);
      const invoice = invoiceFor(subscription, 'subscription_create', true, { start: now, end: now });
      context.raise('customer.subscription.created', copy(subscription));
      context.raise('invoice.paid', copy(invoice));
      return { customer, subscription: id, invoice: invoice.id };
    },

    /** The Billing endpoints; undefined for a path that is not Billing's. */
    route(method: string, path: string, params: Record<string, unknown>): Answer | undefined {
      if (method === 'GET' && path === '/v1/invoice_payments') return listPayments(params);
      const invoiceMatch = INVOICE_PATH.exec(path);
      if (method === 'GET' && invoiceMatch?.[1]) {
        const invoice = invoices.get(invoiceMatch[1]);
        return invoice ? ok(copy(invoice)) : invalid(404, `No such invoice: '${invoiceMatch[1]}'`, 'resource_missing');
      }
      const match = SUBSCRIPTION_PATH.exec(path);
      if (!match?.[1]) return undefined;
      const subscription = subscriptions.get(match[1]);
      if (!subscription) return invalid(404, `No such subscription: '${match[1]}'`, 'resource_missing', 'id');
      if (method === 'GET') return ok(copy(subscription));
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          return refused(400, `A canceled subscription can not be canceled again: '${subscription.id}'.`);
        }
        cancelNow(subscription);
        return ok(copy(subscription));
      }
      if (method !== 'POST') return undefined;
      if (subscription.status === 'canceled') {
        return refused(400, 'A canceled subscription can only update its cancellation_details and metadata.');
      }
      const cancel = params.cancel_at_period_end;
      if (cancel !== undefined && cancel !== 'true' && cancel !== 'false') {
        return invalid(
          400,
          'Invalid boolean: cancel_at_period_end',
          'parameter_invalid_boolean',
          'cancel_at_period_end',
        );
      }
      if (params.metadata !== undefined) Object.assign(subscription.metadata, stringRecord(params.metadata));
      if (cancel !== undefined) updateRenewal(subscription, cancel === 'true');
      return ok(copy(subscription));
    },

    /** Stripe renews at the period's end: the clock moves there, a new period is invoiced and paid. */
    renew(id: string): InvoiceJson {
      const subscription = runningOf(id, 'renew');
      if (subscription.cancel_at_period_end) throw new Error(`Subscription ${id} ends at its period's end`);
      const item = subscription.items.data[0] as SubscriptionJson['items']['data'][number];
      const open = subscription.status === 'past_due' ? invoices.get(subscription.latest_invoice) : undefined;
      context.reach(open?.next_payment_attempt ?? item.current_period_end);
      const previous = { status: subscription.status, items: copy(subscription.items) };
      let invoice: InvoiceJson;
      if (open?.status === 'open') {
        // A retry of the failed renewal succeeds: the open invoice is paid.
        const now = context.now();
        invoice = open;
        invoice.status = 'paid';
        invoice.amount_paid = invoice.amount_due;
        invoice.amount_remaining = 0;
        invoice.attempt_count += 1;
        invoice.next_payment_attempt = null;
        invoice.status_transitions.paid_at = now;
        for (const payment of payments.values()) {
          if (payment.invoice !== invoice.id) continue;
          payment.status = 'paid';
          payment.amount_paid = invoice.amount_due;
          payment.status_transitions.paid_at = now;
          const intent = context.intents.get(payment.payment.payment_intent);
          if (intent) intent.status = 'succeeded';
        }
      } else {
        invoice = invoiceFor(subscription, 'subscription_cycle', true, nextPeriod(subscription));
      }
      subscription.status = 'active';
      context.raise('invoice.paid', copy(invoice));
      context.raise('customer.subscription.updated', copy(subscription), previous);
      return copy(invoice);
    },

    /** The renewal's payment fails: the new period's invoice stays open, the subscription is past_due. */
    failRenewal(id: string): InvoiceJson {
      const subscription = runningOf(id, 'fail its renewal');
      if (subscription.cancel_at_period_end) throw new Error(`Subscription ${id} ends at its period's end`);
      const item = subscription.items.data[0] as SubscriptionJson['items']['data'][number];
      context.reach(item.current_period_end);
      const previous = { status: subscription.status, items: copy(subscription.items) };
      const invoice = invoiceFor(subscription, 'subscription_cycle', false, nextPeriod(subscription));
      subscription.status = 'past_due';
      context.raise('invoice.payment_failed', copy(invoice));
      context.raise('customer.subscription.updated', copy(subscription), previous);
      return copy(invoice);
    },

    /**
     * The subscription ends on its own: a cancelled one at its period's end, a past_due one when
     * Stripe's retries ran out (the clock moves there); customer.subscription.deleted follows.
     */
    end(id: string): SubscriptionJson {
      const subscription = runningOf(id, 'end');
      const item = subscription.items.data[0] as SubscriptionJson['items']['data'][number];
      if (subscription.status === 'active' && !subscription.cancel_at_period_end) {
        throw new Error(`Subscription ${id} renews at its period's end; turn its renewal off first`);
      }
      context.reach(subscription.status === 'past_due' ? context.now() + 14 * DAY_S : item.current_period_end);
      cancelNow(subscription);
      return copy(subscription);
    },

    /** Whose invoice a PaymentIntent paid, if a subscription's. */
    invoiceOfIntent(intentID: string): InvoiceJson | undefined {
      const payment = [...payments.values()].find((each) => each.payment.payment_intent === intentID);
      return payment && invoices.get(payment.invoice);
    },
  };
}

export type LocalBilling = ReturnType<typeof localBilling>;
