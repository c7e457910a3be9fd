import { SUBSCRIPTION_REFUND_MESSAGES, type SubscriptionChannel } from '@outpost/contracts/subscriptions/schemas';
import type { Kysely } from 'kysely';
import { type AdminChange, adminLogRecord, appendAdminLog } from '../backoffice/index';
import type { GameDatabase } from '../database';
import { SUBSCRIPTION_ADMIN_ACTIONS } from './actions';
import { isRefundable } from './player-subscriptions';
import { PremiumRefusal, type WebBillingChannels } from './renewal';
import { actionTime, recordInTransaction, subscriptionRefOf } from './subscription-events';

/**
 * Staff refund a web subscription's current period, as the terms allow within the current billing
 * cycle: the provider refunds the period's payment and ends the subscription (one idempotency key
 * per period, so a repeat refunds once); then, in one transaction, the admin-log entry and the
 * subscription's refund report, which ends premium at once. The provider's webhook reporting the
 * same refund later folds in beside it.
 */
export async function refundCurrentPeriod(
  db: Kysely<GameDatabase>,
  channels: WebBillingChannels,
  subscriptionId: string,
  change: AdminChange,
  now = new Date(),
): Promise<void> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
  if (!row) throw new PremiumRefusal('not-found', SUBSCRIPTION_REFUND_MESSAGES.notFound(subscriptionId));
  const channel = row.channel as SubscriptionChannel;
  if (channel !== 'stripe' && channel !== 'paypal') {
    throw new PremiumRefusal('aborted', SUBSCRIPTION_REFUND_MESSAGES.store(channel));
  }
  if (!isRefundable(row, now)) throw new PremiumRefusal('aborted', SUBSCRIPTION_REFUND_MESSAGES.outsideCycle);
  const billing = channels[channel];
  if (!billing) {
    throw new PremiumRefusal(
      'unavailable',
      `${channel === 'stripe' ? 'Stripe' : 'PayPal'} is not set up here, so it cannot refund.`,
    );
  }
  const ref = subscriptionRefOf(row);
  await billing.refundCurrentPeriod(ref.channelId, `premium-refund-${row.subscription_id}-${row.period_end}`);
  await db.transaction().execute(async (trx) => {
    await appendAdminLog(
      trx,
      adminLogRecord(change, SUBSCRIPTION_ADMIN_ACTIONS.refund, {
        subscriptionId,
        userID: row.user_id,
        channel,
        periodEnd: row.period_end,
      }),
    );
    await recordInTransaction(
      trx,
      ref,
      { eventId: `staff-refund:${row.period_end}`, kind: 'refund', at: actionTime(row, now) },
      now,
    );
  });
}
