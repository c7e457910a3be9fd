import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { type AudienceMembers, listedDevicesCount, measureMembers, membersCount } from './audience';
import { tokenKey } from './token-key';

/** Enough players that an audience is a few of many, as a real one is, when the stores plan its count. */
const PLAYERS = 4_000;
/** Seen since SINCE: every 100th player. */
const ACTIVE = PLAYERS / 100;
const SINCE = '2026-12-01T00:00:00.000Z';

const playerID = (index: number) => `player-${String(index).padStart(5, '0')}`;
/** Players with an even index have two devices, the others one. */
const devicesOf = (index: number) => (index % 2 === 0 ? 2 : 1);

describe.each(TEST_DIALECTS)('an audience’s size on %s', (dialect) => {
  let t: TestStores;
  const db = () => t.stores.game.development;
  const activePlayers = () => db().selectFrom('user_presence').select('user_id').where('last_seen', '>=', SINCE);
  const active = (): AudienceMembers => ({ kind: 'query', players: activePlayers() });
  const listed = (userIds: readonly string[]): AudienceMembers => ({ kind: 'listed', userIds });
  const activeIndexes = Array.from({ length: ACTIVE }, (_, index) => index * 100);

  beforeAll(async () => {
    t = await openTestStores(dialect);
    const devices = Array.from({ length: PLAYERS }, (_, player) =>
      Array.from({ length: devicesOf(player) }, (_, index) => {
        const token = `token-${player}-${index}`;
        return {
          token_hash: tokenKey(token),
          token,
          user_id: playerID(player),
          platform: 'android' as const,
          registered_at: '2026-11-01T00:00:00.000Z',
          last_seen: '2026-11-01T00:00:00.000Z',
        };
      }),
    ).flat();
    const presence = Array.from({ length: PLAYERS }, (_, player) => ({
      user_id: playerID(player),
      last_seen: player % 100 === 0 ? '2026-12-04T00:00:00.000Z' : '2026-10-01T00:00:00.000Z',
    }));
    for (let start = 0; start < devices.length; start += 500) {
      await db()
        .insertInto('push_devices')
        .values(devices.slice(start, start + 500))
        .execute();
    }
    for (let start = 0; start < presence.length; start += 500) {
      await db()
        .insertInto('user_presence')
        .values(presence.slice(start, start + 500))
        .execute();
    }
    // As autovacuum leaves them: statistics, and the visibility map user_presence_active's index-only scan relies on.
    if (dialect === 'postgres') await sql`vacuum analyze push_device_players, user_presence`.execute(db());
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** The plan of a count, as the store explains it. */
  async function planOf(query: { sql: string; parameters: readonly unknown[] }): Promise<string> {
    if (dialect === 'sqlite') {
      const plan = await db().executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return plan.rows.map((row) => row.detail).join('\n');
    }
    const plan = await db().executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  /**
   * The devices are counted from the players' counts, never from every device: SQLite looks each player up;
   * PostgreSQL weighs looking them up against a pass over the narrow counts (it passes at this size).
   */
  const expectPlayersCounts = (plan: string) => {
    expect(plan).not.toMatch(/\bpush_devices\b/);
    if (dialect === 'sqlite') {
      expect(plan).toMatch(
        /SEARCH push_device_players USING INDEX sqlite_autoindex_push_device_players_1 \(user_id=\?\)/,
      );
      expect(plan).not.toMatch(/SCAN push_device_players/);
    } else {
      expect(plan).toMatch(/ on push_device_players\b/);
    }
  };

  it('counts the players seen since a time and their devices in one statement', async () => {
    expect(await measureMembers(db(), active())).toEqual({
      players: ACTIVE,
      devices: activeIndexes.reduce((sum, index) => sum + devicesOf(index), 0),
    });
  });

  it('counts the active players’ devices from their counts, not from every device', async () => {
    expectPlayersCounts(await planOf(membersCount(activePlayers()).compile(db())));
  });

  it('counts a listed audience whole: each listed player once, devices or none, and their devices', async () => {
    const some = [playerID(1), playerID(2), playerID(3), 'no-such-player'];
    expect(await measureMembers(db(), listed(some))).toEqual({ players: 4, devices: 4 });
    expect(await measureMembers(db(), listed([]))).toEqual({ players: 0, devices: 0 });
  });

  it('counts a listed audience’s devices from their counts', async () => {
    expectPlayersCounts(await planOf(listedDevicesCount(db(), activeIndexes.map(playerID)).compile(db())));
  });
});
