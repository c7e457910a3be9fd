import { type AdminEpisode, THEATER_MESSAGES } from '@outpost/contracts/theater';
import { describe, expect, it } from 'vitest';
import {
  checkEpisodeEdit,
  checkNewEpisode,
  defaultIdOf,
  draftFromEpisode,
  newEpisodeDraft,
  youtubeLinkHint,
} from './episode-form';

const typed = {
  ...newEpisodeDraft(),
  season: ' 2 ',
  episode: '10',
  title: 'Homecoming',
  youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
};

describe('the episode form', () => {
  it('sends season and episode as typed, and leaves an empty ID to the server', () => {
    expect(checkNewEpisode(typed)).toEqual({
      ok: true,
      value: { season: ' 2 ', episode: '10', title: 'Homecoming', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', url: '' },
    });
    expect(checkNewEpisode({ ...typed, episodeID: 'pilot' })).toMatchObject({
      ok: true,
      value: { episodeID: 'pilot' },
    });
  });

  it('says every field’s problem at that field, in the contracts’ words', () => {
    expect(checkNewEpisode({ ...newEpisodeDraft(), episodeID: 'admin', season: '2.5', episode: 'ten' })).toEqual({
      ok: false,
      errors: {
        episodeID: THEATER_MESSAGES.idReserved,
        season: THEATER_MESSAGES.season,
        episode: THEATER_MESSAGES.episode,
        title: THEATER_MESSAGES.titleRequired,
        youtubeUrl: THEATER_MESSAGES.source,
      },
    });
    expect(
      checkNewEpisode({ ...typed, youtubeUrl: 'https://example.com/watch', url: 'http://example.com/a.mp4' }),
    ).toEqual({
      ok: false,
      errors: { youtubeUrl: THEATER_MESSAGES.youtubeUrl, url: THEATER_MESSAGES.url },
    });
  });

  it('saves every field with the version loaded', () => {
    const episode: AdminEpisode = {
      episodeID: 's2e10',
      season: 2,
      episode: 10,
      title: 'Homecoming',
      url: null,
      youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
      youtubeID: 'dQw4w9WgXcQ',
      bannerUrl: null,
      bannerThumbnailUrl: null,
      stats: { values: [], updatedAt: null },
      favouriteCount: 0,
      version: 3,
      createdAt: '2026-11-30T10:00:00.000Z',
      updatedAt: '2026-11-30T10:00:00.000Z',
    };
    const draft = draftFromEpisode(episode);
    expect(draft).toEqual({ ...typed, season: '2', episodeID: 's2e10' });
    expect(checkEpisodeEdit({ ...draft, title: 'Home' }, episode.version)).toEqual({
      ok: true,
      value: {
        season: '2',
        episode: '10',
        title: 'Home',
        youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
        url: '',
        version: 3,
      },
    });
  });

  it('shows the ID an episode gets and the YouTube id as they are typed', () => {
    expect(defaultIdOf({ season: ' 2', episode: '10 ' })).toBe('s2e10');
    expect(defaultIdOf({ season: '', episode: '10' })).toBeNull();
    expect(defaultIdOf({ season: '2', episode: '1.5' })).toBeNull();
    expect(youtubeLinkHint('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe('YouTube video ID: dQw4w9WgXcQ');
    expect(youtubeLinkHint('https://vimeo.com/1')).toBe(THEATER_MESSAGES.youtubeUrl);
    expect(youtubeLinkHint('  ')).toContain('Paste');
  });
});
