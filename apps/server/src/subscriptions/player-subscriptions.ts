import type {
  PlayerSubscription,
  PremiumPlanId,
  SubscriptionChannel,
  SubscriptionEventKind,
  SubscriptionState,
} from '@outpost/contracts/subscriptions/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { inOrder, premiumUntil } from './state-machine';
import { statusOf } from './subscription-events';
import type { SubscriptionRow } from './tables';

const WEB: ReadonlySet<string> = new Set(['stripe', 'paypal']);
/** The states of a paid billing cycle under way (a refund's window). */
const IN_CYCLE: ReadonlySet<string> = new Set(['active', 'cancelled']);

/** A web subscription in a paid billing cycle now: the terms let its current period be refunded. */
export function isRefundable(row: SubscriptionRow, now: Date): boolean {
  const until = premiumUntil(statusOf(row));
  return WEB.has(row.channel) && IN_CYCLE.has(row.state ?? '') && until !== null && until > now.toISOString();
}

/** A player's subscriptions on every channel, newest change first, each with its reports and web payments. */
export async function listPlayerSubscriptions(
  db: Kysely<GameDatabase>,
  userId: string,
  now = new Date(),
): Promise<PlayerSubscription[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .execute();
  const ids = rows.map((row) => row.subscription_id);
  if (ids.length === 0) return [];
  const [events, payments] = await Promise.all([
    db.selectFrom('subscription_events').selectAll().where('subscription_id', 'in', ids).execute(),
    db.selectFrom('subscription_payments').selectAll().where('subscription_id', 'in', ids).orderBy('paid_at').execute(),
  ]);
  return rows.map((row) => ({
    subscriptionId: row.subscription_id,
    channel: row.channel as SubscriptionChannel,
    plan: row.plan_id as PremiumPlanId | null,
    state: row.state as SubscriptionState | null,
    periodEnd: row.period_end,
    refundable: isRefundable(row, now),
    history: inOrder(
      events
        .filter((event) => event.subscription_id === row.subscription_id)
        .map((event) => ({
          eventId: event.event_id,
          kind: event.kind as SubscriptionEventKind,
          at: event.at,
          until: event.until ?? undefined,
        })),
    ).map((event) => ({ kind: event.kind, at: event.at, until: event.until ?? null })),
    payments: payments
      .filter((payment) => payment.subscription_id === row.subscription_id)
      .map((payment) => ({
        paymentId: payment.payment_id,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        paidAt: payment.paid_at,
        refundedCents: payment.refunded_cents,
      })),
  }));
}
