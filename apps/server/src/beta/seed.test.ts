import { type BetaProgramme, DEFAULT_BETA_CONFIG } from '@outpost/contracts/beta';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../identity/testing';
import { seedDemoData } from '../seed';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { DEMO_INVITE_CODE } from './seed';
import { inviteClaims } from './testing';

describe.each(TEST_DIALECTS)('the beta programme’s demo data on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.stores.game.development;
  const programme = async () => (await t.app.inject({ url: '/api/beta' })).json() as BetaProgramme;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('offers two active objectives, beta-config/v1 and an admin invite any player can claim', async () => {
    const seeded = await programme();
    expect(seeded.config).toEqual(DEFAULT_BETA_CONFIG);
    expect(seeded.objectives.map((objective) => objective.objectiveID).sort()).toEqual(['first-base', 'lobby-chat']);
    const config = await db().selectFrom('config_documents').select('config_id').execute();
    expect(config.map((row) => row.config_id)).toContain('beta-config/v1');

    const player = await signUp(t.app, { email: 'demo-player@example.com' });
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/account/invites/${DEMO_INVITE_CODE}/claim`,
      headers: { authorization: player.bearer },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ source: 'admin', newlyClaimed: true });
  });

  it('leaves what staff changed as it is when seeded again', async () => {
    await db().updateTable('testing_objectives').set({ active: 0 }).where('objective_id', '=', 'lobby-chat').execute();
    await db()
      .updateTable('config_documents')
      .set({ data: JSON.stringify({ ...DEFAULT_BETA_CONFIG, feedbackOpen: false }) })
      .where('config_id', '=', 'beta-config/v1')
      .execute();
    await seedDemoData(t.stores, 'development');
    const after = await programme();
    expect(after.objectives.map((objective) => objective.objectiveID)).toEqual(['first-base']);
    expect(after.config.feedbackOpen).toBe(false);
    expect((await inviteClaims(db(), DEMO_INVITE_CODE)).claimedBy).toHaveLength(1);
  });
});
