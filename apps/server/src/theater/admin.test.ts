import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  type AdminEpisode,
  STALE_VERSION_CODE,
  THEATER_MESSAGES,
  theaterIdTakenMessage,
} from '@outpost/contracts/theater';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { NOT_AN_IMAGE_MESSAGE } from '../platform/images/prepare-image';
import { pngBytes } from '../products/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { adminCall, type Method, newEpisodeInput, storedImages, uploadImage } from './admin-testing';
import { putTestEpisodeStats } from './testing';

const IMAGE_MAX_BYTES = 64 * 1024;

describe.each(TEST_DIALECTS)('the theater admin: episodes on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  let moderator: SignedIn;
  let user: SignedIn;
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { config: { imageMaxBytes: IMAGE_MAX_BYTES } });
    ({ staff, admin, moderator, user } = await signUpRoles(t.app, t.stores.identity, {
      staff: ['staff'],
      admin: ['admin'],
      moderator: ['moderator'],
      user: [],
    }));
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const call = (method: Method, url: string, payload?: object, caller = staff) =>
    adminCall(t.app, caller, method, url, payload);

  async function created(overrides: Parameters<typeof newEpisodeInput>[0]): Promise<AdminEpisode> {
    const response = await call('POST', '/episodes', newEpisodeInput(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminEpisode;
  }

  const episodeRow = (episodeID: string) =>
    db().selectFrom('episodes').selectAll().where('episode_id', '=', episodeID).executeTakeFirst();
  const theaterId = (id: string) =>
    db().selectFrom('theater_ids').selectAll().where('theater_id', '=', id).executeTakeFirst();
  const adminLog = async (action: string, id?: string) => {
    const rows = await db().selectFrom('admin_log').selectAll().where('action', '=', action).orderBy('id').execute();
    return rows
      .map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }))
      .filter((row) => id === undefined || row.data.episodeID === id || row.data.videoID === id);
  };

  describe('create', () => {
    it("stores season '2' and episode '10' as integers, with the default id and the derived youtubeID", async () => {
      const episode = await created({
        season: '2',
        episode: ' 10 ',
        title: '  Static on the Line ',
        youtubeUrl: 'https://youtu.be/abcDEF12345?t=30',
      });
      expect(episode).toMatchObject({
        episodeID: 's2e10',
        season: 2,
        episode: 10,
        title: 'Static on the Line',
        url: null,
        youtubeUrl: 'https://youtu.be/abcDEF12345?t=30',
        youtubeID: 'abcDEF12345',
        bannerUrl: null,
        bannerThumbnailUrl: null,
        stats: { values: [], updatedAt: null },
        favouriteCount: 0,
        version: 1,
      });
      const row = await episodeRow('s2e10');
      expect(row?.season).toBe(2);
      expect(row?.episode).toBe(10);
      expect(typeof row?.season).toBe('number');
      expect(await theaterId('s2e10')).toEqual({ theater_id: 's2e10', kind: 'episode' });
      const read = await call('GET', '/episodes/s2e10', undefined, moderator);
      expect(read.json()).toEqual(episode);
    });

    it('takes a typed id (trimmed, lower case) and a direct video URL instead of a YouTube link', async () => {
      const episode = await created({
        episodeID: '  Pilot-Cut ',
        season: 0,
        episode: 1,
        youtubeUrl: '',
        url: 'https://cdn.example.com/pilot.mp4',
      });
      expect(episode).toMatchObject({
        episodeID: 'pilot-cut',
        season: 0,
        url: 'https://cdn.example.com/pilot.mp4',
        youtubeUrl: null,
        youtubeID: null,
      });
    });

    it.each([
      ['a plain http URL', { url: 'http://cdn.example.com/e.mp4' }, THEATER_MESSAGES.url],
      [
        'a YouTube link that is not a video',
        { youtubeUrl: 'https://www.youtube.com/@outpost' },
        THEATER_MESSAGES.youtubeUrl,
      ],
      ['a Vimeo link as the YouTube link', { youtubeUrl: 'https://vimeo.com/76979871' }, THEATER_MESSAGES.youtubeUrl],
      ['no video at all', { youtubeUrl: null, url: null }, THEATER_MESSAGES.source],
      ['a season in words', { season: 'two' }, THEATER_MESSAGES.season],
      ['a fractional episode', { episode: '2.5' }, THEATER_MESSAGES.episode],
      ['a negative season', { season: -1 }, THEATER_MESSAGES.season],
      ['an empty title', { title: '   ' }, THEATER_MESSAGES.titleRequired],
      ['the admin page as its id', { episodeID: 'admin' }, THEATER_MESSAGES.idReserved],
      ['an id with a slash', { episodeID: 'a/b' }, THEATER_MESSAGES.idCharacters],
    ])('refuses %s with a clear 400, storing and logging nothing', async (_case, overrides, message) => {
      const before = await adminLog('episode.create');
      const response = await call('POST', '/episodes', newEpisodeInput({ season: 90, episode: 1, ...overrides }));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toContain(message);
      const rows = await db().selectFrom('episodes').select('episode_id').where('season', '=', 90).execute();
      expect(rows).toEqual([]);
      expect(await adminLog('episode.create')).toHaveLength(before.length);
    });

    it('logs who created what, in the environment of the path', async () => {
      await created({ season: 4, episode: 1, title: 'Logged' });
      const [entry] = await adminLog('episode.create', 's4e1');
      expect(entry).toMatchObject({
        environment: 'development',
        admin: staff.userId,
        data: { episodeID: 's4e1', season: 4, episode: 1, title: 'Logged', youtubeID: 'dQw4w9WgXcQ' },
      });
    });
  });

  describe('the shared id space and the episode number', () => {
    it('refuses an episode id a theater video holds, and a video id an episode holds (409)', async () => {
      const video = await call('POST', '/videos', { videoID: 'crossover', title: 'Crossover', vimeoID: '76979871' });
      expect(video.statusCode, video.body).toBe(200);
      const episode = await call(
        'POST',
        '/episodes',
        newEpisodeInput({ episodeID: 'crossover', season: 5, episode: 1 }),
      );
      expect(episode.statusCode).toBe(409);
      expect(episode.json().error.message).toBe(theaterIdTakenMessage('crossover', 'video'));
      // The field at fault is the one the form typed: the episode's ID, not the video's.
      expect(episode.json().error.details).toEqual({
        fields: { episodeID: theaterIdTakenMessage('crossover', 'video') },
      });
      expect(await episodeRow('crossover')).toBeUndefined();

      await created({ season: 5, episode: 2 });
      const clash = await call('POST', '/videos', { videoID: 's5e2', title: 'Clash', vimeoID: '1' });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().error.message).toBe(theaterIdTakenMessage('s5e2', 'episode'));
      expect(clash.json().error.details).toEqual({ fields: { videoID: theaterIdTakenMessage('s5e2', 'episode') } });
      expect(await adminLog('theaterVideo.create', 's5e2')).toEqual([]);
    });

    it('lets exactly one of many concurrent creates of one id win, episodes and videos alike', async () => {
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          index % 2
            ? call('POST', '/videos', { videoID: 'race', title: `Video ${index}`, vimeoID: '1' }, admin)
            : call('POST', '/episodes', newEpisodeInput({ episodeID: 'race', season: 6, episode: index })),
        ),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      const winner = await theaterId('race');
      for (const response of responses.filter((each) => each.statusCode === 409)) {
        expect(response.json().error.message).toBe(theaterIdTakenMessage('race', winner?.kind as 'episode' | 'video'));
      }
      const episodes = await db()
        .selectFrom('episodes')
        .select('episode_id')
        .where('episode_id', '=', 'race')
        .execute();
      const videos = await db()
        .selectFrom('theater_videos')
        .select('video_id')
        .where('video_id', '=', 'race')
        .execute();
      expect(episodes.length + videos.length).toBe(1);
      const entries = [
        ...(await adminLog('episode.create', 'race')),
        ...(await adminLog('theaterVideo.create', 'race')),
      ];
      expect(entries).toHaveLength(1);
    });

    it('refuses a second episode of one number in a season, saying which episode has it', async () => {
      await created({ season: 7, episode: 3, title: 'Blackout' });
      const clash = await call(
        'POST',
        '/episodes',
        newEpisodeInput({ episodeID: 'blackout-2', season: '7', episode: '3' }),
      );
      expect(clash.statusCode).toBe(409);
      const taken = 'Season 7 already has an episode 3: "Blackout" (s7e3). Give this one another number.';
      expect(clash.json().error.message).toBe(taken);
      expect(clash.json().error.details).toEqual({ fields: { episode: taken } });
      expect(await theaterId('blackout-2')).toBeUndefined();
      expect(await adminLog('episode.create', 'blackout-2')).toEqual([]);

      const other = await created({ season: 7, episode: 4 });
      const moved = await call('PUT', '/episodes/s7e4', {
        ...newEpisodeInput({ season: 7, episode: 3 }),
        version: other.version,
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().error.message).toBe(taken);
      // Not a stale save (no code): the screen must not offer to load a newer version; it marks the number.
      expect(moved.json().error.details).toEqual({ fields: { episode: taken } });
      expect((await episodeRow('s7e4'))?.episode).toBe(4);
    });

    it('gives one of two concurrent creates of one number the episode and the other a 409', async () => {
      const responses = await Promise.all(
        ['dawn-a', 'dawn-b', 'dawn-c'].map((episodeID) =>
          call('POST', '/episodes', newEpisodeInput({ episodeID, season: 8, episode: 8 })),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
      const ids = await db()
        .selectFrom('theater_ids')
        .select('theater_id')
        .where('theater_id', 'like', 'dawn-%')
        .execute();
      expect(ids).toHaveLength(1);
    });
  });

  describe('list', () => {
    it('lists newest first (season, then episode, descending), filters by season and text, and sorts both ways', async () => {
      for (const [episode, title] of [
        [9, 'Nine Lives'],
        [10, 'Ten Paces'],
        [2, 'Two Roads'],
      ] as const) {
        await created({ season: 40, episode, title });
      }
      await created({ season: 41, episode: 1, title: 'Later Season' });
      const ids = async (query: string) => {
        const response = await call('GET', `/episodes?${query}`, undefined, moderator);
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as AdminListPage<AdminEpisode>).rows.map((row) => row.episodeID);
      };
      expect((await ids('pageSize=4')).slice(0, 4)).toEqual(['s41e1', 's40e10', 's40e9', 's40e2']);
      expect(await ids('season=40')).toEqual(['s40e10', 's40e9', 's40e2']);
      expect(await ids('season=40&order=asc')).toEqual(['s40e2', 's40e9', 's40e10']);
      expect(await ids('season=40&sort=title&order=asc')).toEqual(['s40e9', 's40e10', 's40e2']);
      expect(await ids('q=PACES')).toEqual(['s40e10']);
      const page = (await call('GET', '/episodes?season=40&pageSize=2&page=2')).json();
      expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2, rows: [{ episodeID: 's40e2' }] });
      const bad = await call('GET', '/episodes?season=two');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toContain(THEATER_MESSAGES.season);
    });
  });

  describe('update', () => {
    it('saves the whole episode from the version it loaded, and refuses a stale one with a message to reload', async () => {
      const episode = await created({ season: 11, episode: 1, title: 'Draft' });
      const saved = await call('PUT', '/episodes/s11e1', {
        season: '11',
        episode: '2',
        title: 'Final Cut',
        url: 'https://cdn.example.com/final.mp4',
        youtubeUrl: 'https://www.youtube.com/embed/abcDEF12345',
        version: episode.version,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        episodeID: 's11e1',
        season: 11,
        episode: 2,
        title: 'Final Cut',
        youtubeID: 'abcDEF12345',
        version: 2,
      });
      const stale = await call('PUT', '/episodes/s11e1', {
        ...newEpisodeInput({ season: 11, episode: 3 }),
        version: 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toBe(
        'Someone saved this episode after you opened it. Reload it to see their changes, then make yours again.',
      );
      expect(stale.json().error.details).toEqual({ code: STALE_VERSION_CODE });
      expect((await episodeRow('s11e1'))?.episode).toBe(2);
      const entries = await adminLog('episode.update', 's11e1');
      expect(entries).toHaveLength(1);
      expect(entries[0]?.data).toEqual({
        episodeID: 's11e1',
        title: 'Final Cut',
        version: 2,
        changes: {
          episode: { from: 1, to: 2 },
          title: { from: 'Draft', to: 'Final Cut' },
          url: { from: null, to: 'https://cdn.example.com/final.mp4' },
          youtubeUrl: {
            from: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            to: 'https://www.youtube.com/embed/abcDEF12345',
          },
        },
      });
    });

    it('lets exactly one of several concurrent saves of one version through', async () => {
      const episode = await created({ season: 12, episode: 1 });
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          call(
            'PUT',
            '/episodes/s12e1',
            { ...newEpisodeInput({ season: 12, episode: 1, title: `Take ${index}` }), version: episode.version },
            index % 2 ? admin : staff,
          ),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect((await episodeRow('s12e1'))?.version).toBe(2);
      expect(await adminLog('episode.update', 's12e1')).toHaveLength(1);
    });

    it('answers 404 for an episode that does not exist, and 400 for a save without its version', async () => {
      const missing = await call('PUT', '/episodes/nowhere', { ...newEpisodeInput(), version: 1 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('There is no episode "nowhere".');
      const noVersion = await call('PUT', '/episodes/s2e10', newEpisodeInput({ season: 2, episode: 10 }));
      expect(noVersion.statusCode).toBe(400);
    });
  });

  describe('banner', () => {
    it('stores the upload and a 320 px WebP thumbnail, bumps the version, and replacing it removes the old files', async () => {
      const episode = await created({ season: 13, episode: 1 });
      const first = await uploadImage(t.app, staff, '/episodes/s13e1/banner', await pngBytes(800, 400), {
        name: 'Key Art.PNG',
      });
      expect(first.statusCode, first.body).toBe(200);
      const withBanner = first.json() as AdminEpisode;
      expect(withBanner.version).toBe(episode.version + 1);
      expect(withBanner.bannerUrl).toMatch(
        /^http:\/\/localhost:3000\/files\/development\/theater\/episodes\/s13e1\/\d+-[0-9a-f]{8}\.png$/,
      );
      expect(withBanner.bannerThumbnailUrl).toMatch(/\.thumb\.webp$/);
      const thumbnail = await t.app.inject({ url: withBanner.bannerThumbnailUrl as string });
      expect(thumbnail.statusCode).toBe(200);
      expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 });
      const firstFiles = storedImages(t.dataDir, 'episodes', 's13e1');
      expect(firstFiles).toHaveLength(2);

      const second = await uploadImage(t.app, staff, '/episodes/s13e1/banner', await pngBytes(640, 360));
      expect(second.statusCode, second.body).toBe(200);
      const replaced = second.json() as AdminEpisode;
      expect(replaced.bannerUrl).not.toBe(withBanner.bannerUrl);
      const files = storedImages(t.dataDir, 'episodes', 's13e1');
      expect(files).toHaveLength(2);
      expect(files.some((file) => firstFiles.includes(file))).toBe(false);
      expect(await adminLog('episode.banner', 's13e1')).toHaveLength(2);
      // The library and the edit screen read the same banner.
      expect((await call('GET', '/episodes/s13e1')).json()).toEqual(replaced);
    });

    it('keeps only the last of concurrent uploads, removing every other one’s files', async () => {
      await created({ season: 13, episode: 3 });
      const responses = await Promise.all(
        [320, 400, 480, 560].map(async (width) =>
          uploadImage(t.app, staff, '/episodes/s13e3/banner', await pngBytes(width, 200)),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      const row = await episodeRow('s13e3');
      expect(row?.version).toBe(5);
      const keys = [row?.banner_key, row?.banner_thumbnail_key].map((key) => key?.split('/').at(-1)).sort();
      expect(storedImages(t.dataDir, 'episodes', 's13e3')).toEqual(keys);
    });

    it('strips EXIF from the stored banner', async () => {
      await created({ season: 13, episode: 2 });
      const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#335' } })
        .jpeg()
        .withExif({ IFD0: { Copyright: 'PhoneCo secret' } })
        .toBuffer();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const response = await uploadImage(t.app, staff, '/episodes/s13e2/banner', photo, {
        name: 'photo.jpg',
        type: 'image/jpeg',
      });
      expect(response.statusCode, response.body).toBe(200);
      const stored = await t.app.inject({ url: (response.json() as AdminEpisode).bannerUrl as string });
      const metadata = await sharp(stored.rawPayload).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(metadata.exif).toBeUndefined();
    });

    it.each([
      ['a text file named like an image', async () => Buffer.from('not an image at all'), 400, NOT_AN_IMAGE_MESSAGE],
      [
        'an image larger than IMAGE_MAX_BYTES',
        async () => Buffer.concat([await pngBytes(), Buffer.alloc(IMAGE_MAX_BYTES)]),
        413,
        'The image is larger than 64 KB.',
      ],
    ])('refuses %s, keeping the banner it had', async (_case, bytes, status, message) => {
      const episodeID = `refusal-${status}`;
      await created({ episodeID, season: 14, episode: status });
      const kept = await uploadImage(t.app, staff, `/episodes/${episodeID}/banner`, await pngBytes());
      expect(kept.statusCode, kept.body).toBe(200);
      const before = storedImages(t.dataDir, 'episodes', episodeID);

      const response = await uploadImage(t.app, staff, `/episodes/${episodeID}/banner`, await bytes(), {
        name: 'banner.png',
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toBe(message);
      expect(storedImages(t.dataDir, 'episodes', episodeID)).toEqual(before);
      expect((await episodeRow(episodeID))?.version).toBe(2);
      expect(await adminLog('episode.banner', episodeID)).toHaveLength(1);
    });

    it('refuses a body that is not one file, and a banner for no episode, storing nothing', async () => {
      await created({ season: 14, episode: 1 });
      const json = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/development/theater/episodes/s14e1/banner',
        headers: { authorization: staff.bearer },
        payload: { banner: 'x' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().error.message).toBe('Send one image file as multipart/form-data, and nothing else.');

      const form = new FormData();
      form.append('image', new Blob([await pngBytes()], { type: 'image/png' }), 'a.png');
      form.append('image', new Blob([await pngBytes()], { type: 'image/png' }), 'b.png');
      const encoded = new Response(form);
      const two = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/development/theater/episodes/s14e1/banner',
        headers: { authorization: staff.bearer, 'content-type': encoded.headers.get('content-type') ?? '' },
        payload: Buffer.from(await encoded.arrayBuffer()),
      });
      expect(two.statusCode).toBe(400);
      expect(storedImages(t.dataDir, 'episodes', 's14e1')).toEqual([]);

      const missing = await uploadImage(t.app, staff, '/episodes/nowhere/banner', await pngBytes());
      expect(missing.statusCode).toBe(404);
      expect(storedImages(t.dataDir, 'episodes', 'nowhere')).toEqual([]);
    });
  });

  describe('delete', () => {
    it('removes the episode, its favourites, its stats and its id, then its banner files', async () => {
      await created({ season: 15, episode: 1, title: 'Goodbye' });
      expect((await uploadImage(t.app, staff, '/episodes/s15e1/banner', await pngBytes())).statusCode).toBe(200);
      await putTestEpisodeStats(db(), 's15e1', [{ key: 'views', value: 1200 }]);
      await db()
        .insertInto('episode_favourites')
        .values(
          [staff, moderator].map((fan) => ({ episode_id: 's15e1', user_id: fan.userId, created_at: '2026-11-30' })),
        )
        .execute();
      await db().updateTable('episodes').set({ favourite_count: 2 }).where('episode_id', '=', 's15e1').execute();
      expect((await call('GET', '/episodes/s15e1')).json()).toMatchObject({
        favouriteCount: 2,
        stats: { values: [{ key: 'views', label: 'views', value: 1200 }] },
      });

      const response = await call('DELETE', '/episodes/s15e1');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id: 's15e1' });
      expect(await episodeRow('s15e1')).toBeUndefined();
      expect(await theaterId('s15e1')).toBeUndefined();
      const left = await Promise.all([
        db().selectFrom('episode_stats').selectAll().where('episode_id', '=', 's15e1').execute(),
        db().selectFrom('episode_favourites').selectAll().where('episode_id', '=', 's15e1').execute(),
      ]);
      expect(left).toEqual([[], []]);
      expect(storedImages(t.dataDir, 'episodes', 's15e1')).toEqual([]);
      expect(await adminLog('episode.delete', 's15e1')).toMatchObject([
        { data: { episodeID: 's15e1', season: 15, episode: 1, title: 'Goodbye', favouriteCount: 2 } },
      ]);

      expect((await call('DELETE', '/episodes/s15e1')).statusCode).toBe(404);
      expect((await call('GET', '/episodes/s15e1')).statusCode).toBe(404);
      // The id and the number are free again.
      const again = await call('POST', '/videos', { videoID: 's15e1', title: 'Now a video', vimeoID: '1' });
      expect(again.statusCode, again.body).toBe(200);
      expect(
        (await call('POST', '/episodes', newEpisodeInput({ episodeID: 'goodbye', season: 15, episode: 1 }))).statusCode,
      ).toBe(200);
    });
  });

  describe('access', () => {
    it('lets moderators read and refuses their changes; refuses a plain user everything (403)', async () => {
      await created({ season: 16, episode: 1 });
      const writes: [Method, string, object | undefined][] = [
        ['POST', '/episodes', newEpisodeInput({ season: 16, episode: 2 })],
        ['PUT', '/episodes/s16e1', { ...newEpisodeInput({ season: 16, episode: 1 }), version: 1 }],
        ['DELETE', '/episodes/s16e1', undefined],
        ['POST', '/videos', { videoID: 'mod-video', title: 'No', vimeoID: '1' }],
        ['POST', '/collections', { collectionID: 'mod-collection', title: 'No' }],
      ];
      for (const caller of [moderator, user]) {
        for (const [method, url, payload] of writes) {
          const response = await call(method, url, payload, caller);
          expect(response.statusCode, `${method} ${url}`).toBe(403);
        }
        const banner = await uploadImage(t.app, caller, '/episodes/s16e1/banner', await pngBytes());
        expect(banner.statusCode).toBe(403);
      }
      for (const url of ['/episodes', '/episodes/s16e1', '/videos', '/collections']) {
        expect((await call('GET', url, undefined, moderator)).statusCode, url).toBe(200);
        expect((await call('GET', url, undefined, user)).statusCode, url).toBe(403);
      }
      expect(await episodeRow('s16e2')).toBeUndefined();
      expect((await episodeRow('s16e1'))?.version).toBe(1);
      expect(storedImages(t.dataDir, 'episodes', 's16e1')).toEqual([]);
    });
  });
});
