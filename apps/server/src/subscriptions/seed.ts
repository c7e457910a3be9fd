import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { recordInTransaction, type SubscriptionRef } from './subscription-events';
import { recordPaymentInTransaction } from './subscription-payments';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's web subscriber (a game data's demo player): bought premium with a card 25 days ago and
 * turned its renewal off. Its reports have fixed ids, so seeding again adds nothing. (The App Store
 * subscriber comes with the store purchases' demo.)
 */
export async function seedSubscriptions(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const day = (n: number) => new Date(now.getTime() + n * DAY).toISOString();
  const web: SubscriptionRef = {
    channel: 'stripe',
    channelId: 'demo-sub-2',
    userId: 'demo-player-2',
    planId: 'monthly',
  };
  await recordInTransaction(db, web, { eventId: 'demo-buy', kind: 'purchase', at: day(-25), until: day(5) }, now);
  await recordInTransaction(db, web, { eventId: 'demo-cancel', kind: 'cancel', at: day(-3) }, now);
  await recordPaymentInTransaction(
    db,
    web,
    { paymentId: 'demo-invoice-2', amountCents: 799, currency: 'USD', paidAt: day(-25) },
    now,
  );
}
