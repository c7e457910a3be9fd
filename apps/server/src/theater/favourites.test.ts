import {
  FAVOURITE_EPISODE_TEXT,
  type FavouriteEpisodes,
  type TheaterLibrary,
  unknownEpisodeMessage,
} from '@outpost/contracts/theater';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, signUpPlayers } from '../identity/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { favouriteTally, putTestEpisode } from './testing';

describe.each(TEST_DIALECTS)('favourite episodes on %s', (dialect) => {
  let t: TestApp;
  let player: SignedIn;
  const db = () => t.stores.game.development;

  const favourite = (who: SignedIn | null, query: string) =>
    t.app.inject({
      url: `/api/fn/favourite-episode?${query}`,
      headers: who ? { authorization: who.bearer } : {},
    });
  const favourites = async (who: SignedIn) => {
    const response = await t.app.inject({
      url: '/api/account/favourite-episodes',
      headers: { authorization: who.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as FavouriteEpisodes).episodeIDs;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    player = await signUp(t.app, { email: 'fan@example.com' });
    for (const [episodeID, episode] of [
      ['s1e1', 1],
      ['s1e2', 2],
      ['s1e3', 3],
      ['crowd', 4],
      ['toggled', 5],
    ] as const) {
      await putTestEpisode(db(), { episodeID, season: 1, episode });
    }
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('adds a favourite once however often it is asked, and answers text', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await favourite(player, 'videoID=s1e1');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe(FAVOURITE_EPISODE_TEXT.added);
    }
    expect(await favouriteTally(db(), 's1e1')).toEqual({ count: 1, rows: 1 });
    const library = (await t.app.inject({ url: '/api/theater' })).json() as TheaterLibrary;
    expect(library.episodes.find((episode) => episode.episodeID === 's1e1')?.favouriteCount).toBe(1);
  });

  it('removes it once, and a repeated removal changes nothing', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await favourite(player, 'videoID=s1e1&remove=true');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toBe(FAVOURITE_EPISODE_TEXT.removed);
    }
    expect(await favouriteTally(db(), 's1e1')).toEqual({ count: 0, rows: 0 });
  });

  it('lists the player’s favourites, most recent first, and only theirs', async () => {
    const other = await signUp(t.app, { email: 'other-fan@example.com' });
    for (const episodeID of ['s1e2', 's1e3', 's1e1']) {
      expect((await favourite(player, `videoID=${episodeID}`)).statusCode).toBe(200);
      // Favourites are ordered by the time they were made, to the millisecond.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await favourite(other, 'videoID=s1e2')).statusCode).toBe(200);
    expect(await favourites(player)).toEqual(['s1e1', 's1e3', 's1e2']);
    expect(await favourites(other)).toEqual(['s1e2']);
    expect(await favouriteTally(db(), 's1e2')).toEqual({ count: 2, rows: 2 });
  });

  it('refuses an unknown episode with 404 and a bad remove flag with 400, storing nothing', async () => {
    const unknown = await favourite(player, 'videoID=s9e9');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorAnswer('not-found', unknownEpisodeMessage('s9e9'), { episodeID: 's9e9' }));
    const badFlag = await favourite(player, 'videoID=s1e1&remove=yes');
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().error.message).toBe('remove: remove must be true or left out.');
    const missing = await favourite(player, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('videoID');
    const rows = await db().selectFrom('episode_favourites').select('episode_id').execute();
    expect(rows.some((row) => row.episode_id === 's9e9')).toBe(false);
  });

  it('needs an account', async () => {
    expect((await favourite(null, 'videoID=s1e1')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/account/favourite-episodes' })).statusCode).toBe(401);
  });

  it('counts 200 concurrent favourites from 50 players as the 50 favourites they make', async () => {
    const players = await signUpPlayers(t.app, t.stores.identity, 'crowd', 50);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => favourite(players[index % players.length] ?? null, 'videoID=crowd')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(200).fill(200));
    expect(await favouriteTally(db(), 'crowd')).toEqual({ count: 50, rows: 50 });
  });

  it('keeps the count equal to the favourites under 200 concurrent adds and removes', async () => {
    const players = await signUpPlayers(t.app, t.stores.identity, 'toggle', 20);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        favourite(players[index % players.length] ?? null, `videoID=toggled${index % 3 === 0 ? '&remove=true' : ''}`),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(200).fill(200));
    const tally = await favouriteTally(db(), 'toggled');
    expect(tally.count).toBe(tally.rows);
    expect(tally.rows).toBeGreaterThan(0);
    expect(tally.rows).toBeLessThanOrEqual(20);
  });
});
