import { ACTIVE_NOW_MINUTES } from '@outpost/contracts/game-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureMembers } from '../push/audience';
import { recipientMembers } from '../push/recipients';
import { inBatches, type PlannedQuery, plansOf, settleForPlans } from '../testing/query-plans';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { countPlayersSeen } from './live-stats';

const PLAYERS = 4_000;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const NOW = new Date('2026-12-05T12:00:00.000Z');
/** A push message's active audience: the players seen since the day before. */
const SINCE = new Date(NOW.getTime() - DAY_MS).toISOString();

const playerID = (index: number) => `player-${String(index).padStart(5, '0')}`;
/**
 * Every 100th player was seen in the last few minutes, every 100th from the 50th in the last day, the
 * others a month ago or more: each at an instant of their own, as presence is.
 */
const seenAt = (index: number) => {
  const ago =
    index % 100 === 0 ? index * 50 : index % 100 === 50 ? HOUR_MS + index * 1_000 : 30 * DAY_MS + index * 60_000;
  return new Date(NOW.getTime() - ago).toISOString();
};

/*
 * The counts of the players seen since a time (a push message's active audience, live stats' active now)
 * find them through user_presence_active (migrations/2026-12-28-active-players.ts) on both stores, from
 * the index alone: a plan that reads every player, or visits their rows for their ids, fails.
 */
describe.each(TEST_DIALECTS)('the players seen since a time on %s', (dialect) => {
  let t: TestStores;
  const game = () => t.stores.game.development;
  const message = {
    recipient_category: 'active',
    active_since: SINCE,
    user_ids: null,
    segment_id: null,
  } as const;
  const recipientStores = (db = game()) => ({
    game: db,
    identity: t.stores.identity,
    segmentMembers: async () => null,
  });
  const indexes = Array.from({ length: PLAYERS }, (_, index) => index);
  const activeSince = (since: string) => indexes.filter((index) => seenAt(index) >= since).map(playerID);

  beforeAll(async () => {
    t = await openTestStores(dialect);
    await inBatches(
      indexes.map((index) => ({ user_id: playerID(index), last_seen: seenAt(index) })),
      (batch) => game().insertInto('user_presence').values(batch).execute(),
    );
    await settleForPlans(game(), dialect, ['user_presence']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** Every step of `planned` that reads user_presence looks the players up in user_presence_active alone. */
  const expectFromIndexAlone = (planned: readonly PlannedQuery[]) => {
    const steps = planned.flatMap(({ plan }) => plan.split('\n').filter((step) => /\buser_presence\b/.test(step)));
    expect(steps).not.toHaveLength(0);
    for (const step of steps)
      expect(step).toMatch(
        dialect === 'sqlite'
          ? /^SEARCH user_presence USING COVERING INDEX user_presence_active \(last_seen>\?\)$/
          : /Index Only Scan using user_presence_active on user_presence\b/,
      );
  };

  it('counts a push message’s active players whole from the index', async () => {
    let measured = { players: 0, devices: 0 };
    const planned = await plansOf(game(), dialect, async (db) => {
      measured = await measureMembers(db, await recipientMembers(recipientStores(db), message));
    });
    expectFromIndexAlone(planned);
    expect(measured).toEqual({ players: activeSince(SINCE).length, devices: 0 });
  });

  it('counts live stats’ players active now from the index', async () => {
    let count = 0;
    const planned = await plansOf(game(), dialect, async (db) => {
      count = await countPlayersSeen(db, NOW);
    });
    expectFromIndexAlone(planned);
    expect(count).toBe(activeSince(new Date(NOW.getTime() - ACTIVE_NOW_MINUTES * 60_000).toISOString()).length);
    expect(count).toBe(PLAYERS / 100);
  });
});
