import { DEFAULT_PARTNER_REWARD_ID } from '@outpost/contracts/partners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from '../identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { findReward } from './rewards';

describe.each(TEST_DIALECTS)('the default partner reward of docs/product.md §9.1 on %s', (dialect) => {
  let t: TestApp;
  let partner: SignedIn;

  beforeAll(async () => {
    // No demo data: what a production store holds after its migrations.
    t = await buildTestApp(dialect);
    ({ partner } = await signUpRoles(t.app, t.stores.identity, { partner: ['partner'] }));
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('is in a store without demo data, so a partner’s first link names a reward that exists', async () => {
    const reward = await findReward(t.stores.game.development, DEFAULT_PARTNER_REWARD_ID);
    expect(reward?.tiers.map((tier) => [tier.tierID, tier.referrals, tier.credits, tier.items])).toEqual([
      ['first-recruit', 1, 100, []],
      ['squad-leader', 5, 500, []],
      ['commander', 10, 1500, []],
    ]);
    const account = await t.app.inject({
      method: 'GET',
      url: '/api/account/referral-link',
      headers: { authorization: partner.bearer },
    });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({
      partner: true,
      link: { rewardID: DEFAULT_PARTNER_REWARD_ID },
      rewardName: 'Standard partner reward',
    });
    expect(account.json().tiers).toHaveLength(3);
  });
});
