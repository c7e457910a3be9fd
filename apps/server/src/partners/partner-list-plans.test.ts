import { ADMIN_LIST_MAX_PAGE_SIZE } from '@outpost/contracts/admin-list';
import { PARTNER_KEY, partnerListQuerySchema } from '@outpost/contracts/partners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccounts } from '../identity/testing';
import { looksUpByKey, plansOf, readsEvery, settleForPlans } from '../testing/query-plans';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { listPartners } from './partner-list';

const PROFILES = 3_000;
/** One profile in 30: enough partners that a join hashing every account looked cheaper to PostgreSQL than their lookups. */
const isPartner = (index: number) => index % 30 === 7;

/*
 * The partners list finds the profiles holding the partner key through the partial index profiles_partners
 * (identity's migration 2026-12-27-partner-profiles) on both stores, for its page and its total, and each
 * partner's account by its key: a plan that reads every profile or every account fails, and the page is
 * the partners, and only they.
 */
describe.each(TEST_DIALECTS)('the partners list on %s', (dialect) => {
  let t: TestApp;
  const identity = () => t.stores.identity;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    // A key that holds the partner key's letters is not the partner key.
    await insertAccounts(identity(), dialect, PROFILES, (index) =>
      isPartner(index) ? [PARTNER_KEY] : index % 2 === 0 ? ['partners-fan'] : [],
    );
    // A partner's profile whose account is gone is no partner to list.
    await identity()
      .insertInto('profiles')
      .values({
        user_id: 'no-account',
        display_name: 'No Account',
        display_name_key: 'no account',
        keys: JSON.stringify([PARTNER_KEY]),
        created: '2026-11-01T00:00:00.000Z',
      })
      .execute();
    await settleForPlans(identity(), dialect, ['profiles', 'auth_users']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('reads the partners’ profiles through profiles_partners and their accounts by key, for the page and its total', async () => {
    const query = partnerListQuerySchema.parse({ pageSize: String(ADMIN_LIST_MAX_PAGE_SIZE) });
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
      expect(looksUpByKey(dialect, plan, 'auth_users'), plan).toBe(true);
    }
    const listed = await listPartners(stores, query);
    const partners = Array.from({ length: PROFILES }, (_, index) => index).filter(isPartner);
    expect(listed.total).toBe(partners.length);
    expect(listed.rows.map((row) => row.userID).sort()).toEqual(partners.map((index) => `user-${index}`).sort());
    expect(listed.rows.find((row) => row.userID === 'user-7')?.email).toBe('player-7@example.com');
  });
});
