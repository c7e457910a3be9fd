import type { Episode, TheaterEntry } from '@outpost/contracts/theater';
import { describe, expect, it } from 'vitest';
import { playerSource } from './player-source';

const episode = (fields: Partial<Episode>): TheaterEntry => ({
  kind: 'episode',
  episode: {
    episodeID: 's1e1',
    season: 1,
    episode: 1,
    title: 'Landfall',
    url: null,
    youtubeUrl: null,
    youtubeID: null,
    bannerUrl: null,
    bannerThumbnailUrl: null,
    stats: { values: [], updatedAt: null },
    favouriteCount: 0,
    ...fields,
  },
  previous: null,
  next: null,
});

describe('playerSource', () => {
  it("plays an episode's YouTube id in the privacy-enhanced player", () => {
    expect(playerSource(episode({ youtubeID: 'dQw4w9WgXcQ', url: 'https://cdn.example.com/e1.mp4' }))).toEqual({
      kind: 'frame',
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      provider: 'YouTube',
    });
  });

  it('derives the id from the YouTube link when the id is missing', () => {
    expect(playerSource(episode({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }))).toMatchObject({
      src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    });
  });

  it('plays the direct url in a video element otherwise, and nothing without a source', () => {
    expect(playerSource(episode({ url: 'https://cdn.example.com/e1.mp4' }))).toEqual({
      kind: 'video',
      src: 'https://cdn.example.com/e1.mp4',
    });
    expect(playerSource(episode({}))).toBeNull();
  });

  it('plays a theater video by its Vimeo id', () => {
    const video: TheaterEntry = {
      kind: 'video',
      video: {
        videoID: 'trailer',
        title: 'Trailer',
        vimeoID: '76979871',
        thumbnail: null,
        created: '2026-11-01T00:00:00Z',
      },
      collection: null,
      previous: null,
      next: null,
    };
    expect(playerSource(video)).toEqual({
      kind: 'frame',
      src: 'https://player.vimeo.com/video/76979871?autoplay=1',
      provider: 'Vimeo',
    });
  });
});
