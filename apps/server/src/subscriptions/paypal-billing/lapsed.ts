import type { Kysely } from 'kysely';
import type { GameDatabase } from '../../database';
import { PayPalError, type PayPalSubscriptionsApi } from '../../payments/index';
import type { JobDefinition } from '../../platform/jobs/runner';
import { recordSubscriptionEvent } from '../subscription-events';

/*
 * The end of a period whose renewal the player turned off. On PayPal the subscription is suspended
 * (channel.ts), which bills nothing but would stay suspended for ever, and PayPal reports nothing
 * when the period it paid for ends; the subscription here stays `cancelled` past its period. Once
 * the period is over, this cancels it on PayPal (final, as the player chose) and records its expiry
 * at the period's end, named by that end, so a second run or a second instance records it once.
 * A subscription the buyer cancelled on PayPal ends here the same way.
 */

export const PAYPAL_LAPSED_JOB = 'paypal-lapsed-subscriptions';

/** Subscriptions looked at in one run; the next run takes the rest. */
const BATCH = 100;

export async function endLapsedSubscriptions(
  paypal: Pick<PayPalSubscriptionsApi, 'getSubscription' | 'cancelSubscription'>,
  game: Kysely<GameDatabase>,
  now = new Date(),
): Promise<number> {
  const lapsed = await game
    .selectFrom('subscriptions')
    .select(['subscription_id', 'user_id', 'period_end'])
    .where('channel', '=', 'paypal')
    .where('state', '=', 'cancelled')
    .where('period_end', '<', now.toISOString())
    .orderBy('period_end')
    .limit(BATCH)
    .execute();
  let ended = 0;
  for (const row of lapsed) {
    const channelId = row.subscription_id.slice('paypal:'.length);
    const subscription = await paypal.getSubscription(channelId);
    // Activated again on PayPal: its own event, and its next payment, say so.
    if (subscription.status === 'ACTIVE') continue;
    if (subscription.status === 'SUSPENDED') {
      try {
        await paypal.cancelSubscription(channelId, 'The paid period ended with renewal off');
      } catch (error) {
        if (!(error instanceof PayPalError && error.issue === 'SUBSCRIPTION_STATUS_INVALID')) throw error;
      }
    }
    const periodEnd = row.period_end as string;
    const ref = { channel: 'paypal' as const, channelId, userId: row.user_id };
    await recordSubscriptionEvent(
      game,
      ref,
      { eventId: `period-end:${periodEnd}`, kind: 'expire', at: periodEnd },
      now,
    );
    ended += 1;
  }
  return ended;
}

/** Ends lapsed PayPal subscriptions every hour. */
export function payPalLapsedJob(
  paypal: Pick<PayPalSubscriptionsApi, 'getSubscription' | 'cancelSubscription'>,
  game: Kysely<GameDatabase>,
): JobDefinition {
  return {
    name: PAYPAL_LAPSED_JOB,
    everyMs: 60 * 60 * 1000,
    async run() {
      await endLapsedSubscriptions(paypal, game);
    },
  };
}
