import type { Environment } from '@outpost/contracts/environments';
import type { PremiumPlanId } from '@outpost/contracts/subscriptions/schemas';
import { z } from 'zod/mini';
import {
  PayPalError,
  type PayPalPlan,
  type PayPalSubscription,
  type PayPalSubscriptionsApi,
  type PayPalSubscriptionTransaction,
  payPalValueToCents,
} from '../../payments/index';
import type { SubscriptionEvent } from '../state-machine';
import type { SubscriptionRef } from '../subscription-events';
import type { SubscriptionPayment } from '../subscription-payments';
import { premiumProductId, regularCycle } from './catalog';

/*
 * What a PayPal webhook event reports of a premium subscription, as the state machine's reports.
 * The event says what happened and when; PayPal itself, read back, says the rest (whose it is, the
 * plan, the payments and the period they paid for), so a forged or stale field decides nothing.
 *
 * - A payment (PAYMENT.SALE.COMPLETED) is the purchase when it is the subscription's first, a
 *   renewal otherwise, paying until PayPal's next billing time. Its report is named by the sale
 *   (`sale:<id>`), so the ACTIVATED event that brings the same first payment reports it once.
 * - SUSPENDED is renewal turned off (`cancel`: premium runs to the period's end); ACTIVATED after
 *   it is `resume`. A suspended subscription can be activated again; a cancelled one cannot.
 * - BILLING.SUBSCRIPTION.PAYMENT.FAILED is billing retry (PayPal retries, then suspends).
 * - CANCELLED (by the buyer on PayPal, or after a refund) ends it at the paid period's end:
 *   `cancel` while that period runs, `expire` once it is over. EXPIRED is `expire`.
 * - PAYMENT.SALE.REFUNDED is `refund` (named by the refund), which ends premium.
 * - PAYMENT.SALE.REVERSED (a chargeback, or a dispute PayPal decided for the buyer) is `refund` too,
 *   named by the sale (`reversal:<sale id>`), with the whole payment recorded as refunded; PayPal is
 *   told to stop billing (`endBilling`), since the buyer has taken the payment back.
 * - CUSTOMER.DISPUTE.RESOLVED for the buyer (or accepted by the merchant) is that same reversal of
 *   the disputed payment, in case its own PAYMENT.SALE.REVERSED comes late; a dispute opened, or
 *   decided for the merchant or dropped, changes nothing: premium ends only once money went back.
 * Status events are named by PayPal's event id, so a replayed or redelivered event changes nothing.
 * docs/decisions/0127-premium-on-the-web.md gives the reasons.
 */

/** The events Outpost reads; the webhook may be subscribed to more, which are acknowledged and ignored. */
export const PAYPAL_SUBSCRIPTION_EVENT_TYPES = [
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'PAYMENT.SALE.COMPLETED',
  'PAYMENT.SALE.REFUNDED',
  'PAYMENT.SALE.REVERSED',
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.RESOLVED',
] as const;
type PayPalSubscriptionEventType = (typeof PAYPAL_SUBSCRIPTION_EVENT_TYPES)[number];

const isoTime = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date and time'));

/** A webhook event's envelope: the fields every event has. */
export const payPalEventSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255)),
  event_type: z.string().check(z.minLength(1), z.maxLength(255)),
  create_time: isoTime,
  resource: z.record(z.string(), z.unknown()),
});
export type PayPalEvent = z.infer<typeof payPalEventSchema>;

const subscriptionResource = z.object({ id: z.string().check(z.minLength(1)) });
const saleResource = z.object({
  id: z.string().check(z.minLength(1)),
  create_time: isoTime,
  amount: z.object({ total: z.string(), currency: z.string() }),
  billing_agreement_id: z.optional(z.string()),
});
const refundResource = z.object({
  id: z.string().check(z.minLength(1)),
  create_time: isoTime,
  amount: z.object({ total: z.string(), currency: z.string() }),
  sale_id: z.string().check(z.minLength(1)),
});
/** A reversal's resource: the sale itself (state `reversed`), or, in PayPal's older samples, a refund of it. */
const reversalResource = z.object({
  id: z.string().check(z.minLength(1)),
  sale_id: z.optional(z.string().check(z.minLength(1))),
  update_time: z.optional(isoTime),
});
const disputeResource = z.object({
  dispute_id: z.string().check(z.minLength(1)),
  update_time: z.optional(isoTime),
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.optional(z.string()) })),
  dispute_amount: z.optional(z.object({ value: z.string() })),
  dispute_outcome: z.optional(
    z.object({ outcome_code: z.string(), amount_refunded: z.optional(z.object({ value: z.string() })) }),
  ),
});
const DISPUTE_OPENED = 'a dispute opened moves no money: premium holds until it is decided';
/** The outcomes of a dispute that give the buyer their money back from the merchant. */
const FOR_THE_BUYER = new Set(['RESOLVED_BUYER_FAVOUR', 'ACCEPTED']);

export type ReadApi = Pick<
  PayPalSubscriptionsApi,
  'getSubscription' | 'getPlan' | 'listSubscriptionTransactions' | 'getSale'
>;

/** What is refunded of a sale in all, as the subscription payments keep it. */
export interface SaleRefund {
  paymentId: string;
  refundedCents: number;
  at: string;
}

/** The money an event brings: a period's payment (the revenue's gross), or a refund of one. */
export interface EventMoney {
  payment?: SubscriptionPayment;
  refund?: SaleRefund;
  /** The buyer took a payment back: PayPal should bill this subscription no more. */
  endBilling?: boolean;
}

export type Interpretation =
  | { kind: 'ignored'; reason: string }
  | ({ kind: 'reports'; ref: SubscriptionRef; reports: SubscriptionEvent[] } & EventMoney);

/** Statuses of a payment that went through (a refund or a reversal later does not undo that it was made). */
const PAID = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);
const DAY = 86_400_000;

/** Outpost's plan a PayPal plan sells, by its period (catalog.ts makes one plan per period and price). */
const PLAN_IDS: Record<string, PremiumPlanId> = { MONTH: 'monthly', YEAR: 'annual' };

export interface EventReader {
  interpret(event: PayPalEvent): Promise<Interpretation>;
}

export function payPalEventReader(paypal: ReadApi, environment: Environment): EventReader {
  const productId = premiumProductId(environment);
  // A plan's product and period never change, so each plan is read once.
  const plans = new Map<string, Promise<PayPalPlan>>();
  const planOf = (planId: string) => {
    const known = plans.get(planId);
    if (known) return known;
    const read = paypal.getPlan(planId).catch((error: unknown) => {
      plans.delete(planId);
      throw error;
    });
    plans.set(planId, read);
    return read;
  };

  /** The subscription the event is about, by the resource's own field (a refund's or a dispute's through its sale). */
  async function subscriptionIdOf(type: PayPalSubscriptionEventType, resource: unknown): Promise<string | undefined> {
    if (type === 'PAYMENT.SALE.COMPLETED') return parse(saleResource, resource).billing_agreement_id;
    if (type === 'PAYMENT.SALE.REFUNDED') {
      return (await paypal.getSale(parse(refundResource, resource).sale_id)).billing_agreement_id;
    }
    if (type === 'PAYMENT.SALE.REVERSED') {
      const reversal = parse(reversalResource, resource);
      return (await paypal.getSale(reversal.sale_id ?? reversal.id)).billing_agreement_id;
    }
    if (type === 'CUSTOMER.DISPUTE.CREATED' || type === 'CUSTOMER.DISPUTE.RESOLVED') {
      const saleId = disputedSaleOf(parse(disputeResource, resource));
      return saleId === undefined ? undefined : subscriptionOfSale(saleId);
    }
    return parse(subscriptionResource, resource).id;
  }

  /** A disputed payment's subscription; none when it is not a sale (a checkout order's capture, say). */
  async function subscriptionOfSale(saleId: string): Promise<string | undefined> {
    try {
      return (await paypal.getSale(saleId)).billing_agreement_id;
    } catch (error) {
      if (error instanceof PayPalError && error.status === 404) return undefined;
      throw error;
    }
  }

  return {
    async interpret(event) {
      const type = PAYPAL_SUBSCRIPTION_EVENT_TYPES.find((each) => each === event.event_type);
      if (type === undefined) return { kind: 'ignored', reason: `Outpost does not read ${event.event_type} events` };
      const unmoved = moneyNotMoved(type, event.resource);
      if (unmoved !== undefined) return { kind: 'ignored', reason: unmoved };
      const subscriptionId = await subscriptionIdOf(type, event.resource);
      if (subscriptionId === undefined) return { kind: 'ignored', reason: 'the payment is not a subscription’s' };
      const subscription = await paypal.getSubscription(subscriptionId);
      const plan = subscription.plan_id === undefined ? undefined : await planOf(subscription.plan_id);
      if (plan?.product_id !== productId) {
        return { kind: 'ignored', reason: `the subscription is not to ${productId}` };
      }
      const userId = subscription.custom_id;
      if (userId === undefined || userId === '')
        return { kind: 'ignored', reason: 'the subscription has no custom_id' };
      const planId = PLAN_IDS[regularCycle(plan)?.frequency?.interval_unit ?? ''];
      const ref: SubscriptionRef = {
        channel: 'paypal',
        channelId: subscriptionId,
        userId,
        ...(planId ? { planId } : {}),
      };

      const paid = await paidTransactions(paypal, subscription);
      /** Until when a payment made at `time` pays: the next billing time for the latest, a period on otherwise. */
      const paidUntil = (payment: PayPalSubscriptionTransaction) => {
        const next = subscription.billing_info?.next_billing_time;
        const latest = paid.at(-1)?.id === payment.id;
        if (
          latest &&
          subscription.status === 'ACTIVE' &&
          next !== undefined &&
          Date.parse(next) > Date.parse(payment.time)
        ) {
          return next;
        }
        return periodAfter(payment.time, plan);
      };
      const purchase = (first: PayPalSubscriptionTransaction): SubscriptionEvent => ({
        eventId: `sale:${first.id}`,
        kind: 'purchase',
        at: first.time,
        until: paidUntil(first),
      });
      const at = event.create_time;
      const status = (kind: SubscriptionEvent['kind']): SubscriptionEvent[] => [{ eventId: event.id, kind, at }];
      const reports = (list: SubscriptionEvent[], money: EventMoney = {}): Interpretation => ({
        kind: 'reports',
        ref,
        reports: list,
        ...money,
      });

      switch (type) {
        case 'PAYMENT.SALE.COMPLETED': {
          const sale = parse(saleResource, event.resource);
          const payment = paid.find((each) => each.id === sale.id) ?? {
            id: sale.id,
            status: 'COMPLETED',
            time: sale.create_time,
          };
          const money = paymentOf(payment, sale.amount);
          if (paid[0] === undefined || paid[0].id === sale.id) return reports([purchase(payment)], money);
          const renewal: SubscriptionEvent = {
            eventId: `sale:${sale.id}`,
            kind: 'renew',
            at: payment.time,
            until: paidUntil(payment),
          };
          return reports([renewal], money);
        }
        case 'BILLING.SUBSCRIPTION.ACTIVATED': {
          const first = paid[0];
          if (first === undefined) {
            return {
              kind: 'ignored',
              reason: 'activated before its first payment, whose own event brings the purchase',
            };
          }
          // Activated after its first payment: activated again after a suspension.
          const again = Date.parse(first.time) < Date.parse(at);
          return reports([purchase(first), ...(again ? status('resume') : [])], paymentOf(first));
        }
        case 'BILLING.SUBSCRIPTION.SUSPENDED':
          return reports(status('cancel'));
        case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED':
          return reports(status('billing-retry'));
        case 'BILLING.SUBSCRIPTION.CANCELLED': {
          const last = paid.at(-1);
          const running = last !== undefined && Date.parse(periodAfter(last.time, plan)) > Date.parse(at);
          return reports(status(running ? 'cancel' : 'expire'));
        }
        case 'BILLING.SUBSCRIPTION.EXPIRED':
          return reports(status('expire'));
        case 'PAYMENT.SALE.REFUNDED': {
          const refund = parse(refundResource, event.resource);
          const sale = paid.find((each) => each.id === refund.sale_id);
          // All of the sale when PayPal shows it refunded; this refund's amount for a partial one.
          const refunded = payPalValueToCents(
            sale?.status === 'REFUNDED' ? sale.amount_with_breakdown?.gross_amount?.value : refund.amount.total,
          );
          const money: EventMoney =
            refunded === undefined
              ? {}
              : { refund: { paymentId: refund.sale_id, refundedCents: refunded, at: refund.create_time } };
          return reports([{ eventId: `refund:${refund.id}`, kind: 'refund', at: refund.create_time }], money);
        }
        case 'PAYMENT.SALE.REVERSED': {
          const reversal = parse(reversalResource, event.resource);
          const saleId = reversal.sale_id ?? reversal.id;
          // A sale-shaped resource's create_time is the payment's own: the reversal is its update.
          const when = reversal.update_time ?? at;
          return reports([reversed(saleId, when)], reversalMoney(saleId, undefined, when));
        }
        case 'CUSTOMER.DISPUTE.CREATED':
          return { kind: 'ignored', reason: DISPUTE_OPENED };
        case 'CUSTOMER.DISPUTE.RESOLVED': {
          const dispute = parse(disputeResource, event.resource);
          const saleId = disputedSaleOf(dispute) ?? '';
          const returned = dispute.dispute_outcome?.amount_refunded?.value ?? dispute.dispute_amount?.value;
          const when = dispute.update_time ?? at;
          return reports([reversed(saleId, when)], reversalMoney(saleId, payPalValueToCents(returned), when));
        }
      }

      /** The buyer has the payment back: premium ends as with a refund, once per sale whichever event says so. */
      function reversed(saleId: string, when: string): SubscriptionEvent {
        return { eventId: `reversal:${saleId}`, kind: 'refund', at: when };
      }

      /** The sale recorded (should its own event not have come yet) and refunded: all of it, or what the dispute returned. */
      function reversalMoney(saleId: string, returnedCents: number | undefined, when: string): EventMoney {
        const sale = paid.find((each) => each.id === saleId);
        const { payment } = sale ? paymentOf(sale) : {};
        const whole = payment?.amountCents;
        const refundedCents = whole === undefined ? returnedCents : Math.min(whole, returnedCents ?? whole);
        return {
          ...(payment ? { payment } : {}),
          ...(refundedCents === undefined ? {} : { refund: { paymentId: saleId, refundedCents, at: when } }),
          endBilling: subscription.status === 'ACTIVE' || subscription.status === 'SUSPENDED',
        };
      }
    },
  };
}

/** Why a dispute event is ignored before anything is read: no money went back to the buyer. */
function moneyNotMoved(type: PayPalSubscriptionEventType, resource: unknown): string | undefined {
  if (type === 'CUSTOMER.DISPUTE.CREATED') return DISPUTE_OPENED;
  if (type !== 'CUSTOMER.DISPUTE.RESOLVED') return undefined;
  const outcome = parse(disputeResource, resource).dispute_outcome?.outcome_code ?? 'NONE';
  return FOR_THE_BUYER.has(outcome) ? undefined : `the dispute ended ${outcome}, with the payment kept`;
}

/** The payment a dispute is about (PayPal's seller_transaction_id: a sale's id for a subscription's payment). */
function disputedSaleOf(dispute: z.infer<typeof disputeResource>): string | undefined {
  return dispute.disputed_transactions.find((each) => each.seller_transaction_id)?.seller_transaction_id;
}

/** A payment as the subscription payments keep it, from PayPal's transaction (or the sale's own amount). */
function paymentOf(payment: PayPalSubscriptionTransaction, sale?: { total: string; currency: string }): EventMoney {
  const gross = payment.amount_with_breakdown?.gross_amount;
  const amount = gross ? { total: gross.value, currency: gross.currency_code } : sale;
  const cents = payPalValueToCents(amount?.total);
  if (cents === undefined || amount === undefined) return {};
  return { payment: { paymentId: payment.id, amountCents: cents, currency: amount.currency, paidAt: payment.time } };
}

/** The subscription's payments that went through, oldest first. */
export async function paidTransactions(
  paypal: Pick<PayPalSubscriptionsApi, 'listSubscriptionTransactions'>,
  subscription: PayPalSubscription,
): Promise<PayPalSubscriptionTransaction[]> {
  const from = Date.parse(subscription.create_time ?? subscription.start_time ?? '1970-01-01T00:00:00Z');
  const transactions = await paypal.listSubscriptionTransactions(subscription.id, {
    start: new Date(from - DAY).toISOString(),
    end: new Date(Date.now() + DAY).toISOString(),
  });
  return transactions
    .filter((transaction) => PAID.has(transaction.status))
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}

/** The end of the billing period starting at `time`, by the plan's regular cycle. */
export function periodAfter(time: string, plan: PayPalPlan): string {
  const frequency = regularCycle(plan)?.frequency;
  const count = frequency?.interval_count ?? 1;
  const date = new Date(time);
  switch (frequency?.interval_unit) {
    case 'YEAR':
      date.setUTCFullYear(date.getUTCFullYear() + count);
      break;
    case 'WEEK':
      date.setUTCDate(date.getUTCDate() + 7 * count);
      break;
    case 'DAY':
      date.setUTCDate(date.getUTCDate() + count);
      break;
    default:
      date.setUTCMonth(date.getUTCMonth() + count);
  }
  return date.toISOString();
}

/** A resource's fields Outpost reads, or a refusal naming the event as unreadable. */
function parse<Schema extends z.ZodMiniType>(schema: Schema, resource: unknown): z.infer<Schema> {
  const parsed = z.safeParse(schema, resource);
  if (!parsed.success) throw new UnreadableEventError('The event does not carry a PayPal resource Outpost can read.');
  return parsed.data;
}

export class UnreadableEventError extends Error {}
