import type { GameDatabase } from '../database';
import { eraseCountedRows, type PersonalDataPart } from '../platform/personal-data';

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
  erase: (trx, subject) =>
    eraseCountedRows(
      trx,
      { rows: 'episode_favourites', key: 'episode_id', counts: 'episodes', count: 'favourite_count' },
      subject,
    ),
};
