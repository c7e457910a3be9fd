import { invalidEnvironmentMessage } from '@outpost/contracts/environments';
import {
  EPISODE_MAX_STATS,
  INGEST_MAX_EPISODES,
  THEATER_MESSAGES,
  type TheaterEntry,
  unknownEpisodesMessage,
} from '@outpost/contracts/theater';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { putTestEpisode, putTestEpisodeStats } from './testing';

const KEYS = { development: 'dev-key-for-the-game-servers', beta: undefined, production: 'p'.repeat(48) };

describe.each(TEST_DIALECTS)('in-game stats ingestion on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.stores.game.development;

  const ingest = (environment: string, body: unknown, authorization: string | null = `Bearer ${KEYS.development}`) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/ingest/${environment}/episode-stats`,
      headers: authorization === null ? {} : { authorization },
      payload: body as object,
    });
  const statsOf = async (episodeID: string, environment = 'development') => {
    const stats = await t.stores.game[environment as 'development' | 'production']
      .selectFrom('episode_stats')
      .select(['stat_key', 'label', 'value'])
      .where('episode_id', '=', episodeID)
      .orderBy('position')
      .execute();
    return stats.map((stat) => [stat.stat_key, stat.label, Number(stat.value)]);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { config: { ingestKeys: KEYS } });
    for (let episode = 1; episode <= 4; episode += 1) {
      await putTestEpisode(db(), { episodeID: `s1e${episode}`, season: 1, episode });
    }
    await putTestEpisode(t.stores.game.production, { episodeID: 's1e1', season: 1, episode: 1 });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  describe('authentication', () => {
    const body = { episodes: [{ episodeID: 's1e1', stats: [{ key: 'views', value: 1 }] }] };

    it('refuses a call without the key, with another word than Bearer, or with a wrong key', async () => {
      for (const authorization of [
        null,
        `Basic ${KEYS.development}`,
        'Bearer not-the-key',
        `Bearer ${KEYS.production}`,
      ]) {
        const response = await ingest('development', body, authorization);
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(response.json().error.status).toBe('UNAUTHENTICATED');
      }
      expect(await statsOf('s1e1')).toEqual([]);
    });

    it('tells the caller that its key is none of an environment without a key, and how to give it one (401)', async () => {
      const response = await ingest('beta', body, `Bearer ${KEYS.development}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(
        errorAnswer(
          'unauthenticated',
          'That is not a service key of beta. beta has no service key in force: make one in the back office, or set INGEST_BETA_KEY.',
        ),
      );
    });

    it('refuses an environment that is none of the three with 400', async () => {
      const response = await ingest('staging', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorAnswer('invalid-argument', invalidEnvironmentMessage('staging')));
    });

    it('answers 401 on a server where no environment has a key', async () => {
      const bare = await buildTestApp(dialect);
      try {
        const response = await bare.app.inject({
          method: 'PUT',
          url: '/api/ingest/development/episode-stats',
          headers: { authorization: 'Bearer anything' },
          payload: body,
        });
        expect(response.statusCode).toBe(401);
      } finally {
        await bare.cleanup();
      }
    });
  });

  it('replaces each named episode’s stats in the game’s order, labelled, with the time of the report', async () => {
    const before = Date.now();
    const response = await ingest('development', {
      episodes: [
        {
          episodeID: 'S1E1',
          stats: [
            { key: 'views', value: 1200 },
            { key: 'custom_metric', label: 'Crates opened', value: 33.5 },
            { key: 'playersOnline', value: 7 },
          ],
        },
        { episodeID: 's1e2', stats: [{ key: 'completions', value: 5 }] },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    const entry = (await t.app.inject({ url: '/api/theater/s1e1' })).json() as TheaterEntry;
    if (entry.kind !== 'episode') throw new Error('s1e1 is an episode');
    expect(entry.episode.stats.values).toEqual([
      { key: 'views', label: 'Views in game', value: 1200 },
      { key: 'custom_metric', label: 'Crates opened', value: 33.5 },
      { key: 'playersOnline', label: 'Players online', value: 7 },
    ]);
    expect(Date.parse(entry.episode.stats.updatedAt ?? '')).toBeGreaterThanOrEqual(before);
    expect(await statsOf('s1e2')).toEqual([['completions', 'Players who finished it', 5]]);

    // The next report replaces the whole set: a figure it leaves out is gone.
    const again = await ingest('development', {
      episodes: [{ episodeID: 's1e1', stats: [{ key: 'shares', value: 9 }] }],
    });
    expect(again.json()).toEqual({ updated: 1 });
    expect(await statsOf('s1e1')).toEqual([['shares', 'Shares', 9]]);
    expect(await statsOf('s1e2')).toEqual([['completions', 'Players who finished it', 5]]);
    const cleared = await ingest('development', { episodes: [{ episodeID: 's1e2', stats: [] }] });
    expect(cleared.json()).toEqual({ updated: 1 });
    expect(await statsOf('s1e2')).toEqual([]);
  });

  it('stores nothing when any episode named is unknown, and says which (404)', async () => {
    await putTestEpisodeStats(db(), 's1e3', [{ key: 'views', label: 'Views in game', value: 1 }]);
    const response = await ingest('development', {
      episodes: [
        { episodeID: 's1e3', stats: [{ key: 'views', value: 999 }] },
        { episodeID: 'nope', stats: [] },
        { episodeID: 'gone', stats: [{ key: 'views', value: 1 }] },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(
      errorAnswer('not-found', unknownEpisodesMessage(['nope', 'gone']), { episodeIDs: ['nope', 'gone'] }),
    );
    expect(await statsOf('s1e3')).toEqual([['views', 'Views in game', 1]]);
  });

  it.each([
    [{ episodes: [] }, `episodes: ${THEATER_MESSAGES.ingestTooMany}`],
    [
      {
        episodes: [
          { episodeID: 's1e1', stats: [] },
          { episodeID: 's1e1', stats: [] },
        ],
      },
      `episodes: ${THEATER_MESSAGES.ingestUnique}`,
    ],
    [
      {
        episodes: [
          {
            episodeID: 's1e1',
            stats: [
              { key: 'views', value: 1 },
              { key: 'views', value: 2 },
            ],
          },
        ],
      },
      `episodes.0.stats: ${THEATER_MESSAGES.statKeysUnique}`,
    ],
    [
      { episodes: [{ episodeID: 's1e1', stats: [{ key: 'views', value: '12' }] }] },
      `episodes.0.stats.0.value: ${THEATER_MESSAGES.statValue}`,
    ],
    [
      { episodes: [{ episodeID: 's1e1', stats: [{ key: '1st', value: 1 }] }] },
      `episodes.0.stats.0.key: ${THEATER_MESSAGES.statKey}`,
    ],
  ])('refuses %j with 400 saying what is wrong', async (body, message) => {
    const response = await ingest('development', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorAnswer('invalid-argument', message));
  });

  it('writes to the store of the environment the path names, with that environment’s key', async () => {
    const response = await ingest(
      'production',
      { episodes: [{ episodeID: 's1e1', stats: [{ key: 'views', value: 77 }] }] },
      `Bearer ${KEYS.production}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await statsOf('s1e1', 'production')).toEqual([['views', 'Views in game', 77]]);
    expect(await statsOf('s1e1')).toEqual([['shares', 'Shares', 9]]);
  });

  it('takes the largest report the contract allows in one call', async () => {
    const ids = Array.from({ length: INGEST_MAX_EPISODES }, (_, index) => `bulk-${index}`);
    for (const [index, episodeID] of ids.entries()) {
      await putTestEpisode(db(), { episodeID, season: 100, episode: index });
    }
    const stats = Array.from({ length: EPISODE_MAX_STATS }, (_, index) => ({ key: `figure${index}`, value: index }));
    const response = await ingest('development', { episodes: ids.map((episodeID) => ({ episodeID, stats })) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: INGEST_MAX_EPISODES });
    const rows = await db()
      .selectFrom('episode_stats')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('episode_id', 'like', 'bulk-%')
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(INGEST_MAX_EPISODES * EPISODE_MAX_STATS);
  });

  it('applies concurrent reports of the same episodes one after the other, never mixing them', async () => {
    const episodes = ['s1e1', 's1e2', 's1e3', 's1e4'];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, report) =>
        ingest('development', {
          // Reports name the episodes in different orders.
          episodes: (report % 2 === 0 ? episodes : [...episodes].reverse()).map((episodeID) => ({
            episodeID,
            stats: [
              { key: `report${report}`, value: report },
              { key: `second${report}`, value: report },
            ],
          })),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    for (const episodeID of episodes) {
      const keys = (await statsOf(episodeID)).map(([key]) => key);
      expect(keys).toHaveLength(2);
      const report = String(keys[0]).replace('report', '');
      expect(keys, episodeID).toEqual([`report${report}`, `second${report}`]);
    }
  });
});
