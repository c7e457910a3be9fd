import type { GameDatabase } from '../database';
import { eraseCountedRows, type PersonalDataPart } from '../platform/personal-data';

/**
 * The avatars a player claimed are theirs alone: downloaded, and erased with the account, each
 * avatar's count moving with its claim rows as a claim's does.
 */
export const avatarPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const claims = await db
      .selectFrom('avatar_claims')
      .innerJoin('avatars', 'avatars.avatar_id', 'avatar_claims.avatar_id')
      .select(['avatar_claims.avatar_id', 'avatars.name', 'avatar_claims.claimed_at'])
      .where('avatar_claims.user_id', '=', userId)
      .orderBy('avatar_claims.claimed_at')
      .execute();
    return {
      avatarsClaimed: claims.map((claim) => ({
        avatarID: claim.avatar_id,
        name: claim.name,
        claimedAt: claim.claimed_at,
      })),
    };
  },
  erase: (trx, subject) =>
    eraseCountedRows(
      trx,
      { rows: 'avatar_claims', key: 'avatar_id', counts: 'avatars', count: 'claimed_count' },
      subject,
    ),
};
