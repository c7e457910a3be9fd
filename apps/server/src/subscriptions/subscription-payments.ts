import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { GameDatabase } from '../database';
import type { RevenueEntry, RevenueSource } from '../domain';
import { holdSubscription, type SubscriptionRef } from './subscription-events';

/*
 * The money of the web's subscriptions: each period a web channel charged (a Stripe invoice paid, a
 * PayPal sale), once per the channel's payment id, and how much of it was refunded. The stores'
 * periods are the store purchases' (store-purchases/), each a transaction of its own.
 */

export interface SubscriptionPayment {
  /** The channel's id of the payment: a Stripe invoice id, a PayPal sale id. */
  paymentId: string;
  amountCents: number;
  /** ISO 4217, any case. */
  currency: string;
  /** ISO 8601. */
  paidAt: string;
}

/** Records a period's payment once; answers whether it was new. */
export async function recordSubscriptionPayment(
  db: Kysely<GameDatabase>,
  ref: SubscriptionRef,
  payment: SubscriptionPayment,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute((trx) => recordPaymentInTransaction(trx, ref, payment, now));
}

/** recordSubscriptionPayment's work, in a transaction the caller holds (the demo seed's). */
export async function recordPaymentInTransaction(
  trx: Kysely<GameDatabase>,
  ref: SubscriptionRef,
  payment: SubscriptionPayment,
  now: Date,
): Promise<boolean> {
  const subscriptionId = await holdSubscription(trx, ref, now);
  const inserted = await trx
    .insertInto('subscription_payments')
    .values({
      channel: ref.channel,
      payment_id: payment.paymentId,
      subscription_id: subscriptionId,
      amount_cents: payment.amountCents,
      currency: payment.currency.toUpperCase(),
      paid_at: new Date(payment.paidAt).toISOString(),
      refunded_cents: 0,
      refunded_at: null,
    })
    .onConflict((conflict) => conflict.columns(['channel', 'payment_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Records what the channel says was refunded of a payment, in all (a provider reports the running
 * total): a repeat or an older report never lowers it.
 */
export async function recordSubscriptionRefund(
  db: Kysely<GameDatabase>,
  refund: { channel: string; paymentId: string; refundedCents: number; at: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('subscription_payments')
    .set({ refunded_cents: refund.refundedCents, refunded_at: new Date(refund.at).toISOString() })
    .where('channel', '=', refund.channel)
    .where('payment_id', '=', refund.paymentId)
    .where('refunded_cents', '<', refund.refundedCents)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The web's subscription payments on the day they were made, and their refunds on the day of the refund. */
export const subscriptionRevenue: RevenueSource = async (game, { since, until }) => {
  const money = (time: 'paid_at' | 'refunded_at', cents: 'amount_cents' | 'refunded_cents') =>
    game
      .selectFrom('subscription_payments')
      .select([
        sql<string>`substr(${sql.ref(time)}, 1, 10)`.as('day'),
        'channel',
        'currency',
        sql<number | string>`sum(${sql.ref(cents)})`.as('cents'),
      ])
      .where(time, '>=', since)
      .where(time, '<', until)
      .groupBy([sql`substr(${sql.ref(time)}, 1, 10)`, 'channel', 'currency'])
      .execute();
  const [paid, refunded] = await Promise.all([
    money('paid_at', 'amount_cents'),
    money('refunded_at', 'refunded_cents'),
  ]);
  const entry = (row: (typeof paid)[number], gross: boolean): RevenueEntry => ({
    day: row.day,
    channel: row.channel as RevenueEntry['channel'],
    currency: row.currency,
    grossCents: gross ? Number(row.cents) : 0,
    refundCents: gross ? 0 : Number(row.cents),
  });
  return [...paid.map((row) => entry(row, true)), ...refunded.map((row) => entry(row, false))];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sub IAPs' share of the web: periods paid in the 24 hours before `now` (new subscriptions and renewals); bounded
 * at `now`, so the 24 hours before are the figure as it stood then.
 */
export async function countRecentSubscriptionPayments(
  { game }: { game: Kysely<GameDatabase> },
  now = new Date(),
): Promise<number> {
  const row = await game
    .selectFrom('subscription_payments')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('paid_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .where('paid_at', '<=', now.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
