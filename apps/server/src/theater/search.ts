import { ROUTES } from '@outpost/contracts/routes';
import type { SearchSource } from '../domain';
import { containsText } from '../platform/db/text-search';

/** The back office's search among the theater's episodes: those whose title or id holds the query. */
export const searchEpisodes: SearchSource = async ({ game }, query, limit) =>
  (
    await game
      .selectFrom('episodes')
      .select(['episode_id', 'title', 'season', 'episode'])
      .where(containsText(['title', 'episode_id'], query))
      .orderBy('season', 'desc')
      .orderBy('episode', 'desc')
      .limit(limit)
      .execute()
  ).map((row) => ({
    kind: 'episode' as const,
    id: row.episode_id,
    title: row.title,
    detail: `Season ${row.season}, episode ${row.episode}`,
    path: ROUTES.storyEpisode.replace(':episodeID', encodeURIComponent(row.episode_id)),
  }));
