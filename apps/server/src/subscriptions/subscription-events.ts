import type {
  PremiumPlanId,
  SubscriptionChannel,
  SubscriptionEventKind,
  SubscriptionState,
} from '@outpost/contracts/subscriptions/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { isPostgres } from '../platform/db/dialect';
import { foldEvents, type SubscriptionEvent, type SubscriptionStatus } from './state-machine';
import type { SubscriptionRow } from './tables';

/** Which subscription a report is about, and whose it is. */
export interface SubscriptionRef {
  channel: SubscriptionChannel;
  /** The channel's own id of the subscription (an original transaction id, a subscription id). */
  channelId: string;
  userId: string;
  /** The plan it is on, where the report says (a web checkout's plan, a store product's). */
  planId?: PremiumPlanId;
}

export const subscriptionIdOf = (ref: Pick<SubscriptionRef, 'channel' | 'channelId'>) =>
  `${ref.channel}:${ref.channelId}`;

/** The reference of a stored subscription, its channel's own id read back out of the id subscriptionIdOf made. */
export function subscriptionRefOf(row: Pick<SubscriptionRow, 'subscription_id' | 'channel' | 'user_id'>) {
  const channel = row.channel as SubscriptionChannel;
  return {
    channel,
    channelId: row.subscription_id.slice(channel.length + 1),
    userId: row.user_id,
  } satisfies SubscriptionRef;
}

/** Times as the fold compares them: ISO 8601 in UTC to the millisecond, one spelling for one instant. */
const instant = (iso: string) => new Date(iso).toISOString();

/**
 * Records one report of a channel and folds the subscription's reports again, in one transaction
 * that holds the subscription's row: a report already recorded (the same id) changes nothing, and
 * reports racing from the store and from the game are folded one after the other, each over all
 * before it. Answers whether the report was new and the state after it.
 */
export function recordSubscriptionEvent(
  db: Kysely<GameDatabase>,
  ref: SubscriptionRef,
  event: SubscriptionEvent,
  now = new Date(),
): Promise<{ recorded: boolean; status: SubscriptionStatus }> {
  return db.transaction().execute((trx) => recordInTransaction(trx, ref, event, now));
}

/**
 * The subscription's row, made on its first report, and held to the end of the transaction:
 * PostgreSQL runs one report of a subscription at a time (SQLite one write transaction at a time).
 */
export async function holdSubscription(trx: Kysely<GameDatabase>, ref: SubscriptionRef, now: Date): Promise<string> {
  const subscriptionId = subscriptionIdOf(ref);
  await trx
    .insertInto('subscriptions')
    .values({
      subscription_id: subscriptionId,
      user_id: ref.userId,
      channel: ref.channel,
      state: null,
      period_end: null,
      grace_end: null,
      last_event_at: null,
      updated_at: now.toISOString(),
      plan_id: ref.planId ?? null,
    })
    .onConflict((conflict) => conflict.column('subscription_id').doNothing())
    .execute();
  await trx
    .selectFrom('subscriptions')
    .select('subscription_id')
    .where('subscription_id', '=', subscriptionId)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .executeTakeFirstOrThrow();
  return subscriptionId;
}

/** recordSubscriptionEvent's work, in a transaction the caller holds (the demo seed's). */
export async function recordInTransaction(
  trx: Kysely<GameDatabase>,
  ref: SubscriptionRef,
  event: SubscriptionEvent,
  now = new Date(),
): Promise<{ recorded: boolean; status: SubscriptionStatus }> {
  const subscriptionId = await holdSubscription(trx, ref, now);
  const at = now.toISOString();
  const inserted = await trx
    .insertInto('subscription_events')
    .values({
      subscription_id: subscriptionId,
      event_id: event.eventId,
      kind: event.kind,
      at: instant(event.at),
      until: event.until === undefined ? null : instant(event.until),
      received_at: at,
    })
    .onConflict((conflict) => conflict.columns(['subscription_id', 'event_id']).doNothing())
    .executeTakeFirst();
  const recorded = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  const rows = await trx
    .selectFrom('subscription_events')
    .select(['event_id', 'kind', 'at', 'until'])
    .where('subscription_id', '=', subscriptionId)
    .execute();
  const status = foldEvents(
    rows.map((row) => ({
      eventId: row.event_id,
      kind: row.kind as SubscriptionEventKind,
      at: row.at,
      until: row.until ?? undefined,
    })),
  );
  if (recorded) {
    await trx
      .updateTable('subscriptions')
      .set({
        state: status.state,
        period_end: status.periodEnd,
        grace_end: status.graceEnd,
        last_event_at: status.lastEventAt,
        updated_at: at,
        ...(ref.planId ? { plan_id: ref.planId } : {}),
      })
      .where('subscription_id', '=', subscriptionId)
      .execute();
  }
  return { recorded, status };
}

/**
 * When an action taken on a subscription as it stands (staff's refund, the player's renewal change)
 * happened, for the fold: now, or just after the latest report when a channel's clock runs ahead of
 * ours, since the action answered the state that report made.
 */
export function actionTime(row: Pick<SubscriptionRow, 'last_event_at'>, now: Date): string {
  const latest = row.last_event_at === null ? Number.NEGATIVE_INFINITY : Date.parse(row.last_event_at) + 1;
  return new Date(Math.max(now.getTime(), latest)).toISOString();
}

/** A stored subscription's state, as the fold left it. */
export function statusOf(row: SubscriptionRow): SubscriptionStatus {
  return {
    state: row.state as SubscriptionState | null,
    periodEnd: row.period_end,
    graceEnd: row.grace_end,
    lastEventAt: row.last_event_at,
  };
}

/** A subscription as stored, or undefined. */
export async function findSubscription(
  db: Kysely<GameDatabase>,
  ref: Pick<SubscriptionRef, 'channel' | 'channelId'>,
): Promise<(SubscriptionStatus & { userId: string }) | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('subscription_id', '=', subscriptionIdOf(ref))
    .executeTakeFirst();
  return row ? { userId: row.user_id, ...statusOf(row) } : undefined;
}
