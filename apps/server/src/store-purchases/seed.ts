import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { grantInTransaction, reverseInTransaction } from './purchases';
import type { VerifiedStoreTransaction } from './store-report';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The demo's store purchases (the game data's demo players): one bought premium in the App Store
 * ten days ago and a credit pack in Google Play; another bought a pack in the App Store that Apple
 * refunded after part of it was spent. Fixed transaction ids, so seeding again adds nothing.
 */
export async function seedStorePurchases(db: Kysely<GameDatabase>, now: Date): Promise<void> {
  const day = (n: number) => new Date(now.getTime() + n * DAY).toISOString();
  const grant = (transaction: VerifiedStoreTransaction, userId: string) =>
    grantInTransaction(db, { transaction, subscriptionReports: [] }, userId, now);
  await grant(
    {
      store: 'app-store',
      transactionId: 'demo-otx-1',
      subscriptionId: 'demo-otx-1',
      productId: 'premium.monthly',
      type: 'subscription',
      purchasedAt: day(-10),
      expiresAt: day(20),
      amount: { cents: 799, currency: 'USD' },
      environment: 'sandbox',
    },
    'demo-player-1',
  );
  await grant(
    {
      store: 'google-play',
      transactionId: 'GPA.0000-demo-0001',
      productId: 'explorer',
      type: 'consumable',
      purchasedAt: day(-3),
      amount: { cents: 999, currency: 'USD' },
      environment: 'sandbox',
    },
    'demo-player-1',
  );
  await grant(
    {
      store: 'app-store',
      transactionId: 'demo-tx-3',
      productId: 'starter',
      type: 'consumable',
      purchasedAt: day(-6),
      amount: { cents: 499, currency: 'USD' },
      environment: 'sandbox',
    },
    'demo-player-3',
  );
  await reverseInTransaction(db, { store: 'app-store', transactionId: 'demo-tx-3', kind: 'refund', at: day(-1) }, now);
}
