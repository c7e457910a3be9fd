import { THEATER_MESSAGES, type TheaterEntry, type TheaterLibrary } from '@outpost/contracts/theater';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { putTestCollection, putTestEpisode, putTestEpisodeStats, putTestVideo } from './testing';

const FILES = 'http://localhost:3000/files';

describe.each(TEST_DIALECTS)('the theater library and viewer on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.stores.game.development;
  const get = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('answers an empty library before anything is on the air', async () => {
    const response = await get('/api/theater');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ episodes: [], collections: [] });
  });

  describe('with episodes, videos and collections', () => {
    beforeAll(async () => {
      // Written out of order: the library sorts, never the insertion.
      for (const [season, episode] of [
        [1, 2],
        [2, 10],
        [1, 1],
        [2, 2],
        [2, 1],
      ] as const) {
        await putTestEpisode(db(), {
          episodeID: `s${season}e${episode}`,
          season,
          episode,
          title: `Chapter ${season}.${episode}`,
          ...(season === 2 && episode === 10
            ? {
                bannerKey: 'development/theater/s2e10/banner.webp',
                bannerThumbnailKey: 'development/theater/s2e10/banner-320.webp',
              }
            : {}),
        });
      }
      await putTestEpisodeStats(
        db(),
        's2e10',
        [
          { key: 'views', label: 'Views in game', value: 1200 },
          { key: 'completions', label: 'Players who finished it', value: 815 },
          { key: 'averageWatchSeconds', label: 'Average watch time (s)', value: 312.5 },
        ],
        new Date('2026-11-30T12:00:00.000Z'),
      );
      await putTestVideo(db(), {
        videoID: 'v-intro',
        title: 'Intro',
        vimeoID: '111',
        thumbnailKey: 'development/t/v1.webp',
      });
      await putTestVideo(db(), { videoID: 'v-map', title: 'The map', vimeoID: '222' });
      await putTestVideo(db(), { videoID: 'v-crew', title: 'The crew', vimeoID: '333' });
      await putTestVideo(db(), { videoID: 'v-alone', title: 'Alone', vimeoID: '444' });
      await putTestCollection(db(), {
        collectionID: 'behind-the-scenes',
        title: 'Behind the scenes',
        createdAt: '2026-01-01T00:00:00.000Z',
        videos: [{ videoID: 'v-map', sublabel: 'Part one' }, 'v-intro', { videoID: 'v-crew', sublabel: 'Finale' }],
      });
      await putTestCollection(db(), {
        collectionID: 'recaps',
        title: 'Recaps',
        createdAt: '2026-06-01T00:00:00.000Z',
        videos: ['v-crew', 'v-map'],
      });
    });

    it('lists episodes by season, then episode, newest first, with their stats, banners and favourites', async () => {
      const response = await get('/api/theater');
      expect(response.statusCode).toBe(200);
      const library = response.json() as TheaterLibrary;
      expect(library.episodes.map((episode) => episode.episodeID)).toEqual(['s2e10', 's2e2', 's2e1', 's1e2', 's1e1']);
      expect(library.episodes[0]).toEqual({
        episodeID: 's2e10',
        season: 2,
        episode: 10,
        title: 'Chapter 2.10',
        url: null,
        youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        youtubeID: 'dQw4w9WgXcQ',
        bannerUrl: `${FILES}/development/theater/s2e10/banner.webp`,
        bannerThumbnailUrl: `${FILES}/development/theater/s2e10/banner-320.webp`,
        stats: {
          values: [
            { key: 'views', label: 'Views in game', value: 1200 },
            { key: 'completions', label: 'Players who finished it', value: 815 },
            { key: 'averageWatchSeconds', label: 'Average watch time (s)', value: 312.5 },
          ],
          updatedAt: '2026-11-30T12:00:00.000Z',
        },
        favouriteCount: 0,
      });
      expect(library.episodes[1]).toMatchObject({
        bannerUrl: null,
        bannerThumbnailUrl: null,
        stats: { values: [], updatedAt: null },
      });
    });

    it('lists collections oldest first, each with its videos in videoNumber order', async () => {
      const library = (await get('/api/theater')).json() as TheaterLibrary;
      expect(library.collections.map((collection) => collection.collectionID)).toEqual(['behind-the-scenes', 'recaps']);
      const [behind, recaps] = library.collections;
      expect(behind?.title).toBe('Behind the scenes');
      expect(behind?.videos.map((video) => [video.videoID, video.videoNumber, video.sublabel])).toEqual([
        ['v-map', 1, 'Part one'],
        ['v-intro', 2, ''],
        ['v-crew', 3, 'Finale'],
      ]);
      expect(behind?.videos[1]).toEqual({
        videoID: 'v-intro',
        title: 'Intro',
        vimeoID: '111',
        thumbnail: `${FILES}/development/t/v1.webp`,
        created: expect.any(String),
        sublabel: '',
        videoNumber: 2,
      });
      expect(behind?.videos[0]?.thumbnail).toBeNull();
      expect(recaps?.videos.map((video) => video.videoID)).toEqual(['v-crew', 'v-map']);
    });

    it('gives an episode its neighbours in watching order (season, then episode, ascending)', async () => {
      const entry = (await get('/api/theater/s2e2')).json() as TheaterEntry;
      expect(entry).toMatchObject({
        kind: 'episode',
        episode: { episodeID: 's2e2', season: 2, episode: 2, title: 'Chapter 2.2' },
        previous: { theaterID: 's2e1', title: 'Chapter 2.1', label: 'Season 2 · Episode 1' },
        // Episode 10 comes after episode 2: numbers, not text.
        next: { theaterID: 's2e10', title: 'Chapter 2.10', label: 'Season 2 · Episode 10' },
      });
      const acrossSeasons = (await get('/api/theater/s2e1')).json() as TheaterEntry;
      expect(acrossSeasons.previous).toEqual({
        theaterID: 's1e2',
        title: 'Chapter 1.2',
        label: 'Season 1 · Episode 2',
      });
      const first = (await get('/api/theater/s1e1')).json() as TheaterEntry;
      expect(first.previous).toBeNull();
      const last = (await get('/api/theater/s2e10')).json() as TheaterEntry;
      expect(last.next).toBeNull();
      expect(last.kind === 'episode' && last.episode.stats.values).toHaveLength(3);
    });

    it('gives a theater video its neighbours in the oldest collection holding it', async () => {
      const entry = (await get('/api/theater/v-intro')).json() as TheaterEntry;
      expect(entry).toEqual({
        kind: 'video',
        video: {
          videoID: 'v-intro',
          title: 'Intro',
          vimeoID: '111',
          thumbnail: `${FILES}/development/t/v1.webp`,
          created: expect.any(String),
        },
        collection: { collectionID: 'behind-the-scenes', title: 'Behind the scenes' },
        previous: { theaterID: 'v-map', title: 'The map', label: 'Part one' },
        next: { theaterID: 'v-crew', title: 'The crew', label: 'Finale' },
      });
      // v-crew is last in the older collection, though first in Recaps.
      const crew = (await get('/api/theater/v-crew')).json() as TheaterEntry;
      expect(crew).toMatchObject({
        collection: { collectionID: 'behind-the-scenes' },
        previous: { theaterID: 'v-intro', label: 'Video 2' },
        next: null,
      });
    });

    it('shows a video in no collection on its own', async () => {
      const entry = (await get('/api/theater/v-alone')).json() as TheaterEntry;
      expect(entry).toMatchObject({ kind: 'video', collection: null, previous: null, next: null });
    });

    it('finds an id however its letters are cased', async () => {
      const response = await get('/api/theater/S2E10');
      expect(response.statusCode).toBe(200);
      expect((response.json() as TheaterEntry).kind).toBe('episode');
    });

    it('answers 404 for an id that names nothing, and 400 for one that cannot be an id', async () => {
      const unknown = await get('/api/theater/s9e9');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(errorAnswer('not-found', THEATER_MESSAGES.notFound));
      const malformed = await get('/api/theater/not_an_id!');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toContain(THEATER_MESSAGES.idCharacters);
    });
  });
});
