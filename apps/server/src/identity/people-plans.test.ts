import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksUp, looksUpByKey, planOfOnly, readsEvery, settleForPlans } from '../testing/query-plans';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { missingAccounts, peopleOf } from './queries';
import { insertAccounts } from './testing';

const ACCOUNTS = 3_000;
/** One account in ten has no profile yet (signed up, no display name chosen). */
const hasProfile = (index: number) => index % 10 !== 3;

/*
 * Every list of the back office names its people through peopleOf: a page of invites names up to a thousand
 * claimers. Each one's profile is looked up by key: a plan that reads every profile fails (joined,
 * PostgreSQL hashed all 100,000 profiles to name 500 people). How the accounts themselves are found is
 * the planner's to weigh: at this test's 3,000 it reads them all, at 100,000 it looks each one up.
 */
describe.each(TEST_DIALECTS)('naming people on %s', (dialect) => {
  let t: TestApp;
  const identity = () => t.stores.identity;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await insertAccounts(identity(), dialect, ACCOUNTS, (index) => (hasProfile(index) ? [] : null));
    await settleForPlans(identity(), dialect, ['profiles', 'auth_users']);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('looks each person’s profile up by key, and names them', async () => {
    const named = Array.from({ length: 500 }, (_, index) => `user-${index * 5 + 3}`);
    const plan = await planOfOnly(identity(), dialect, (db) => peopleOf(db, [...named, 'gone']));
    expect(looksUpByKey(dialect, plan, 'profiles'), plan).toBe(true);

    const people = await peopleOf(identity(), [...named, 'gone']);
    expect(people.get('user-8')).toEqual({ userID: 'user-8', displayName: 'Player 8', email: 'player-8@example.com' });
    expect(people.get('user-3')).toEqual({ userID: 'user-3', displayName: null, email: 'player-3@example.com' });
    expect(people.get('gone')).toEqual({ userID: 'gone', displayName: null, email: null });
    expect(people.size).toBe(501);
  });

  it('answers the ids that name no account, once each, in the order given, each looked up by key', async () => {
    const asked = [
      'gone-b',
      'user-12',
      'gone-a',
      'user-3',
      'gone-b',
      ...Array.from({ length: 600 }, (_, i) => `user-${i}`),
    ];
    const plan = await planOfOnly(identity(), dialect, (db) => missingAccounts(db, asked));
    // The lookup names the accounts `t` (platform/db/bulk-rows.ts's missingValues).
    const key = dialect === 'sqlite' ? 'sqlite_autoindex_auth_users_1' : 'auth_users_pkey';
    expect(looksUp(dialect, plan, 't', key), plan).toBe(true);
    expect(readsEvery(dialect, plan, 't') || readsEvery(dialect, plan, 'auth_users'), plan).toBe(false);
    expect(await missingAccounts(identity(), asked)).toEqual(['gone-b', 'gone-a']);
    expect(await missingAccounts(identity(), [])).toEqual([]);
  });
});
