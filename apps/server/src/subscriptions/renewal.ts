import { randomUUID } from 'node:crypto';
import {
  PREMIUM_MESSAGES,
  type Premium,
  type SubscriptionChannel,
  type WebSubscriptionChannel,
} from '@outpost/contracts/subscriptions/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { readPremium } from './premium';
import { premiumUntil } from './state-machine';
import { actionTime, recordSubscriptionEvent, statusOf, subscriptionRefOf } from './subscription-events';
import type { WebBillingChannel } from './web-billing';

/** APP_ENV's web channels, where configured. */
export type WebBillingChannels = Partial<Record<WebSubscriptionChannel, WebBillingChannel>>;

/** Why premium's renewal or purchase cannot go ahead; the route answers it in words. */
export class PremiumRefusal extends Error {
  constructor(
    readonly status: 'not-found' | 'aborted' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

const isWeb = (channel: SubscriptionChannel): channel is WebSubscriptionChannel =>
  channel === 'stripe' || channel === 'paypal';

/** The channel a purchase goes through, or why it cannot start: premium already held, the channel not configured. */
export async function channelForPurchase(
  db: Kysely<GameDatabase>,
  channels: WebBillingChannels,
  userId: string,
  channel: WebSubscriptionChannel,
  now = new Date(),
): Promise<WebBillingChannel> {
  if ((await readPremium(db, userId, now)).premium)
    throw new PremiumRefusal('aborted', PREMIUM_MESSAGES.alreadyPremium);
  const billing = channels[channel];
  if (!billing) throw new PremiumRefusal('unavailable', PREMIUM_MESSAGES.channelOff(channel));
  return billing;
}

/**
 * Turns the renewal of the player's premium off (it runs to the period's end: "cancellable for the
 * upcoming month") or back on before the period ends. Only a subscription bought on the web is
 * changed here; a store's is changed in the store. The provider confirms the change first; the
 * subscription then records it at once, so the account page shows it, and the provider's webhook
 * reporting the same change later folds in without moving anything.
 */
export async function changeRenewal(
  db: Kysely<GameDatabase>,
  channels: WebBillingChannels,
  userId: string,
  renew: boolean,
  now = new Date(),
): Promise<Premium> {
  const rows = await db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).execute();
  const at = now.toISOString();
  const holding = rows.find((row) => (premiumUntil(statusOf(row)) ?? '') > at);
  if (!holding) {
    const web = rows.some((row) => isWeb(row.channel as SubscriptionChannel));
    throw new PremiumRefusal('not-found', web ? PREMIUM_MESSAGES.periodOver : PREMIUM_MESSAGES.noWebSubscription);
  }
  const channel = holding.channel as SubscriptionChannel;
  if (!isWeb(channel)) throw new PremiumRefusal('aborted', PREMIUM_MESSAGES.storeSubscription(channel));
  const state = holding.state;
  const already = renew ? state !== 'cancelled' : state === 'cancelled';
  if (already) return readPremium(db, userId, now);
  const billing = channels[channel];
  if (!billing) throw new PremiumRefusal('unavailable', PREMIUM_MESSAGES.channelOff(channel));
  const ref = subscriptionRefOf(holding);
  await billing.setRenewal(ref.channelId, renew);
  await recordSubscriptionEvent(
    db,
    ref,
    { eventId: `account:${randomUUID()}`, kind: renew ? 'resume' : 'cancel', at: actionTime(holding, now) },
    now,
  );
  return readPremium(db, userId, now);
}
