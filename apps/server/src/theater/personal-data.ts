import { sql } from 'kysely';
import type { PersonalDataPart } from '../platform/personal-data';
import type { GameDatabase } from '../stores';

/**
 * A player's favourite episodes are theirs alone: downloaded, and erased with the account, each
 * episode's count moving with its favourite rows as a toggle's does.
 */
export const theaterPersonalData: PersonalDataPart<GameDatabase> = {
  async export(db, { userId }) {
    const favourites = await db
      .selectFrom('episode_favourites')
      .innerJoin('episodes', 'episodes.episode_id', 'episode_favourites.episode_id')
      .select(['episode_favourites.episode_id', 'episodes.title', 'episode_favourites.created_at'])
      .where('episode_favourites.user_id', '=', userId)
      .orderBy('episode_favourites.created_at')
      .execute();
    return {
      favouriteEpisodes: favourites.map((row) => ({
        episodeID: row.episode_id,
        title: row.title,
        favouritedAt: row.created_at,
      })),
    };
  },
  async erase(trx, { userId }) {
    await trx
      .updateTable('episodes')
      .set({ favourite_count: sql<number>`favourite_count - 1` })
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('episode_favourites')
            .select('episode_favourites.episode_id')
            .whereRef('episode_favourites.episode_id', '=', 'episodes.episode_id')
            .where('episode_favourites.user_id', '=', userId),
        ),
      )
      .execute();
    await trx.deleteFrom('episode_favourites').where('user_id', '=', userId).execute();
  },
};
