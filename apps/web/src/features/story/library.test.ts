import type { Episode } from '@outpost/contracts/theater';
import { describe, expect, it } from 'vitest';
import { favouriteEpisodes, groupBySeason } from './library';

const episode = (season: number, number: number): Episode => ({
  episodeID: `s${season}e${number}`,
  season,
  episode: number,
  title: `Episode ${number}`,
  url: null,
  youtubeUrl: null,
  youtubeID: 'dQw4w9WgXcQ',
  bannerUrl: null,
  bannerThumbnailUrl: null,
  stats: { values: [], updatedAt: null },
  favouriteCount: 0,
});

// The server's order (docs/product.md §7.10): season, then episode, descending.
const LIBRARY = [episode(3, 1), episode(2, 10), episode(2, 9), episode(2, 1), episode(1, 2), episode(1, 1)];
const ids = (episodes: readonly Episode[]) => episodes.map((found) => found.episodeID);

describe('groupBySeason', () => {
  it('keeps seasons newest first, each with its episodes newest first', () => {
    expect(groupBySeason(LIBRARY).map(({ season, episodes }) => [season, ids(episodes)])).toEqual([
      [3, ['s3e1']],
      [2, ['s2e10', 's2e9', 's2e1']],
      [1, ['s1e2', 's1e1']],
    ]);
  });

  it('has no seasons for an empty library', () => {
    expect(groupBySeason([])).toEqual([]);
  });
});

describe('favouriteEpisodes', () => {
  it("follows the favourites' order and leaves out episodes no longer in the library", () => {
    expect(ids(favouriteEpisodes(LIBRARY, ['s1e1', 'gone', 's3e1']))).toEqual(['s1e1', 's3e1']);
    expect(favouriteEpisodes(LIBRARY, [])).toEqual([]);
  });
});
