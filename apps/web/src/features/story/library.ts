import type { Episode } from '@outpost/contracts/theater';

export interface Season {
  season: number;
  episodes: Episode[];
}

/**
 * The library's episodes by season. The server sends them in docs/product.md §7.10's order (season, then
 * episode, descending), so seasons come newest first and each keeps its episodes newest first.
 */
export function groupBySeason(episodes: readonly Episode[]): Season[] {
  const seasons: Season[] = [];
  for (const episode of episodes) {
    const last = seasons.at(-1);
    if (last?.season === episode.season) last.episodes.push(episode);
    else seasons.push({ season: episode.season, episodes: [episode] });
  }
  return seasons;
}

/** The player's favourite episodes in their order (most recent first), leaving out any taken off the air. */
export function favouriteEpisodes(episodes: readonly Episode[], episodeIDs: readonly string[]): Episode[] {
  const byId = new Map(episodes.map((episode) => [episode.episodeID, episode]));
  return episodeIDs.flatMap((id) => byId.get(id) ?? []);
}

/** The anchors of the theater home's sections, for its jump list and links from the viewer. */
export const seasonAnchor = (season: number) => `season-${season}`;
export const collectionAnchor = (collectionID: string) => `collection-${collectionID}`;
