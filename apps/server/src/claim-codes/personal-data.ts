import type { GameDatabase } from '../database';
import { anonymiseColumns, type PersonalDataPart } from '../platform/personal-data';

/**
 * Redemptions: a code's "once per player" is a row per player, so it stays under the anonymous id
 * (a code's uses add up); a batch an admin created keeps them as its creator the same way.
 */
export const claimCodePersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const redemptions = await db
      .selectFrom('claim_code_redemptions')
      .select(['code', 'redeemed_at'])
      .where('user_id', '=', userId)
      .orderBy('redeemed_at')
      .execute();
    return { codesRedeemed: redemptions.map((row) => ({ code: row.code, redeemedAt: row.redeemed_at })) };
  },
  erase: (trx, subject) =>
    anonymiseColumns(trx, { claim_code_redemptions: ['user_id'], claim_code_batches: ['created_by'] }, subject),
};
