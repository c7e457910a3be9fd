import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  type AdminTheaterCollection,
  type AdminTheaterVideo,
  THEATER_MESSAGES,
  unknownVideosMessage,
} from '@outpost/contracts/theater';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { pngBytes } from '../products/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { adminCall, type Method, storedImages, uploadImage } from './admin-testing';

describe.each(TEST_DIALECTS)('the theater admin: videos and collections on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let moderator: SignedIn;
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ({ staff, moderator } = await signUpRoles(t.app, t.stores.identity, {
      staff: ['staff'],
      moderator: ['moderator'],
    }));
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const call = (method: Method, url: string, payload?: object, caller = staff) =>
    adminCall(t.app, caller, method, url, payload);

  async function video(videoID: string, title = `Video ${videoID}`): Promise<AdminTheaterVideo> {
    const response = await call('POST', '/videos', {
      videoID,
      title,
      vimeoID: `https://vimeo.com/${videoID.length}00`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminTheaterVideo;
  }

  async function collection(
    collectionID: string,
    title = `Collection ${collectionID}`,
  ): Promise<AdminTheaterCollection> {
    const response = await call('POST', '/collections', { collectionID, title });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminTheaterCollection;
  }

  const members = (saved: AdminTheaterCollection) =>
    saved.videos.map((each) => [each.videoNumber, each.videoID, each.sublabel]);
  const logged = (action: string) =>
    db().selectFrom('admin_log').select('data').where('action', '=', action).orderBy('id').execute();

  describe('theater videos', () => {
    it('creates a video with the Vimeo number from its address and the server clock as created', async () => {
      const before = Date.now();
      const response = await call('POST', '/videos', {
        videoID: ' Teaser-One ',
        title: ' First Teaser ',
        vimeoID: 'https://player.vimeo.com/video/76979871?h=abc',
      });
      expect(response.statusCode, response.body).toBe(200);
      const created = response.json() as AdminTheaterVideo;
      expect(created).toMatchObject({
        videoID: 'teaser-one',
        title: 'First Teaser',
        vimeoID: '76979871',
        thumbnail: null,
        collections: [],
        version: 1,
      });
      expect(Date.parse(created.created)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(created.created)).toBeLessThanOrEqual(Date.now());
      expect(await db().selectFrom('theater_ids').selectAll().where('theater_id', '=', 'teaser-one').execute()).toEqual(
        [{ theater_id: 'teaser-one', kind: 'video' }],
      );
      expect((await call('GET', '/videos/teaser-one', undefined, moderator)).json()).toEqual(created);
    });

    it('refuses a Vimeo id that is not one, and a taken id, storing nothing', async () => {
      const bad = await call('POST', '/videos', { videoID: 'bad-vimeo', title: 'Bad', vimeoID: 'https://youtu.be/x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toContain(THEATER_MESSAGES.vimeoID);
      await video('taken');
      const taken = await call('POST', '/videos', { videoID: 'taken', title: 'Again', vimeoID: '1' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe(
        'The ID "taken" is already used by a theater video: /story/taken must name one thing.',
      );
      expect(
        await db().selectFrom('theater_videos').select('video_id').where('video_id', '=', 'bad-vimeo').execute(),
      ).toEqual([]);
    });

    it('lists newest first by default, filters by text, and sorts by title', async () => {
      await video('list-a', 'Aurora');
      await video('list-b', 'Borealis');
      const ids = async (query: string) =>
        ((await call('GET', `/videos?${query}`)).json() as AdminListPage<AdminTheaterVideo>).rows.map(
          (row) => row.videoID,
        );
      expect(await ids('pageSize=2')).toEqual(['list-b', 'list-a']);
      expect(await ids('q=BOREAL')).toEqual(['list-b']);
      expect(await ids('q=list-&sort=title&order=asc')).toEqual(['list-a', 'list-b']);
    });

    it('saves title and Vimeo id from the version loaded; a stale save is a 409', async () => {
      const loaded = await video('edit-me');
      const saved = await call('PUT', '/videos/edit-me', {
        title: 'Edited',
        vimeoID: 'vimeo.com/123',
        version: loaded.version,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ title: 'Edited', vimeoID: '123', version: 2, created: loaded.created });
      const stale = await call('PUT', '/videos/edit-me', { title: 'Late', vimeoID: '1', version: loaded.version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error.message).toContain('Reload it');
      expect((await logged('theaterVideo.update')).map((row) => JSON.parse(row.data))).toEqual([
        {
          videoID: 'edit-me',
          title: 'Edited',
          version: 2,
          changes: { title: { from: 'Video edit-me', to: 'Edited' }, vimeoID: { from: '700', to: '123' } },
        },
      ]);
    });

    it('stores a thumbnail upload and answers its 320 px thumbnail as the video’s thumbnail', async () => {
      await video('with-thumb');
      const first = await uploadImage(t.app, staff, '/videos/with-thumb/thumbnail', await pngBytes(960, 540));
      expect(first.statusCode, first.body).toBe(200);
      const withThumbnail = first.json() as AdminTheaterVideo;
      expect(withThumbnail.thumbnail).toMatch(
        /\/files\/development\/theater\/videos\/with-thumb\/\d+-[0-9a-f]{8}\.thumb\.webp$/,
      );
      expect(withThumbnail.version).toBe(2);
      const row = await db()
        .selectFrom('theater_videos')
        .selectAll()
        .where('video_id', '=', 'with-thumb')
        .executeTakeFirst();
      expect(row?.image_key).toMatch(/\.png$/);
      const firstFiles = storedImages(t.dataDir, 'videos', 'with-thumb');
      expect(firstFiles).toHaveLength(2);

      const second = await uploadImage(t.app, staff, '/videos/with-thumb/thumbnail', await pngBytes(), {
        field: 'file',
      });
      expect(second.statusCode, second.body).toBe(200);
      const files = storedImages(t.dataDir, 'videos', 'with-thumb');
      expect(files).toHaveLength(2);
      expect(files.some((file) => firstFiles.includes(file))).toBe(false);
      expect(await logged('theaterVideo.thumbnail')).toHaveLength(2);
    });
  });

  describe('collections', () => {
    it('replaces the members in their new order, numbering them 1, 2, … with their sublabels', async () => {
      for (const id of ['c-one', 'c-two', 'c-three']) await video(id);
      const created = await collection('season-one-extras', 'Season One Extras');
      expect(created).toMatchObject({ collectionID: 'season-one-extras', videos: [], version: 1 });

      const first = await call('PUT', '/collections/season-one-extras', {
        title: 'Season One Extras',
        members: [
          { videoID: 'c-two', sublabel: ' Behind the scenes ' },
          { videoID: 'c-one', sublabel: 'Trailer' },
          { videoID: 'c-three' },
        ],
        version: created.version,
      });
      expect(first.statusCode, first.body).toBe(200);
      const saved = first.json() as AdminTheaterCollection;
      expect(members(saved)).toEqual([
        [1, 'c-two', 'Behind the scenes'],
        [2, 'c-one', 'Trailer'],
        [3, 'c-three', ''],
      ]);
      expect(saved.version).toBe(2);
      expect((await call('GET', '/videos/c-one')).json()).toMatchObject({ collections: ['season-one-extras'] });

      const reordered = await call('PUT', '/collections/season-one-extras', {
        title: 'Extras',
        members: [
          { videoID: 'c-three', sublabel: 'Finale' },
          { videoID: 'c-two', sublabel: 'Behind the scenes' },
        ],
        version: saved.version,
      });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect(members(reordered.json() as AdminTheaterCollection)).toEqual([
        [1, 'c-three', 'Finale'],
        [2, 'c-two', 'Behind the scenes'],
      ]);
      expect((await call('GET', '/collections/season-one-extras', undefined, moderator)).json()).toEqual(
        reordered.json(),
      );
      const [, last] = (await logged('theaterCollection.update')).map((row) => JSON.parse(row.data));
      expect(last).toEqual({
        collectionID: 'season-one-extras',
        title: 'Extras',
        version: 3,
        changes: { title: { from: 'Season One Extras', to: 'Extras' } },
        members: ['c-three (Finale)', 'c-two (Behind the scenes)'],
        previousMembers: ['c-two (Behind the scenes)', 'c-one (Trailer)', 'c-three'],
      });
    });

    it('refuses unknown videos (400 naming them), a repeated video, and a stale version, changing nothing', async () => {
      await video('k-one');
      const loaded = await collection('keep');
      const kept = await call('PUT', '/collections/keep', {
        title: 'Keep',
        members: [{ videoID: 'k-one' }],
        version: loaded.version,
      });
      expect(kept.statusCode).toBe(200);
      const refusals: [object, number, string][] = [
        [
          { members: [{ videoID: 'k-one' }, { videoID: 'ghost' }, { videoID: 'phantom' }], version: 2 },
          400,
          unknownVideosMessage(['ghost', 'phantom']),
        ],
        [{ members: [{ videoID: 'k-one' }, { videoID: 'K-ONE' }], version: 2 }, 400, THEATER_MESSAGES.membersUnique],
        [{ members: [], version: 1 }, 409, 'Someone saved this collection after you opened it.'],
      ];
      for (const [body, status, message] of refusals) {
        const response = await call('PUT', '/collections/keep', { title: 'Changed', ...body });
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().error.message).toContain(message);
      }
      expect((await call('GET', '/collections/keep')).json()).toMatchObject({
        title: 'Keep',
        version: 2,
        videos: [{ videoID: 'k-one', videoNumber: 1 }],
      });
      expect(
        (await logged('theaterCollection.update')).filter((row) => JSON.parse(row.data).collectionID === 'keep'),
      ).toHaveLength(1);
    });

    it('lets exactly one of concurrent saves of one version replace the members', async () => {
      for (const id of ['r-one', 'r-two']) await video(id);
      const loaded = await collection('racy');
      const orders = [['r-one', 'r-two'], ['r-two', 'r-one'], ['r-one'], ['r-two']];
      const responses = await Promise.all(
        orders.map((order) =>
          call('PUT', '/collections/racy', {
            title: 'Racy',
            members: order.map((videoID) => ({ videoID })),
            version: loaded.version,
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const winner = responses.find((response) => response.statusCode === 200)?.json() as AdminTheaterCollection;
      expect((await call('GET', '/collections/racy')).json()).toEqual(winner);
    });

    it('refuses a taken collection id (409), lists oldest first, and deletes a collection but not its videos', async () => {
      await collection('dup');
      const taken = await call('POST', '/collections', { collectionID: 'dup', title: 'Again' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.message).toBe('A collection with the ID "dup" already exists.');
      expect(taken.json().error.details).toEqual({
        fields: { collectionID: 'A collection with the ID "dup" already exists.' },
      });

      const list = (await call('GET', '/collections?pageSize=500')).json() as AdminListPage<AdminTheaterCollection>;
      const ids = list.rows.map((row) => row.collectionID);
      expect(ids.indexOf('season-one-extras')).toBeLessThan(ids.indexOf('dup'));
      expect((await call('GET', '/collections?q=extras')).json()).toMatchObject({
        total: 1,
        rows: [{ collectionID: 'season-one-extras', videos: [{ videoID: 'c-three' }, { videoID: 'c-two' }] }],
      });

      const deleted = await call('DELETE', '/collections/season-one-extras');
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ id: 'season-one-extras' });
      expect((await call('GET', '/collections/season-one-extras')).statusCode).toBe(404);
      expect((await call('GET', '/videos/c-three')).json()).toMatchObject({ videoID: 'c-three', collections: [] });
      expect(
        await db()
          .selectFrom('theater_collection_videos')
          .selectAll()
          .where('collection_id', '=', 'season-one-extras')
          .execute(),
      ).toEqual([]);
      expect((await call('DELETE', '/collections/season-one-extras')).statusCode).toBe(404);
      expect((await logged('theaterCollection.delete')).map((row) => JSON.parse(row.data))).toEqual([
        { collectionID: 'season-one-extras', title: 'Extras' },
      ]);
    });

    it('deleting a video closes its collections’ ranks, bumps their versions, frees its id and removes its files', async () => {
      for (const id of ['d-one', 'd-two', 'd-three']) await video(id);
      const loaded = await collection('closing');
      const saved = (
        await call('PUT', '/collections/closing', {
          title: 'Closing',
          members: [
            { videoID: 'd-one' },
            { videoID: 'd-two', sublabel: 'Middle' },
            { videoID: 'd-three', sublabel: 'Last' },
          ],
          version: loaded.version,
        })
      ).json() as AdminTheaterCollection;
      expect((await uploadImage(t.app, staff, '/videos/d-two/thumbnail', await pngBytes())).statusCode).toBe(200);

      const deleted = await call('DELETE', '/videos/d-two');
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ id: 'd-two' });
      const after = (await call('GET', '/collections/closing')).json() as AdminTheaterCollection;
      expect(members(after)).toEqual([
        [1, 'd-one', ''],
        [2, 'd-three', 'Last'],
      ]);
      expect(after.version).toBe(saved.version + 1);
      expect(storedImages(t.dataDir, 'videos', 'd-two')).toEqual([]);
      expect(await db().selectFrom('theater_ids').selectAll().where('theater_id', '=', 'd-two').execute()).toEqual([]);
      expect((await logged('theaterVideo.delete')).map((row) => JSON.parse(row.data))).toContainEqual({
        videoID: 'd-two',
        title: 'Video d-two',
        collections: ['closing'],
      });
      expect((await call('GET', '/videos/d-two')).statusCode).toBe(404);
      expect((await call('DELETE', '/videos/d-two')).statusCode).toBe(404);
    });
  });
});
