import type { Kysely } from 'kysely';
import type { GameDatabase } from '../database';
import { isForeignKeyViolation } from '../platform/db/errors';

/** Raised for a favourite of an episode the store does not have. */
export class UnknownEpisodeError extends Error {
  constructor(readonly episodeID: string) {
    super(`There is no episode ${episodeID}.`);
  }
}

type Favourite = { episodeID: string; userId: string };

/** Inserts the favourite unless it is there; answers the rows inserted (0 or 1). */
async function insertFavourite(trx: Kysely<GameDatabase>, favourite: Favourite, at: Date): Promise<number> {
  const result = await trx
    .insertInto('episode_favourites')
    .values({ episode_id: favourite.episodeID, user_id: favourite.userId, created_at: at.toISOString() })
    .onConflict((conflict) => conflict.columns(['episode_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** Deletes the favourite if it is there; answers the rows deleted (0 or 1). */
async function deleteFavourite(trx: Kysely<GameDatabase>, favourite: Favourite): Promise<number> {
  const result = await trx
    .deleteFrom('episode_favourites')
    .where('episode_id', '=', favourite.episodeID)
    .where('user_id', '=', favourite.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Adds or removes a player's favourite (docs/product.md §7.1 favourite-episode), idempotently. The episode's
 * count moves in the same transaction by the rows this call really inserted or deleted, so it
 * always equals the favourite rows however many toggles race: the primary key (episode, player)
 * settles concurrent repeats, and the count's update adds to the value it finds, never to one read
 * before.
 */
export async function setFavouriteEpisode(
  db: Kysely<GameDatabase>,
  change: Favourite & { remove: boolean; at: Date },
): Promise<void> {
  const { episodeID } = change;
  try {
    await db.transaction().execute(async (trx) => {
      const exists = await trx
        .selectFrom('episodes')
        .select('episode_id')
        .where('episode_id', '=', episodeID)
        .executeTakeFirst();
      if (!exists) throw new UnknownEpisodeError(episodeID);
      const moved = change.remove
        ? -(await deleteFavourite(trx, change))
        : await insertFavourite(trx, change, change.at);
      if (moved !== 0) {
        await trx
          .updateTable('episodes')
          .set((eb) => ({ favourite_count: eb('favourite_count', '+', moved) }))
          .where('episode_id', '=', episodeID)
          .execute();
      }
    });
  } catch (error) {
    // The episode was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw new UnknownEpisodeError(episodeID);
    throw error;
  }
}
