import type { RedeemCodeResult } from '@outpost/contracts/claim-codes';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { createClaimCodeBatch, findClaimCodeBatch } from '../../claim-codes/queries';
import type { GameDatabase } from '../../database';
import type { SignedIn } from '../../identity/testing';
import { putTestItems } from '../../items/testing';
import { expectPaidOnce, paidOut } from './ledger';
import { addCredits, burst, type CrashWorkload, type CreditsMoved, call, playerRota } from './load';

const CREDITS = 25;
const REWARD = 'crash-badge';
/** Codes many players share, each with a limited number of uses: the first is used up early in the load. */
const SHARED_CODES = { 'crash-a': 10, 'crash-b': 40, 'crash-c': 40 };
const SINGLE_USE_CODES = 40;
/** Players redeeming one code at once. */
const BURST = 3;

export interface PreparedCodes {
  shared: string[];
  singleUse: string[];
}

/** Three shared codes of SHARED_USES uses and a batch of single-use codes, each worth credits and an item. */
export async function prepareClaimCodes(db: Kysely<GameDatabase>): Promise<PreparedCodes> {
  await putTestItems(db, [REWARD]);
  const context = { environment: 'development' as const, admin: 'crash-test' };
  const batch = { type: 'giveaway', credits: CREDITS, rewards: [REWARD] };
  for (const [code, uses] of Object.entries(SHARED_CODES)) {
    await createClaimCodeBatch(
      db,
      { ...batch, batchName: `Shared ${code}`, uses, batchQuantity: 1, customCodeName: code },
      context,
    );
  }
  const singleID = await createClaimCodeBatch(
    db,
    { ...batch, batchName: 'Single use', uses: 1, batchQuantity: SINGLE_USE_CODES },
    context,
  );
  const single = await findClaimCodeBatch(db, singleID);
  return { shared: Object.keys(SHARED_CODES), singleUse: single?.availableCodes ?? [] };
}

/**
 * Code redemptions, several players at once on one code (shared codes, single-use codes): every
 * acknowledged redemption is stored; a code's uses never go past its limit and each use is one
 * redemption row with its ledger credit and its item, nothing else in the ledger says redemption,
 * and a batch is unavailable exactly when its codes are used up.
 */
export function claimCodeLoad(players: readonly SignedIn[], codes: PreparedCodes): CrashWorkload {
  const next = playerRota(players);
  const redeemed: { code: string; userId: string }[] = [];
  let turns = 0;
  return {
    name: 'code redemptions',
    async turn(server) {
      const n = turns;
      turns += 1;
      const pool = n % 2 === 0 ? codes.shared : codes.singleUse;
      const code = pool[Math.floor(n / 2) % pool.length] as string;
      await burst(next, BURST, async (player) => {
        const answer = await call(server, '/api/account/redeem-code', {
          method: 'POST',
          bearer: player.bearer,
          body: { code },
        });
        if (answer.status === 200)
          redeemed.push({ code: (answer.body as RedeemCodeResult).code, userId: player.userId });
      });
    },
    underWay: () => redeemed.length >= 20,
    async check({ game }) {
      const rows = await game.selectFrom('claim_code_redemptions').select(['code', 'user_id']).execute();
      const stored = await game
        .selectFrom('claim_codes')
        .innerJoin('claim_code_batches', 'claim_code_batches.claim_code_id', 'claim_codes.claim_code_id')
        .select([
          'claim_codes.code',
          'claim_codes.uses_left',
          'claim_code_batches.claim_code_id',
          'claim_code_batches.uses',
        ])
        .execute();
      const paid = await paidOut(game, 'code:');

      const has = new Set(rows.map((row) => `${row.code}/${row.user_id}`));
      expect(
        redeemed.filter(({ code, userId }) => !has.has(`${code}/${userId}`)),
        'acknowledged redemptions missing',
      ).toEqual([]);

      const moved: CreditsMoved = new Map();
      for (const code of stored) {
        const uses = rows.filter((row) => row.code === code.code);
        expect(code.uses_left, `uses left of ${code.code}`).toBeGreaterThanOrEqual(0);
        expect(code.uses - code.uses_left, `uses of ${code.code} against its redemptions`).toBe(uses.length);
        for (const use of uses) {
          const reference = `code:${code.claim_code_id}:${code.code}:${use.user_id}`;
          expectPaidOnce(paid, { reference, userId: use.user_id, credits: CREDITS, items: [REWARD] });
          addCredits(moved, use.user_id, CREDITS);
        }
      }
      expect(paid.credits.length, 'redemption credits against redemptions').toBe(rows.length);
      expect(paid.items.length, 'redemption items against redemptions').toBe(rows.length);

      const batches = await game.selectFrom('claim_code_batches').select(['claim_code_id', 'is_available']).execute();
      for (const batch of batches) {
        const left = stored.some((code) => code.claim_code_id === batch.claim_code_id && code.uses_left > 0);
        expect(batch.is_available, `availability of batch ${batch.claim_code_id}`).toBe(left ? 1 : 0);
      }
      return moved;
    },
  };
}
