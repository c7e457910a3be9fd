import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { recordInTransaction, type SubscriptionRef } from './subscription-events';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's subscribers (the game data's demo players): one bought premium in the App Store ten
 * days ago, one on the web with a card and turned its renewal off. Their reports have fixed ids, so
 * seeding again adds nothing.
 */
export async function seedSubscriptions(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const day = (n: number) => new Date(now.getTime() + n * DAY).toISOString();
  const appStore: SubscriptionRef = { channel: 'app-store', channelId: 'demo-otx-1', userId: 'demo-player-1' };
  await recordInTransaction(db, appStore, { eventId: 'demo-buy', kind: 'purchase', at: day(-10), until: day(20) }, now);
  const web: SubscriptionRef = { channel: 'stripe', channelId: 'demo-sub-2', userId: 'demo-player-2' };
  await recordInTransaction(db, web, { eventId: 'demo-buy', kind: 'purchase', at: day(-25), until: day(5) }, now);
  await recordInTransaction(db, web, { eventId: 'demo-cancel', kind: 'cancel', at: day(-3) }, now);
}
