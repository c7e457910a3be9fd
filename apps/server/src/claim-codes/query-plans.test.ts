import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches, looksUp, plansOf, readsEvery, settleForPlans } from '../testing/query-plans';
import { openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { claimCodePlayerRecord } from './player-record';

const CODES = 4_000;
const PLAYERS = 400;

/*
 * The player page's codes redeemed find the player's redemptions through
 * migrations/2026-12-27-redemptions-by-player.ts on both stores, not by reading (or skip-scanning) the
 * key that leads with the code.
 */
describe.each(TEST_DIALECTS)('a player’s redemptions on %s', (dialect) => {
  let t: TestStores;
  const game = () => t.stores.game.development;

  beforeAll(async () => {
    t = await openTestStores(dialect);
    await game()
      .insertInto('claim_code_batches')
      .values({
        claim_code_id: 'batch',
        batch_name: 'Launch',
        type: 'single',
        uses: 1,
        credits: 10,
        rewards: '[]',
        is_available: 1,
        created_at: '2026-01-01T00:00:00.000Z',
        created_by: 'staff',
      })
      .execute();
    const codes = Array.from({ length: CODES }, (_, index) => `code${index}`);
    await inBatches(
      codes.map((code) => ({ code, claim_code_id: 'batch', uses_left: 0 })),
      (batch) => game().insertInto('claim_codes').values(batch).execute(),
    );
    await inBatches(
      codes.map((code, index) => ({
        code,
        user_id: `player-${index % PLAYERS}`,
        redeemed_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      })),
      (batch) => game().insertInto('claim_code_redemptions').values(batch).execute(),
    );
    await settleForPlans(game(), dialect, ['claim_code_redemptions']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('finds them by claim_code_redemptions_user, newest first', async () => {
    let rows = 0;
    const planned = await plansOf(game(), dialect, async (db) => {
      const [section] = await claimCodePlayerRecord(
        { game: db, identity: t.stores.identity, environment: 'development' },
        'player-7',
      );
      rows = section?.total ?? 0;
    });
    expect(rows).toBe(CODES / PLAYERS);
    expect(planned).toHaveLength(2);
    for (const { plan } of planned) {
      expect(looksUp(dialect, plan, 'claim_code_redemptions', 'claim_code_redemptions_user'), plan).toBe(true);
      expect(readsEvery(dialect, plan, 'claim_code_redemptions'), plan).toBe(false);
      // Nor SQLite's skip-scan of the key that leads with the code.
      expect(plan).not.toMatch(/ANY\(code\)/);
    }
  });
});
