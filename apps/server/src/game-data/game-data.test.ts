import type { AdminListPage } from '@outpost/contracts/admin-list';
import type { AdminLogEntry } from '@outpost/contracts/backoffice';
import {
  type CreatedIngestKey,
  futureEventReason,
  GAME_EVENT_CLOCK_SKEW_MS,
  INGEST_BATCH_MAX,
  type IngestBatchResult,
  type IngestKey,
  type LiveSeries,
  type LiveSeriesName,
  type LiveStats,
  unknownPlayerReason,
} from '@outpost/contracts/game-data';
import { unknownEpisodesMessage } from '@outpost/contracts/theater';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { seedDemoData } from '../seed';
import { openSse, type SseStream } from '../testing/sse-client';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { ingestKeyDigest } from './keys';

const BOOTSTRAP_KEY = 'b'.repeat(40);

describe.each(TEST_DIALECTS)('game data on %s', (dialect) => {
  let t: TestApp;
  let roles: Record<'player' | 'moderator' | 'staff' | 'admin', SignedIn>;
  let players: SignedIn[];
  let base: string;
  const streams: SseStream[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      config: { ingestKeys: { development: BOOTSTRAP_KEY, beta: undefined, production: undefined } },
    });
    await seedDemoData(t.stores, 'development');
    roles = await signUpRoles(t.app, t.stores.identity, {
      player: [],
      moderator: ['moderator'],
      staff: ['staff'],
      admin: ['admin'],
    });
    players = await signUpPlayers(t.app, t.stores.identity, 'gamer', 6);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.cleanup();
  });

  const send = (events: unknown[], key: string | null = BOOTSTRAP_KEY, env = 'development') =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/${env}/events`,
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
      payload: { events },
    });
  const sent = async (events: unknown[], key: string = BOOTSTRAP_KEY) => {
    const response = await send(events, key);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as IngestBatchResult;
  };
  const as = (caller: SignedIn) => ({ authorization: caller.bearer });
  const liveStats = async (caller: SignedIn = roles.staff) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/development/live-stats',
      headers: as(caller),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LiveStats;
  };
  const at = (minutesAgo = 0) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
  let nextId = 0;
  const id = (what: string) => {
    nextId += 1;
    return `${dialect}:${what}:${nextId}`;
  };
  const total = async (name: string) =>
    Number(
      (await db().selectFrom('game_totals').select('value').where('name', '=', name).executeTakeFirst())?.value ?? 0,
    );
  const objectiveCount = async (key: string) =>
    Number(
      (await db().selectFrom('objective_counts').select('count').where('key', '=', key).executeTakeFirst())?.count ?? 0,
    );

  describe('service keys', () => {
    const createKey = (caller: SignedIn, name: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/development/ingest-keys',
        headers: as(caller),
        payload: { name },
      });

    it('are made by admins, shown once, stored as a digest, and work until revoked', async () => {
      const created = await createKey(roles.admin, '  Match servers EU  ');
      expect(created.statusCode, created.body).toBe(200);
      const { key, secret } = created.json() as CreatedIngestKey;
      expect(key).toMatchObject({
        name: 'Match servers EU',
        createdBy: roles.admin.userId,
        lastUsedAt: null,
        revokedAt: null,
      });
      expect(secret).toMatch(/^opk_[A-Za-z0-9_-]{43}$/);
      expect(secret.startsWith(key.prefix)).toBe(true);
      const stored = await db()
        .selectFrom('ingest_keys')
        .selectAll()
        .where('key_id', '=', key.keyID)
        .executeTakeFirstOrThrow();
      expect(stored.digest).toBe(ingestKeyDigest(secret));
      expect(JSON.stringify(stored)).not.toContain(secret);
      // The list never shows a secret again.
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/admin/development/ingest-keys',
        headers: as(roles.admin),
      });
      expect(listed.body).not.toContain(secret);

      const result = await sent(
        [{ id: id('presence'), type: 'presence', at: at(), userID: players[0]?.userId }],
        secret,
      );
      expect(result).toEqual({ stored: 1, duplicated: 0, refused: [] });
      const used = (listed.json() as { keys: IngestKey[] }).keys.find((entry) => entry.keyID === key.keyID);
      expect(used?.lastUsedAt).toBeNull();
      const after = await t.app.inject({
        method: 'GET',
        url: '/api/admin/development/ingest-keys',
        headers: as(roles.admin),
      });
      expect(
        (after.json() as { keys: IngestKey[] }).keys.find((entry) => entry.keyID === key.keyID)?.lastUsedAt,
      ).toEqual(expect.any(String));
      // Another environment's key opens nothing there.
      expect((await send([], secret, 'beta')).statusCode).toBe(401);

      const revoked = await t.app.inject({
        method: 'POST',
        url: `/api/admin/development/ingest-keys/${key.keyID}/revoke`,
        headers: as(roles.admin),
      });
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect((revoked.json() as IngestKey).revokedAt).toEqual(expect.any(String));
      const refused = await send(
        [{ id: id('presence'), type: 'presence', at: at(), userID: players[0]?.userId }],
        secret,
      );
      // Revoked beside a key still in force: 401, saying so.
      expect([refused.statusCode, refused.json().error.message]).toEqual([
        401,
        `This service key of development was revoked at ${(revoked.json() as IngestKey).revokedAt}: send a key in force.`,
      ]);
      // The configured key keeps working beside the stored ones.
      expect(
        (await send([{ id: id('presence'), type: 'presence', at: at(), userID: players[0]?.userId }])).statusCode,
      ).toBe(200);

      const log = await t.app.inject({
        method: 'GET',
        url: '/api/admin/development/admin-log?action=ingestKey.create',
        headers: as(roles.admin),
      });
      expect((log.json() as AdminListPage<AdminLogEntry>).rows[0]?.data).toEqual({
        keyID: key.keyID,
        name: 'Match servers EU',
      });
    });

    it('are for admins only, named, and a revoke names a key that exists', async () => {
      for (const caller of [roles.staff, roles.moderator, roles.player]) {
        expect((await createKey(caller, 'Not mine')).statusCode).toBe(403);
      }
      const nameless = await createKey(roles.admin, '   ');
      expect([nameless.statusCode, nameless.json().error.message]).toEqual([
        400,
        'name: Name the key: which server or team uses it.',
      ]);
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/admin/development/ingest-keys/nope/revoke',
        headers: as(roles.admin),
      });
      expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, 'There is no such service key.']);
    });

    it('refuse a missing, unknown or revoked key with 401 and the reason, whatever keys the environment has', async () => {
      const refusal = async (key: string | null, env = 'development') => {
        const response = await send(
          [{ id: id('presence'), type: 'presence', at: at(), userID: players[0]?.userId }],
          key,
          env,
        );
        return [response.statusCode, response.json().error.status, response.json().error.message];
      };
      const noKeyYet = (env: string) =>
        ` ${env} has no service key in force: make one in the back office, or set INGEST_${env.toUpperCase()}_KEY.`;
      expect(await refusal(null)).toEqual([
        401,
        'UNAUTHENTICATED',
        'This call needs a service key of development: send Authorization: Bearer <key>.',
      ]);
      expect(await refusal('wrong-key')).toEqual([401, 'UNAUTHENTICATED', 'That is not a service key of development.']);
      // An environment without any key: still the key's fault (401), with how to give it one.
      expect(await refusal('x'.repeat(40), 'production')).toEqual([
        401,
        'UNAUTHENTICATED',
        `That is not a service key of production.${noKeyYet('production')}`,
      ]);
      expect(await refusal(null, 'production')).toEqual([
        401,
        'UNAUTHENTICATED',
        `This call needs a service key of production: send Authorization: Bearer <key>.${noKeyYet('production')}`,
      ]);

      // Production's only key, made, used, then revoked: its calls are refused as revoked, not as unconfigured.
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/production/ingest-keys',
        headers: as(roles.admin),
        payload: { name: 'Only production key' },
      });
      const { key, secret } = created.json() as CreatedIngestKey;
      const accepted = await send(
        [{ id: id('presence'), type: 'presence', at: at(), userID: players[0]?.userId }],
        secret,
        'production',
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      const revoked = await t.app.inject({
        method: 'POST',
        url: `/api/admin/production/ingest-keys/${key.keyID}/revoke`,
        headers: as(roles.admin),
      });
      const { revokedAt } = revoked.json() as IngestKey;
      expect(await refusal(secret, 'production')).toEqual([
        401,
        'UNAUTHENTICATED',
        `This service key of production was revoked at ${revokedAt}: send a key in force.${noKeyYet('production')}`,
      ]);
      expect(await refusal('x'.repeat(40), 'production')).toEqual([
        401,
        'UNAUTHENTICATED',
        `That is not a service key of production.${noKeyYet('production')}`,
      ]);
    });
  });

  describe('batches', () => {
    it("let the event loop take turns between a batch's statements, where other requests are answered", async () => {
      const events = players.slice(0, 4).flatMap((player, n) => [
        { id: id('playtime'), type: 'playtime', at: at(n + 1), userID: player.userId, seconds: 60 },
        { id: id('objective'), type: 'objective', at: at(), userID: player.userId, key: 'login' },
        { id: id('level'), type: 'level', at: at(), userID: player.userId, level: 2 },
      ]);
      // Turns of the loop while the batch is handled: a synchronous store's transaction held it from
      // BEGIN to COMMIT, so the handling took only the few turns the request's body needs.
      let turns = 0;
      let counting = true;
      const count = () => {
        if (!counting) return;
        turns += 1;
        setImmediate(count);
      };
      setImmediate(count);
      const result = await sent(events);
      counting = false;
      expect(result.stored).toBe(events.length);
      expect(turns).toBeGreaterThanOrEqual(5);
    });

    it('store each good event, refuse each bad one with its index and reason, and count what was sent before', async () => {
      const [player] = players;
      const playtimeBefore = await total('playtime_seconds');
      const loginsBefore = await objectiveCount('login');
      const events = [
        { id: id('playtime'), type: 'playtime', at: at(3), userID: player?.userId, seconds: 1200 },
        { id: id('playtime'), type: 'playtime', at: at(2), userID: player?.userId, seconds: 0 },
        { type: 'objective', at: at(), userID: player?.userId, key: 'login' },
        { id: id('objective'), type: 'objective', at: at(), userID: 'no-such-player', key: 'login' },
        { id: id('objective'), type: 'objective', at: at(), userID: player?.userId, key: 'login' },
        { id: id('dance'), type: 'dance', at: at() },
        { id: id('item'), type: 'item-claimed', at: at(), userID: player?.userId, itemID: 'no-such-item' },
        { id: id('episode'), type: 'episode-stats', at: at(), episodeID: 'no-such-episode', stats: [] },
        { id: id('level'), type: 'level', at: 'yesterday', userID: player?.userId, level: 3 },
        'not an event',
      ];
      const first = await sent(events);
      expect(first.stored).toBe(2);
      expect(first.duplicated).toBe(0);
      expect(first.refused).toEqual([
        {
          index: 1,
          id: events[1] && (events[1] as { id: string }).id,
          reason: 'seconds must be a whole number from 1 to 86400.',
        },
        {
          index: 2,
          id: null,
          reason: 'id is required: the game’s own id for the event, so a resent batch is stored once.',
        },
        { index: 3, id: (events[3] as { id: string }).id, reason: unknownPlayerReason('no-such-player') },
        {
          index: 5,
          id: (events[5] as { id: string }).id,
          reason: expect.stringContaining('type must be one of playtime, level,'),
        },
        { index: 6, id: (events[6] as { id: string }).id, reason: 'There is no item no-such-item in items-master.' },
        { index: 7, id: (events[7] as { id: string }).id, reason: unknownEpisodesMessage(['no-such-episode']) },
        {
          index: 8,
          id: (events[8] as { id: string }).id,
          reason: 'at must be when it happened, in ISO 8601 with a time zone.',
        },
        { index: 9, id: null, reason: expect.any(String) },
      ]);
      expect(await total('playtime_seconds')).toBe(playtimeBefore + 1200);
      expect(await objectiveCount('login')).toBe(loginsBefore + 1);

      // The same batch again stores nothing twice; an event twice in one batch is stored once.
      const again = await sent(events);
      expect([again.stored, again.duplicated]).toEqual([0, 2]);
      const twice = { id: id('objective'), type: 'objective', at: at(), userID: player?.userId, key: 'lobby-chat' };
      expect(await sent([twice, twice])).toEqual({ stored: 1, duplicated: 1, refused: [] });
      expect(await total('playtime_seconds')).toBe(playtimeBefore + 1200);
      expect(await objectiveCount('login')).toBe(loginsBefore + 1);

      // A refused event was not stored: sent again once its player and its item exist, it is.
      const template = await t.stores.identity
        .selectFrom('auth_users')
        .selectAll()
        .where('id', '=', player?.userId ?? '')
        .executeTakeFirstOrThrow();
      await t.stores.identity
        .insertInto('auth_users')
        .values({ ...template, id: 'no-such-player', email: `no-such-player-${dialect}@example.com` })
        .execute();
      await t.stores.game.development
        .insertInto('items_master')
        .values({ item_id: 'no-such-item', name: 'Found Item', updated_at: new Date().toISOString() })
        .execute();
      expect(await sent([events[3], events[6]])).toEqual({ stored: 2, duplicated: 0, refused: [] });
      expect(await objectiveCount('login')).toBe(loginsBefore + 2);
      await t.stores.identity.deleteFrom('auth_users').where('id', '=', 'no-such-player').execute();
    });

    it('refuse a batch that is no list of 1 to 1,000 events', async () => {
      for (const events of [[], Array(INGEST_BATCH_MAX + 1).fill({})]) {
        const response = await send(events);
        expect([response.statusCode, response.json().error.message]).toEqual([
          400,
          `events: A batch carries 1 to ${INGEST_BATCH_MAX} events.`,
        ]);
      }
    });

    it('refuse presence and playtime dated ahead of the server’s clock beyond the skew, by index, and store the rest', async () => {
      const userID = players[5]?.userId ?? '';
      const playtimeBefore = await total('playtime_seconds');
      const now = Date.now();
      const ahead = (ms: number) => new Date(now + ms).toISOString();
      const events = [
        { id: id('presence'), type: 'presence', at: ahead(10 * 60_000), userID },
        { id: id('playtime'), type: 'playtime', at: ahead(3 * 60_000), userID, seconds: 600 },
        // Within the skew: a game server's clock a little ahead of ours.
        { id: id('presence'), type: 'presence', at: ahead(GAME_EVENT_CLOCK_SKEW_MS - 30_000), userID },
        { id: id('playtime'), type: 'playtime', at: ahead(60_000), userID, seconds: 60 },
      ];
      const refusedAt = (index: number) => ({
        index,
        id: events[index]?.id,
        reason: futureEventReason(events[index]?.at ?? '', new Date(now)),
      });
      expect(await sent(events)).toEqual({ stored: 2, duplicated: 0, refused: [refusedAt(0), refusedAt(1)] });
      expect(refusedAt(0).reason).toContain('10 minutes ahead');
      // Only the accepted ones moved the figures; the refused ones left no trace, not even their ids.
      const seen = await db().selectFrom('user_presence').select('last_seen').where('user_id', '=', userID).execute();
      expect(seen).toEqual([{ last_seen: events[2]?.at }]);
      expect(await total('playtime_seconds')).toBe(playtimeBefore + 60);
      const marked = await db()
        .selectFrom('ingested_events')
        .select('event_id')
        .where(
          'event_id',
          'in',
          events.map((event) => event.id),
        )
        .orderBy('event_id')
        .execute();
      expect(marked.map((row) => row.event_id)).toEqual([events[2]?.id, events[3]?.id].sort());
    });

    it('keep exact totals when batches overlapping each other arrive at once', async () => {
      const playtimeBefore = await total('playtime_seconds');
      const chatsBefore = await objectiveCount('lobby-chat');
      const tacosBefore = (await liveStats()).claimedItems.find((item) => item.itemID === 'taco')?.count ?? 0;
      const shared = Array.from(
        { length: 60 },
        (_, index): { id: string; type: string; seconds?: number } & Record<string, unknown> => {
          const userID = players[index % players.length]?.userId;
          const kind = index % 3;
          return kind === 0
            ? { id: id('playtime'), type: 'playtime', at: at(index), userID, seconds: 10 + index }
            : kind === 1
              ? { id: id('chat'), type: 'objective', at: at(index), userID, key: 'lobby-chat' }
              : { id: id('taco'), type: 'item-claimed', at: at(index), userID, itemID: 'taco', quantity: 2 };
        },
      );
      // Eight batches, each a different overlapping slice of the same 60 events.
      const batches = Array.from({ length: 8 }, (_, batch) => shared.slice(batch * 5, batch * 5 + 30));
      const results = await Promise.all(batches.map((events) => sent(events)));
      const stored = results.reduce((sum, result) => sum + result.stored, 0);
      const seen = new Set(batches.flat().map((event) => event.id));
      expect(stored).toBe(seen.size);
      expect(results.every((result) => result.refused.length === 0)).toBe(true);
      const unique = shared.filter((event) => seen.has(event.id));
      const expectedSeconds = unique.reduce((sum, event) => sum + (event.seconds ?? 0), 0);
      expect(await total('playtime_seconds')).toBe(playtimeBefore + expectedSeconds);
      expect(await objectiveCount('lobby-chat')).toBe(
        chatsBefore + unique.filter((event) => event.type === 'objective').length,
      );
      const tacos = (await liveStats()).claimedItems.find((item) => item.itemID === 'taco')?.count;
      expect(tacos).toBe(tacosBefore + 2 * unique.filter((event) => event.type === 'item-claimed').length);
      // The players' inventories have the tacos, as a spin's or a code's items are.
      const claimed = await db()
        .selectFrom('claimed_items')
        .select((eb) => eb.fn.sum<string | number>('quantity').as('quantity'))
        .where('source', '=', 'game')
        .where('item_id', '=', 'taco')
        .executeTakeFirstOrThrow();
      expect(Number(claimed.quantity)).toBeGreaterThanOrEqual(
        2 * unique.filter((event) => event.type === 'item-claimed').length,
      );
    });

    it('store the theater’s episode stats and moderation’s reports beside the game’s records', async () => {
      const episode = await db().selectFrom('episodes').select('episode_id').limit(1).executeTakeFirstOrThrow();
      const reportID = id('report');
      const result = await sent([
        {
          id: id('stats'),
          type: 'episode-stats',
          at: at(5),
          episodeID: episode.episode_id,
          stats: [{ key: 'views', value: 1 }],
        },
        {
          id: id('stats'),
          type: 'episode-stats',
          at: at(1),
          episodeID: episode.episode_id,
          stats: [{ key: 'views', value: 42 }],
        },
        {
          id: reportID,
          type: 'report',
          at: at(),
          category: 'bug',
          target: 'Harbor crane',
          text: 'Clips through the dock.',
        },
      ]);
      expect(result).toEqual({ stored: 3, duplicated: 0, refused: [] });
      const stats = await db()
        .selectFrom('episode_stats')
        .selectAll()
        .where('episode_id', '=', episode.episode_id)
        .execute();
      expect(stats.map((stat) => [stat.stat_key, stat.value])).toEqual([['views', 42]]);
      const report = await db()
        .selectFrom('reports')
        .selectAll()
        .where('target', '=', 'Harbor crane')
        .executeTakeFirstOrThrow();
      expect(report).toMatchObject({ source: 'game', category: 'bug', resolved: 0 });
    });
  });

  describe('live stats', () => {
    it('answer the figures of docs/product.md §9.2 exactly, for staff and admins only', async () => {
      const [, second, third] = players;
      await sent([
        { id: id('level'), type: 'level', at: at(9), userID: second?.userId, level: 90 },
        { id: id('level'), type: 'level', at: at(8), userID: second?.userId, level: 40 },
        { id: id('presence'), type: 'presence', at: at(1), userID: second?.userId },
        { id: id('presence'), type: 'presence', at: at(30), userID: third?.userId },
        { id: id('map'), type: 'map-presence', at: at(), mapID: 'canyon', activeNow: 9 },
        { id: id('map'), type: 'map-presence', at: at(2), mapID: 'canyon', activeNow: 3 },
        { id: id('map'), type: 'map-presence', at: at(30), mapID: 'quarry', activeNow: 50 },
      ]);
      const stats = await liveStats();
      const accounts = await t.stores.identity.selectFrom('auth_users').select('id').execute();
      expect(stats.usersCount).toBe(accounts.length);
      expect(stats.playtimeSeconds).toBe(await total('playtime_seconds'));
      expect(stats.objectives.map((objective) => objective.key)).toEqual(['login', 'lobby-chat']);
      expect(stats.claimedItems.map((item) => item.itemID)).toEqual(['taco', 'boba-tea']);
      // The highest level reached; a lower one reported later does not lower it.
      expect(stats.highestLevel).toMatchObject({ level: 90, userID: second?.userId });
      // Active now is the maps' reports of the last five minutes, summed: the figure and the maps agree, and
      // a map last reported half an hour ago is its past, not counted.
      const current = stats.maps.filter((map) => map.current);
      expect(current.map((map) => map.mapID)).toContain('canyon');
      expect(stats.maps.find((map) => map.mapID === 'quarry')).toMatchObject({ activeNow: 50, current: false });
      expect(stats.activeNow).toBe(current.reduce((sum, map) => sum + map.activeNow, 0));
      expect(stats.activeNowAsOf).toBe(
        current
          .map((map) => map.updatedAt)
          .sort()
          .at(-1),
      );
      expect(stats.recentUsers).toHaveLength(Math.min(20, accounts.length));
      const joined = stats.recentUsers.map((user) => user.joinedAt);
      expect(joined).toEqual([...joined].sort().reverse());
      // A map counted later wins; a map the game sent no data for says so with null (docs/product.md §8.5).
      expect(stats.maps.find((map) => map.mapID === 'canyon')).toMatchObject({ activeNow: 9, data: null });
      expect(stats.maps.find((map) => map.mapID === 'plaza')?.data).toMatchObject({ name: 'Central Plaza' });

      await liveStats(roles.admin);
      for (const caller of [roles.moderator, roles.player]) {
        const refused = await t.app.inject({
          method: 'GET',
          url: '/api/admin/development/live-stats',
          headers: as(caller),
        });
        expect(refused.statusCode).toBe(403);
      }
    });

    it('count the accounts exactly as they come and go, one at a time or many in one statement', async () => {
      const identity = t.stores.identity;
      const accounts = async () => (await identity.selectFrom('auth_users').select('id').execute()).length;
      const stamp = dialect === 'postgres' ? new Date() : new Date().toISOString();
      const ids = ['count-a', 'count-b', 'count-c'];
      await identity
        .insertInto('auth_users')
        .values(
          ids.map((userId) => ({
            id: userId,
            name: userId,
            email: `${userId}@example.com`,
            email_verified: dialect === 'postgres' ? false : 0,
            image: null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      expect((await liveStats()).usersCount).toBe(await accounts());
      await identity.deleteFrom('auth_users').where('id', 'in', ids.slice(0, 2)).execute();
      await identity.deleteFrom('auth_users').where('id', '=', 'count-c').execute();
      expect((await liveStats()).usersCount).toBe(await accounts());
    });

    it('move on an open back-office stream when a batch lands, and the players’ presence and a map’s arrive as records', async () => {
      const stream = await openSse(
        `${base}/api/live?topics=live-stats,user-presence,map-presence,accounts&env=development`,
        as(roles.staff),
      );
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.next((event) => event.event === 'ready');
      const player = players[3];
      await sent([
        { id: id('playtime'), type: 'playtime', at: at(), userID: player?.userId, seconds: 77 },
        { id: id('presence'), type: 'presence', at: at(), userID: player?.userId },
        { id: id('map'), type: 'map-presence', at: at(), mapID: 'harbor', activeNow: 23 },
      ]);
      // The batch's changes may reach the feed in one read, each topic's at its latest: in any order.
      const lastOf = (topic: string) => stream.events.filter((event) => event.event === topic).at(-1)?.data;
      const playtime = await total('playtime_seconds');
      await expect
        .poll(() => (lastOf('live-stats') as { record: LiveStats } | undefined)?.record.playtimeSeconds)
        .toBe(playtime);
      // The players' presence is one record: how many are active now, and the latest sighting.
      await expect
        .poll(() => lastOf('user-presence'))
        .toMatchObject({
          key: 'players',
          record: { activeNow: expect.any(Number), lastSeen: expect.any(String) },
        });
      await expect
        .poll(() => lastOf('map-presence'))
        .toMatchObject({
          key: 'harbor',
          record: { activeNow: 23, data: { name: 'Old Harbor' } },
        });
      const [newcomer] = await signUpPlayers(t.app, t.stores.identity, 'newcomer', 1);
      await expect
        .poll(
          () =>
            (lastOf('accounts') as { record: { recentUsers: { userID: string }[] } } | undefined)?.record.recentUsers[0]
              ?.userID,
        )
        .toBe(newcomer?.userId);
    });
  });

  it('draws the charts: each series by the hour over 24 h and by the day over 7 to 90 days, 0 where nothing happened', async () => {
    const series = async (range?: string, caller: SignedIn = roles.staff) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/development/live-stats/series${range ? `?range=${range}` : ''}`,
        headers: as(caller),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as LiveSeries;
    };
    const delta = (after: LiveSeries, before: LiveSeries, name: LiveSeriesName) =>
      after.series[name].map((value, index) => value - (before.series[name][index] ?? 0));
    const HOUR = 3_600_000;
    const thisHour = Math.floor(Date.now() / HOUR) * HOUR;
    const iso = (time: number) => new Date(time).toISOString();
    const before = { hours: await series('24h'), days: await series('7d') };
    expect(before.hours.unit).toBe('hour');
    expect(before.hours.buckets).toHaveLength(24);
    expect(before.hours.buckets.at(-1)).toBe(iso(thisHour));
    expect(before.days.unit).toBe('day');
    expect(before.days.buckets.at(-1)).toBe(`${iso(thisHour).slice(0, 10)}T00:00:00.000Z`);
    expect((await series('90d')).buckets).toHaveLength(90);
    // No range: the last 7 days.
    expect((await series()).buckets).toEqual(before.days.buckets);

    const [a, b] = await signUpPlayers(t.app, t.stores.identity, 'charted', 2);
    const twoHoursAgo = thisHour - 2 * HOUR;
    await sent([
      { id: id('presence'), type: 'presence', at: iso(thisHour), userID: a?.userId },
      { id: id('presence'), type: 'presence', at: iso(thisHour), userID: b?.userId },
      { id: id('presence'), type: 'presence', at: iso(twoHoursAgo), userID: a?.userId },
      { id: id('playtime'), type: 'playtime', at: iso(thisHour), userID: a?.userId, seconds: 90 },
      { id: id('playtime'), type: 'playtime', at: iso(thisHour), userID: b?.userId, seconds: 30 },
      { id: id('playtime'), type: 'playtime', at: iso(twoHoursAgo), userID: a?.userId, seconds: 40 },
    ]);
    // A credit pack bought and one still awaiting payment; a merch order paid and one refunded.
    const order = { user_id: a?.userId ?? '', payment: 'paypal', pack_id: 'pack', machine_id: null, amount_cents: 499 };
    await db()
      .insertInto('payment_orders')
      .values(
        (['completed', 'pending'] as const).map((status) => ({
          ...order,
          order_id: id('shop-order'),
          kind: 'credit-pack',
          credits: 500,
          currency: 'USD',
          paypal_order_id: null,
          stripe_session_id: null,
          stripe_payment_intent: null,
          status,
          created_at: iso(thisHour),
          settled_at: iso(thisHour),
        })),
      )
      .execute();
    await db()
      .insertInto('merch_orders')
      .values(
        (['paid', 'refunded'] as const).map((status) => ({
          order_id: id('merch-order'),
          user_id: a?.userId ?? '',
          order_time: iso(thisHour),
          status,
          payment: 'credits',
          total_cents: 2500,
          total_credits: 2500,
          reserved_until: null,
          paid_at: iso(thisHour),
          packed_at: null,
          shipped_at: null,
          tracking_reference: null,
          refunded_cents: status === 'refunded' ? 2500 : 0,
          shipping: '{}',
          checkout_url: null,
          version: 1,
          updated_at: iso(thisHour),
        })),
      )
      .execute();

    const hours = await series('24h');
    /** 24 hourly values, 0 but where given: -1 is the current hour, -3 two hours before it. */
    const only = (values: Record<number, number>) => Array.from({ length: 24 }, (_, index) => values[index - 24] ?? 0);
    expect(delta(hours, before.hours, 'activePlayers')).toEqual(only({ [-1]: 2, [-3]: 1 }));
    expect(delta(hours, before.hours, 'playtimeSeconds')).toEqual(only({ [-1]: 120, [-3]: 40 }));
    expect(delta(hours, before.hours, 'signUps')).toEqual(only({ [-1]: 2 }));
    expect(delta(hours, before.hours, 'creditPurchases')).toEqual(only({ [-1]: 1 }));
    expect(delta(hours, before.hours, 'merchPurchases')).toEqual(only({ [-1]: 1 }));

    // By the day, a player seen twice in a day is one; two hours ago may be yesterday.
    const days = await series('7d');
    const sameDay = iso(twoHoursAgo).slice(0, 10) === iso(thisHour).slice(0, 10);
    const today = (value: number, yesterday = 0) =>
      Array.from({ length: 7 }, (_, index) => (index === 6 ? value : index === 5 ? yesterday : 0));
    expect(delta(days, before.days, 'activePlayers')).toEqual(sameDay ? today(2) : today(2, 1));
    expect(delta(days, before.days, 'playtimeSeconds')).toEqual(sameDay ? today(160) : today(120, 40));
    expect(delta(days, before.days, 'signUps')).toEqual(today(2));
    expect(delta(days, before.days, 'creditPurchases')).toEqual(today(1));
    expect(delta(days, before.days, 'merchPurchases')).toEqual(today(1));

    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/admin/development/live-stats/series?range=1y',
      headers: as(roles.staff),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('range must be one of 24h, 7d, 30d, 90d.');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/development/live-stats/series',
      headers: as(roles.moderator),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('gives a player their game data in their download, and keeps only what others rely on when they go', async () => {
    const [, , , , leaving] = players;
    await sent([
      { id: id('playtime'), type: 'playtime', at: at(3), userID: leaving?.userId, seconds: 600 },
      { id: id('level'), type: 'level', at: at(3), userID: leaving?.userId, level: 5 },
      { id: id('presence'), type: 'presence', at: at(1), userID: leaving?.userId },
      { id: id('objective'), type: 'objective', at: at(1), userID: leaving?.userId, key: 'login' },
    ]);
    const { gameDataPersonalData } = await import('./personal-data');
    const subject = {
      userId: leaving?.userId ?? '',
      email: 'x@example.com',
      displayName: null,
      writtenBefore: new Date().toISOString(),
    };
    const exported = (await gameDataPersonalData.export(db(), subject)) as {
      game: { playSessions: unknown[]; level: unknown; objectives: unknown[]; lastSeen: string | null };
    };
    expect(exported.game).toMatchObject({
      playSessions: [{ seconds: 600 }],
      level: { level: 5 },
      lastSeen: expect.any(String),
    });
    const playtime = await total('playtime_seconds');
    await db()
      .transaction()
      .execute((trx) => gameDataPersonalData.erase(trx, { ...subject, anonymousId: `deleted-${dialect}` }));
    for (const table of [
      'user_playtime',
      'levels',
      'user_presence',
      'objective_tracking',
      'presence_hours',
      'presence_days',
    ] as const) {
      const left = await db().selectFrom(table).select('user_id').where('user_id', '=', subject.userId).execute();
      expect(left, table).toEqual([]);
    }
    expect(await total('playtime_seconds')).toBe(playtime);
  });
});
