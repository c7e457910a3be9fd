import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { GameDatabase } from '../../database';
import type { SignedIn } from '../../identity/testing';
import { credit, getBalance } from '../../ledger/index';
import type { CreditsMoved } from './load';

/** Every player's starting credits, granted before the load. */
export async function grantStartingCredits(
  db: Kysely<GameDatabase>,
  players: readonly SignedIn[],
  credits: number,
): Promise<void> {
  for (const player of players) {
    await credit(db, { userId: player.userId, amount: credits, reason: 'reward', reference: `crash:${player.userId}` });
  }
}

/** What was paid out under the references starting with `prefix`: ledger credits and inventory items. */
export async function paidOut(db: Kysely<GameDatabase>, prefix: string) {
  const [credits, items] = await Promise.all([
    db
      .selectFrom('credit_ledger')
      .select(['user_id', 'amount', 'reference'])
      .where('reference', 'like', `${prefix}%`)
      .execute(),
    db
      .selectFrom('claimed_items')
      .select(['user_id', 'item_id', 'reference'])
      .where('reference', 'like', `${prefix}%`)
      .execute(),
  ]);
  return { credits, items };
}

/** One write's payout: exactly one ledger credit and one grant of each item under its reference. */
export function expectPaidOnce(
  paid: Awaited<ReturnType<typeof paidOut>>,
  payout: { reference: string; userId: string; credits: number; items: readonly string[] },
): void {
  const { reference, userId } = payout;
  expect(
    paid.credits.filter((row) => row.reference === reference),
    `credits of ${reference}`,
  ).toEqual([{ user_id: userId, amount: payout.credits, reference }]);
  expect(
    paid.items.filter((row) => row.reference === reference),
    `items of ${reference}`,
  ).toEqual(payout.items.map((itemID) => ({ user_id: userId, item_id: itemID, reference })));
}

/**
 * The ledger balanced after the kill: each player's balance is the sum of their ledger rows, and
 * is their starting credits moved by exactly what the workloads' stored rows account for (a spin's
 * price, a paid order, a redemption, a join reward), so no charge or credit is missing or extra.
 */
export async function checkLedger(
  db: Kysely<GameDatabase>,
  players: readonly SignedIn[],
  startingCredits: number,
  moved: readonly CreditsMoved[],
): Promise<void> {
  for (const player of players) {
    const ledger = await db.selectFrom('credit_ledger').select('amount').where('user_id', '=', player.userId).execute();
    const balance = await getBalance(db, player.userId);
    expect(
      ledger.reduce((sum, row) => sum + row.amount, 0),
      `ledger of ${player.userId}`,
    ).toBe(balance);
    const expected = moved.reduce((sum, each) => sum + (each.get(player.userId) ?? 0), startingCredits);
    expect(balance, `balance of ${player.userId} against the stored writes`).toBe(expected);
  }
}
