import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { findSubscription, recordSubscriptionEvent } from '../subscriptions/index';
import { answerConsumptionRequest, type SendConsumption } from './consumption';
import { grantStorePurchase, restoreStorePurchase, reverseStorePurchase, StorePurchaseRefusal } from './purchases';
import type { StoreNotification } from './store-report';

/** What reading a store's notification did; answered to the store and kept on its store_notifications row. */
export type NotificationOutcome =
  | 'applied'
  | 'duplicate'
  | 'ignored'
  /** Of a subscription Outpost has not seen yet: the game's report of its purchase will bring it, with the store's status. */
  | 'unknown-player'
  /** A refund or revocation of a transaction Outpost never granted. */
  | 'unknown-transaction'
  /** A transaction of a product Outpost does not sell, or of another player's subscription. */
  | 'refused'
  /** A consumption request answered to the store. */
  | 'answered'
  /** A consumption request kept without an answer (no consent, a transaction Outpost never granted); logged with why. */
  | 'unanswered';

/** What applying a notification may need beyond the database. */
export interface NotificationContext {
  /** The store's endpoint for consumption information, where it has one (the App Store's). */
  sendConsumption?: SendConsumption;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

/**
 * Applies a verified store notification. Everything it does is once-only by itself (a transaction
 * is granted once, a subscription keeps each report once, a reversal happens once), so a store's
 * retries and replays, in any order, change nothing more; the notification's row records the first
 * reading's outcome.
 */
export async function applyStoreNotification(
  game: Kysely<GameDatabase>,
  notification: StoreNotification,
  now = new Date(),
  context: NotificationContext = {},
): Promise<NotificationOutcome> {
  const seen = await game
    .selectFrom('store_notifications')
    .select('outcome')
    .where('store', '=', notification.store)
    .where('notification_id', '=', notification.notificationId)
    .executeTakeFirst();
  if (seen) return 'duplicate';
  const outcome = await apply(game, notification, now, context);
  // Another delivery of it, still being applied, records it (or, failing, leaves it for the store's retry).
  if (outcome === 'duplicate') return outcome;
  await game
    .insertInto('store_notifications')
    .values({
      store: notification.store,
      notification_id: notification.notificationId,
      outcome,
      received_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['store', 'notification_id']).doNothing())
    .execute();
  return outcome;
}

async function apply(
  game: Kysely<GameDatabase>,
  notification: StoreNotification,
  now: Date,
  context: NotificationContext,
): Promise<NotificationOutcome> {
  switch (notification.kind) {
    case 'ignored':
      return 'ignored';
    case 'purchase-reversed': {
      const reversed = await reverseStorePurchase(
        game,
        {
          store: notification.store,
          transactionId: notification.transactionId,
          kind: notification.reversal,
          at: notification.at,
        },
        now,
      );
      return reversed === 'unknown-transaction' ? 'unknown-transaction' : 'applied';
    }
    case 'subscription':
      return applySubscriptionNotification(game, notification, now);
    case 'refund-reversed': {
      const restored = await restoreStorePurchase(game, notification, now);
      // A refund reversed of a purchase already standing changes nothing (the same reversal told twice).
      return restored === 'restored' ? 'applied' : restored === 'not-reversed' ? 'ignored' : 'unknown-transaction';
    }
    case 'consumption-request': {
      const answered = await answerConsumptionRequest(game, notification, context.sendConsumption, now);
      if (answered.answer === 'sent') return 'answered';
      if (answered.answer === 'duplicate') return 'duplicate';
      context.log?.info(
        { store: notification.store, transactionId: notification.transactionId, answer: answered.answer },
        `consumption request not answered: ${answered.why}`,
      );
      return 'unanswered';
    }
  }
}

async function applySubscriptionNotification(
  game: Kysely<GameDatabase>,
  notification: Extract<StoreNotification, { kind: 'subscription' }>,
  now: Date,
): Promise<NotificationOutcome> {
  const ref = { channel: notification.store, channelId: notification.subscriptionId };
  // A subscription is known from the game's report of its purchase, which names the signed-in player;
  // a store's account token alone is never trusted to make a grant (it may name no one here).
  const known = await findSubscription(game, ref);
  if (!known) return 'unknown-player';
  const { userId } = known;
  const { transaction } = notification;
  const paid = notification.event === 'purchase' || notification.event === 'renew';
  if (transaction && paid) {
    // The period it paid for is the transaction's grant, the same as the game's report of it.
    try {
      await grantStorePurchase(game, { transaction, subscriptionReports: [] }, userId, now);
    } catch (error) {
      if (error instanceof StorePurchaseRefusal) return 'refused';
      throw error;
    }
    return 'applied';
  }
  if (transaction && (notification.event === 'refund' || notification.event === 'revoke')) {
    // A period Outpost granted is reversed as a transaction (its revenue, the subscription's end), once.
    const reversed = await reverseStorePurchase(
      game,
      {
        store: notification.store,
        transactionId: transaction.transactionId,
        kind: notification.event,
        at: notification.at,
      },
      now,
    );
    if (reversed !== 'unknown-transaction') return 'applied';
  }
  await recordSubscriptionEvent(
    game,
    { ...ref, userId },
    {
      eventId: `notification:${notification.notificationId}`,
      kind: notification.event,
      at: notification.at,
      until: notification.until,
    },
    now,
  );
  return 'applied';
}
