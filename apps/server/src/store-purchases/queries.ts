import type { StorePurchase } from '@outpost/contracts/store-purchases/schemas';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import type { StorePurchaseRow } from './tables';

export function toStorePurchase(row: StorePurchaseRow): StorePurchase {
  const takenBack = row.credits_taken_back ?? 0;
  return {
    store: row.store as StorePurchase['store'],
    transactionId: row.transaction_id,
    productId: row.product_id,
    kind: row.kind as StorePurchase['kind'],
    credits: row.credits,
    amountCents: row.amount_cents,
    currency: row.currency,
    purchasedAt: row.purchased_at,
    reversal:
      row.reversal === null || row.reversed_at === null
        ? null
        : {
            kind: row.reversal as 'refund' | 'revoke',
            at: row.reversed_at,
            creditsTakenBack: takenBack,
            creditsAlreadySpent: row.credits === null ? 0 : row.credits - takenBack,
          },
  };
}

/** A player's store purchases, newest first. */
export async function listStorePurchases(db: Kysely<GameDatabase>, userId: string): Promise<StorePurchase[]> {
  const rows = await db
    .selectFrom('store_purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('purchased_at', 'desc')
    .orderBy('transaction_id')
    .execute();
  return rows.map(toStorePurchase);
}
