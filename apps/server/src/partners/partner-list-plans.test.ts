import { PARTNER_KEY, partnerListQuerySchema } from '@outpost/contracts/partners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches, plansOf, readsEvery, settleForPlans } from '../testing/query-plans';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { listPartners } from './partner-list';

const PROFILES = 3_000;
const isPartner = (index: number) => index % 300 === 7;

/*
 * The partners list finds the profiles holding the partner key through the partial index profiles_partners
 * (identity's migration 2026-12-27-partner-profiles) on both stores, for its page and its total: a plan
 * that reads every profile fails, and the page is the partners, and only they.
 */
describe.each(TEST_DIALECTS)('the partners list on %s', (dialect) => {
  let t: TestApp;
  const identity = () => t.stores.identity;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const at = new Date('2026-11-01T00:00:00.000Z');
    const indexes = Array.from({ length: PROFILES }, (_, index) => index);
    await inBatches(
      indexes.map((index) => ({
        id: `user-${index}`,
        name: `Player ${index}`,
        email: `player-${index}@example.com`,
        email_verified: dialect === 'postgres' ? false : 0,
        image: null,
        created_at: dialect === 'postgres' ? at : at.toISOString(),
        updated_at: dialect === 'postgres' ? at : at.toISOString(),
      })),
      (batch) => identity().insertInto('auth_users').values(batch).execute(),
    );
    await inBatches(
      indexes.map((index) => ({
        user_id: `user-${index}`,
        display_name: `Player ${index}`,
        display_name_key: `player ${index}`,
        // A key that holds the partner key's letters is not the partner key.
        keys: JSON.stringify(isPartner(index) ? [PARTNER_KEY] : index % 2 === 0 ? ['partners-fan'] : []),
        created: new Date(at.getTime() + index * 1_000).toISOString(),
      })),
      (batch) => identity().insertInto('profiles').values(batch).execute(),
    );
    await settleForPlans(identity(), dialect, ['profiles']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('reads the partners’ profiles through profiles_partners, for the page and its total', async () => {
    const query = partnerListQuerySchema.parse({});
    const stores = { identity: identity(), game: t.stores.game.development };
    const planned = await plansOf(identity(), dialect, (db) => listPartners({ ...stores, identity: db }, query));
    const ofProfiles = planned.filter((made) => made.sql.includes('"profiles"'));
    expect(ofProfiles.length).toBeGreaterThanOrEqual(2);
    for (const { plan } of ofProfiles) {
      expect(plan).toMatch(
        dialect === 'sqlite'
          ? /SEARCH profiles USING (COVERING )?INDEX profiles_partners|SCAN profiles USING (COVERING )?INDEX profiles_partners/
          : /Scan (using|on) profiles_partners\b/,
      );
      expect(readsEvery(dialect, plan, 'profiles'), plan).toBe(false);
    }
    const listed = await listPartners(stores, query);
    const partners = Array.from({ length: PROFILES }, (_, index) => index).filter(isPartner);
    expect(listed.total).toBe(partners.length);
    expect(listed.rows.map((row) => row.userID).sort()).toEqual(partners.map((index) => `user-${index}`).sort());
  });
});
