import type { Avatar } from '@outpost/contracts/avatars';
import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { isForeignKeyViolation } from '../platform/db/errors';

/** Raised for a claim of an avatar the store does not have. */
export class UnknownAvatarError extends Error {
  constructor(readonly avatarID: string) {
    super(`There is no avatar ${avatarID}.`);
  }
}

/** Every avatar, oldest first, with when `userId` claimed each (null for a visitor or an unclaimed one). */
export async function listAvatars(db: Kysely<GameDatabase>, userId: string | null): Promise<Avatar[]> {
  const rows = await db
    .selectFrom('avatars')
    .leftJoin('avatar_claims', (join) =>
      join
        .onRef('avatar_claims.avatar_id', '=', 'avatars.avatar_id')
        // A visitor matches no claim: '' is no account's id.
        .on('avatar_claims.user_id', '=', userId ?? ''),
    )
    .select([
      'avatars.avatar_id',
      'avatars.name',
      'avatars.description',
      'avatars.created',
      'avatars.claimed_count',
      'avatar_claims.claimed_at',
    ])
    .orderBy('avatars.created')
    .orderBy('avatars.avatar_id')
    .execute();
  return rows.map((row) => ({
    avatarID: row.avatar_id,
    name: row.name,
    description: row.description,
    created: row.created,
    claimedCount: Number(row.claimed_count),
    claimedAt: row.claimed_at ?? null,
  }));
}

export interface AvatarClaimResult {
  claimedAt: string;
  newlyClaimed: boolean;
  claimedCount: number;
}

/**
 * Claims an avatar for a player (docs/product.md §7.1 claim-avatar), once: the claim's primary key (avatar,
 * player) settles concurrent repeats (`ON CONFLICT DO NOTHING` waits for the first to commit), and
 * the avatar's count moves in the same transaction by the rows really inserted, so it always
 * equals the claims. A repeat answers the first claim's time with `newlyClaimed` false.
 */
export async function claimAvatar(
  db: Kysely<GameDatabase>,
  claim: { avatarID: string; userId: string; at: Date },
): Promise<AvatarClaimResult> {
  const { avatarID, userId } = claim;
  try {
    return await db.transaction().execute(async (trx) => {
      const avatar = await trx
        .selectFrom('avatars')
        .select('avatar_id')
        .where('avatar_id', '=', avatarID)
        .executeTakeFirst();
      if (!avatar) throw new UnknownAvatarError(avatarID);
      const inserted = await trx
        .insertInto('avatar_claims')
        .values({ avatar_id: avatarID, user_id: userId, claimed_at: claim.at.toISOString() })
        .onConflict((conflict) => conflict.columns(['avatar_id', 'user_id']).doNothing())
        .executeTakeFirst();
      const newlyClaimed = Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
      if (newlyClaimed) {
        await trx
          .updateTable('avatars')
          .set((eb) => ({ claimed_count: eb('claimed_count', '+', 1) }))
          .where('avatar_id', '=', avatarID)
          .execute();
      }
      const row = await trx
        .selectFrom('avatar_claims')
        .innerJoin('avatars', 'avatars.avatar_id', 'avatar_claims.avatar_id')
        .select(['avatar_claims.claimed_at', 'avatars.claimed_count'])
        .where('avatar_claims.avatar_id', '=', avatarID)
        .where('avatar_claims.user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { claimedAt: row.claimed_at, newlyClaimed, claimedCount: Number(row.claimed_count) };
    });
  } catch (error) {
    // The avatar was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw new UnknownAvatarError(avatarID);
    throw error;
  }
}

export interface AvatarSeed {
  avatarID: string;
  name: string;
  description: string;
}

/** Upserts avatars by id, created in the order given: name and description are restored, claims and counts kept. */
export async function upsertAvatars(db: Kysely<GameDatabase>, avatars: readonly AvatarSeed[], now: Date) {
  if (avatars.length === 0) return;
  await db
    .insertInto('avatars')
    .values(
      avatars.map((avatar, index) => ({
        avatar_id: avatar.avatarID,
        name: avatar.name,
        description: avatar.description,
        created: new Date(now.getTime() + index).toISOString(),
        claimed_count: 0,
      })),
    )
    .onConflict((conflict) =>
      conflict.column('avatar_id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        description: eb.ref('excluded.description'),
      })),
    )
    .execute();
}
