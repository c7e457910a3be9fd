import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches, planOfOnly, readsEvery, settleForPlans } from '../testing/query-plans';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { highestLevel } from './live-stats';

const PLAYERS = 4_000;
const TOP_LEVEL = 40;
const START = Date.parse('2026-11-01T00:00:00.000Z');

/** Players on levels 1 to 40, a hundred on each; the top level's reached at later times the higher their index. */
const levelOf = (index: number) => ({
  user_id: `player-${String(index).padStart(5, '0')}`,
  level: 1 + (index % TOP_LEVEL),
  reached_at: new Date(START + (PLAYERS - index) * 60_000).toISOString(),
});

/*
 * The live stats' highest level is read from the first entry of levels_first
 * (migrations/2026-12-29-highest-level-first.ts), in the read's own order, on both stores: a plan that
 * reads every player or sorts them fails.
 */
describe.each(TEST_DIALECTS)('the highest level on %s', (dialect) => {
  let t: TestStores;
  const game = () => t.stores.game.development;
  const rows = Array.from({ length: PLAYERS }, (_, index) => levelOf(index));

  beforeAll(async () => {
    t = await openTestStores(dialect);
    await inBatches(rows, (batch) => game().insertInto('levels').values(batch).execute());
    await settleForPlans(game(), dialect, ['levels']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('answers the first player to reach the top level from the index, unsorted', async () => {
    let answered: Awaited<ReturnType<typeof highestLevel>> = null;
    const plan = await planOfOnly(game(), dialect, async (db) => {
      answered = await highestLevel(db);
    });
    expect(readsEvery(dialect, plan, 'levels'), plan).toBe(false);
    expect(plan).not.toMatch(dialect === 'sqlite' ? /TEMP B-TREE/ : /\bSort\b/);
    expect(plan).toMatch(
      dialect === 'sqlite' ? /SCAN levels USING INDEX levels_first\b/ : /Index Scan using levels_first on levels\b/,
    );
    const first = rows
      .filter((row) => row.level === TOP_LEVEL)
      .reduce((earliest, row) => (row.reached_at < earliest.reached_at ? row : earliest));
    expect(answered).toEqual({ level: TOP_LEVEL, userID: first.user_id, reachedAt: first.reached_at });
  });
});
