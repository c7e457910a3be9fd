import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { AdminEpisode, AdminTheaterCollection } from '@outpost/contracts/theater';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { pngBytes } from '../products/testing';
import { seedDemoData } from '../seed';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { adminCall, type Method, newEpisodeInput, uploadImage } from './admin-testing';

describe.each(TEST_DIALECTS)('the theater demo data on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ({ staff } = await signUpRoles(t.app, t.stores.identity, { staff: ['staff'] }));
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const call = (method: Method, url: string, payload?: object) => adminCall(t.app, staff, method, url, payload);
  const count = async (table: 'episodes' | 'episode_stats' | 'theater_videos' | 'theater_ids') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeds three seasons with stats, videos and a collection with sublabels, and seeds again to the same set', async () => {
    await seedDemoData(t.stores, 'development');
    const episodes = (await call('GET', '/episodes?pageSize=100')).json() as AdminListPage<AdminEpisode>;
    expect(episodes.total).toBe(9);
    expect(episodes.rows.slice(0, 3).map((row) => row.episodeID)).toEqual(['s3e2', 's3e1', 's2e3']);
    expect(new Set(episodes.rows.map((row) => row.season))).toEqual(new Set([1, 2, 3]));
    const first = episodes.rows.find((row) => row.episodeID === 's1e1');
    expect(first).toMatchObject({
      youtubeID: 'OutpostS1E1',
      stats: {
        values: [
          { key: 'views', label: 'Views in game', value: 48_210 },
          { key: 'completions', label: 'Players who finished it', value: 39_876 },
          { key: 'players', label: 'Players who started it', value: 41_002 },
        ],
      },
    });
    const collection = (await call('GET', '/collections/behind-the-outpost')).json() as AdminTheaterCollection;
    expect(collection.videos.map((video) => [video.videoNumber, video.videoID, video.sublabel])).toEqual([
      [1, 'launch-trailer', 'Launch trailer'],
      [2, 'dev-diary-1', 'Dev diary #1'],
      [3, 'dev-diary-2', 'Dev diary #2'],
      [4, 'scoring-session', 'Recording the score'],
    ]);
    const videos = (await call('GET', '/videos')).json() as AdminListPage<{ videoID: string }>;
    expect(videos.rows.map((row) => row.videoID)).toEqual([
      'scoring-session',
      'dev-diary-2',
      'dev-diary-1',
      'launch-trailer',
    ]);

    const before = await Promise.all([count('episodes'), count('episode_stats'), count('theater_videos')]);
    await seedDemoData(t.stores, 'development');
    expect(await Promise.all([count('episodes'), count('episode_stats'), count('theater_videos')])).toEqual(before);
    expect(before).toEqual([9, 27, 4]);
  });

  it('restores the set around what admins changed: their banners, favourites, ids and numbers stay', async () => {
    expect((await uploadImage(t.app, staff, '/episodes/s1e1/banner', await pngBytes())).statusCode).toBe(200);
    const banner = ((await call('GET', '/episodes/s1e1')).json() as AdminEpisode).bannerUrl;
    await db()
      .insertInto('episode_favourites')
      .values({ episode_id: 's1e1', user_id: staff.userId, created_at: new Date().toISOString() })
      .execute();
    await db().updateTable('episodes').set({ favourite_count: 1 }).where('episode_id', '=', 's1e1').execute();
    // An admin gives s3e2's number to an episode of their own, and s2e3's id to a video.
    expect((await call('DELETE', '/episodes/s3e2')).statusCode).toBe(200);
    expect(
      (await call('POST', '/episodes', newEpisodeInput({ episodeID: 'finale', season: 3, episode: 2 }))).statusCode,
    ).toBe(200);
    expect((await call('DELETE', '/episodes/s2e3')).statusCode).toBe(200);
    expect((await call('POST', '/videos', { videoID: 's2e3', title: 'Mine now', vimeoID: '1' })).statusCode).toBe(200);
    const edited = (await call('GET', '/episodes/s1e2')).json() as AdminEpisode;
    expect(
      (
        await call('PUT', '/episodes/s1e2', {
          ...newEpisodeInput({ season: 1, episode: 2, title: 'Renamed' }),
          version: edited.version,
        })
      ).statusCode,
    ).toBe(200);

    await seedDemoData(t.stores, 'development');

    const restored = (await call('GET', '/episodes/s1e2')).json() as AdminEpisode;
    expect(restored.title).toBe('The Radio Tower');
    // An edit screen opened before the restore has to reload.
    expect(restored.version).toBe(edited.version + 2);
    expect((await call('GET', '/episodes/s1e1')).json()).toMatchObject({ bannerUrl: banner, favouriteCount: 1 });
    expect((await call('GET', '/episodes/s3e2')).statusCode).toBe(404);
    expect((await call('GET', '/episodes/finale')).json()).toMatchObject({ season: 3, episode: 2 });
    expect((await call('GET', '/videos/s2e3')).json()).toMatchObject({ title: 'Mine now' });
    expect((await call('GET', '/episodes/s2e3')).statusCode).toBe(404);
    expect(await count('theater_ids')).toBe((await count('episodes')) + (await count('theater_videos')));
  });
});
