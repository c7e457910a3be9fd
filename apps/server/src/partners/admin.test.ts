import {
  PARTNER_MESSAGES,
  type PartnerInvite,
  partnerInviteTakenMessage,
  unknownPartnerInvitesMessage,
  unknownTierMessage,
} from '@outpost/contracts/partners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogOf } from '../beta/testing';
import { getBalance } from '../economy/ledger';
import { type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { seedDemoData } from '../seed';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { PARTNER_ADMIN_ACTIONS } from './actions';
import { joinRewardReference } from './programme';
import { inviteRow, keysOf, ledgerRowsOf } from './testing';

describe.each(TEST_DIALECTS)('the partner back office on %s', (dialect) => {
  let t: TestApp;
  let accounts: Record<'admin' | 'staff' | 'alice' | 'bob', SignedIn>;
  const db = () => t.stores.game.development;
  const base = '/api/admin/development';

  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: who.bearer }, ...(payload ? { payload } : {}) });
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    call(accounts.admin, method, `${base}${path}`, payload);
  const create = async (payload: object) => {
    const response = await admin('POST', '/partner-invites', payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PartnerInvite;
  };
  const listIDs = async (query = '') =>
    (
      (await admin('GET', `/partner-invites?pageSize=500&sort=inviteID&order=asc${query}`)).json()
        .rows as PartnerInvite[]
    ).map((invite) => invite.inviteID);
  const claim = (who: SignedIn, inviteID: string) =>
    call(who, 'POST', `/api/account/partner-invites/${inviteID}/claim`);

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: { invites: { max: 1000, windowMs: 60_000 } } });
    await seedDemoData(t.stores, 'development');
    accounts = await signUpRoles(t.app, t.stores.identity, { admin: ['admin'], staff: ['staff'], alice: [], bob: [] });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('creates invites unclaimed and undelivered, logged first, and refuses a taken code or a bad reward', async () => {
    const invite = await create({
      inviteID: 'creator-one',
      joinRewardID: 'standard-partner-reward',
      rewardTierID: 'first-recruit',
    });
    expect(invite).toEqual({
      inviteID: 'creator-one',
      joinRewardID: 'standard-partner-reward',
      referralRewardID: null,
      rewardTierID: 'first-recruit',
      claimed: false,
      claimedBy: null,
      created: expect.any(String),
      delivered: false,
    });
    const random = await create({});
    expect(random.inviteID).toMatch(/^[a-z0-9]{16}$/);
    expect((await adminLogOf(db(), PARTNER_ADMIN_ACTIONS.createInvite)).map((entry) => entry.data)).toEqual([
      expect.objectContaining({ inviteID: 'creator-one' }),
      expect.objectContaining({ inviteID: random.inviteID }),
    ]);

    const taken = await admin('POST', '/partner-invites', { inviteID: 'creator-one' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(partnerInviteTakenMessage('creator-one'));
    const badTier = await admin('POST', '/partner-invites', {
      inviteID: 'bad-tier',
      joinRewardID: 'standard-partner-reward',
      rewardTierID: 'no-such-tier',
    });
    expect(badTier.statusCode).toBe(400);
    expect(badTier.json().error.message).toBe(unknownTierMessage('standard-partner-reward', 'no-such-tier'));
    const halfReward = await admin('POST', '/partner-invites', { inviteID: 'half', rewardTierID: 'first-recruit' });
    expect(halfReward.statusCode).toBe(400);
    expect(halfReward.json().error.message).toBe(PARTNER_MESSAGES.tierWithoutReward);
    const badCode = await admin('POST', '/partner-invites', { inviteID: 'Not a code!' });
    expect(badCode.statusCode).toBe(400);
    expect(await inviteRow(db(), 'bad-tier')).toBeUndefined();
    // Two refusals after the log entry rolled back with their change.
    expect(await adminLogOf(db(), PARTNER_ADMIN_ACTIONS.createInvite)).toHaveLength(2);
  });

  it('keeps partner data from staff', async () => {
    for (const path of ['/partner-invites', '/partners', '/referral-rewards', '/partners-config']) {
      expect((await call(accounts.staff, 'GET', `${base}${path}`)).statusCode).toBe(403);
    }
  });

  it('marks invites delivered in bulk, all or none', async () => {
    for (const inviteID of ['bulk-a', 'bulk-b', 'bulk-c', 'bulk-d']) await create({ inviteID });
    const unknown = await admin('POST', '/partner-invites/delivered', {
      inviteIDs: ['bulk-a', 'nope-1', 'nope-2'],
      delivered: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(unknownPartnerInvitesMessage(['nope-1', 'nope-2']));
    expect((await inviteRow(db(), 'bulk-a'))?.delivered).toBe(0);

    const marked = await admin('POST', '/partner-invites/delivered', {
      inviteIDs: ['bulk-a', 'bulk-b', 'bulk-c'],
      delivered: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ updated: ['bulk-a', 'bulk-b', 'bulk-c'] });
    const back = await admin('POST', '/partner-invites/delivered', { inviteIDs: ['bulk-c'], delivered: false });
    expect(back.statusCode).toBe(200);
    expect(await listIDs('&delivered=true')).toEqual(['bulk-a', 'bulk-b']);
    const duplicates = await admin('POST', '/partner-invites/delivered', {
      inviteIDs: ['bulk-a', 'bulk-a'],
      delivered: true,
    });
    expect(duplicates.statusCode).toBe(400);
    expect(duplicates.json().error.message).toContain(PARTNER_MESSAGES.bulkIDs);
    expect((await adminLogOf(db(), PARTNER_ADMIN_ACTIONS.markDelivered)).map((entry) => entry.data)).toEqual([
      { inviteIDs: ['bulk-a', 'bulk-b', 'bulk-c'], delivered: true },
      { inviteIDs: ['bulk-c'], delivered: false },
    ]);
  });

  it('deletes undelivered invites in bulk and keeps the delivered ones, saying which', async () => {
    const answer = await admin('POST', '/partner-invites/delete-undelivered', {
      inviteIDs: ['bulk-a', 'bulk-c', 'bulk-d'],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ deleted: ['bulk-c', 'bulk-d'], kept: ['bulk-a'] });
    expect((await listIDs()).filter((id) => id.startsWith('bulk-'))).toEqual(['bulk-a', 'bulk-b']);
    const unknown = await admin('POST', '/partner-invites/delete-undelivered', { inviteIDs: ['bulk-b', 'gone'] });
    expect(unknown.statusCode).toBe(404);
    expect(await inviteRow(db(), 'bulk-b')).toBeDefined();
  });

  it('deletes one invite by id, delivered or not', async () => {
    const answer = await admin('DELETE', '/partner-invites/bulk-a');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await inviteRow(db(), 'bulk-a')).toBeUndefined();
    expect((await admin('DELETE', '/partner-invites/bulk-a')).statusCode).toBe(404);
    expect((await adminLogOf(db(), PARTNER_ADMIN_ACTIONS.deleteInvite)).map((entry) => entry.data)).toEqual([
      { inviteID: 'bulk-a' },
    ]);
  });

  it('renames an invite in one transaction, and a failed rename leaves the old record whole', async () => {
    await admin('POST', '/partner-invites/delivered', { inviteIDs: ['bulk-b'], delivered: true });
    const before = await inviteRow(db(), 'bulk-b');
    const taken = await admin('PUT', '/partner-invites/bulk-b', { inviteID: 'creator-one' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(partnerInviteTakenMessage('creator-one'));
    const badReward = await admin('PUT', '/partner-invites/bulk-b', { inviteID: 'renamed', referralRewardID: 'nope' });
    expect(badReward.statusCode).toBe(400);
    expect(await inviteRow(db(), 'bulk-b')).toEqual(before);
    expect(await inviteRow(db(), 'renamed')).toBeUndefined();
    expect((await inviteRow(db(), 'creator-one'))?.join_reward_id).toBe('standard-partner-reward');

    const renamed = await admin('PUT', '/partner-invites/bulk-b', {
      inviteID: 'renamed',
      referralRewardID: 'standard-partner-reward',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      inviteID: 'renamed',
      delivered: true,
      referralRewardID: 'standard-partner-reward',
    });
    expect(await inviteRow(db(), 'bulk-b')).toBeUndefined();
    expect(await inviteRow(db(), 'renamed')).toEqual({
      ...before,
      invite_id: 'renamed',
      referral_reward_id: 'standard-partner-reward',
    });
    expect((await admin('PUT', '/partner-invites/bulk-b', { inviteID: 'x' })).statusCode).toBe(404);
    // Only the rename that committed kept its entry.
    expect((await adminLogOf(db(), PARTNER_ADMIN_ACTIONS.updateInvite)).map((entry) => entry.data)).toEqual([
      expect.objectContaining({ previousInviteID: 'bulk-b', inviteID: 'renamed' }),
    ]);
  });

  it('makes the one claimer of 40 concurrent claims a partner and pays the join reward once', async () => {
    const crowd = await signUpPlayers(t.app, t.stores.identity, 'claimers', 40);
    // Crowd copies have no profile yet: give each one, as registering would.
    await t.stores.identity
      .insertInto('profiles')
      .values(
        crowd.map((player, index) => ({
          user_id: player.userId,
          display_name: `claimer-${index}`,
          display_name_key: `claimer-${index}`,
          keys: '[]',
          created: new Date().toISOString(),
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const answers = await Promise.all(crowd.map((player) => claim(player, 'creator-one')));
    const won = answers.flatMap((answer, index) => (answer.statusCode === 200 ? [crowd[index] as SignedIn] : []));
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json().error).toMatchObject({
        message: PARTNER_MESSAGES.partnerInviteClaimed,
        details: { code: 'partner-invite-claimed' },
      });
    }
    const winner = won[0] as SignedIn;
    expect(await inviteRow(db(), 'creator-one')).toMatchObject({ claimed: 1, claimed_by: winner.userId });
    expect(await keysOf(t.stores.identity, winner.userId)).toEqual(['partner']);
    expect(await getBalance(db(), winner.userId)).toBe(100);
    expect(await ledgerRowsOf(db(), joinRewardReference('creator-one'))).toEqual([
      { user_id: winner.userId, amount: 100 },
    ]);
    const link = await call(winner, 'GET', '/api/account/referral-link');
    expect(link.json()).toMatchObject({ partner: true, link: { rewardID: 'standard-partner-reward' } });
    const losers = crowd.filter((player) => player !== winner);
    expect(await Promise.all(losers.slice(0, 5).map((player) => keysOf(t.stores.identity, player.userId)))).toEqual(
      losers.slice(0, 5).map(() => []),
    );
    const listed = await admin('GET', '/partners');
    expect(listed.json().rows).toEqual([
      expect.objectContaining({ userID: winner.userId, referralCount: 0, rewardID: 'standard-partner-reward' }),
    ]);
  });

  it('refuses an unknown code, a partner claiming again, and a player without a profile', async () => {
    const unknown = await claim(accounts.alice, 'no-such-code');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(PARTNER_MESSAGES.partnerInviteNotFound);
    await create({ inviteID: 'for-alice', referralRewardID: 'standard-partner-reward' });
    await create({ inviteID: 'second-one' });
    expect((await claim(accounts.alice, 'for-alice')).statusCode).toBe(200);
    const again = await claim(accounts.alice, 'second-one');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PARTNER_MESSAGES.alreadyPartner);
    expect((await inviteRow(db(), 'second-one'))?.claimed).toBe(0);
    const [bare] = await signUpPlayers(t.app, t.stores.identity, 'bare', 1);
    const noProfile = await claim(bare as SignedIn, 'second-one');
    expect(noProfile.statusCode).toBe(409);
    expect(noProfile.json().error.message).toBe(PARTNER_MESSAGES.profileRequired);
  });

  it('edits referral-rewards with their items checked, and config/partners naming an existing reward', async () => {
    const reward = {
      rewardID: 'creator-boost',
      name: 'Creator boost',
      tiers: [
        { tierID: 'big', referrals: 20, credits: 2000 },
        { tierID: 'start', referrals: 2, credits: 50, items: ['emote-salute'] },
      ],
    };
    const created = await admin('POST', '/referral-rewards', reward);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().tiers.map((tier: { tierID: string }) => tier.tierID)).toEqual(['start', 'big']);
    expect((await admin('POST', '/referral-rewards', reward)).statusCode).toBe(409);
    const badItem = await admin('PUT', '/referral-rewards/creator-boost', {
      name: 'Creator boost',
      tiers: [{ tierID: 'start', referrals: 2, credits: 50, items: ['no-such-item'] }],
    });
    expect(badItem.statusCode).toBe(400);
    expect(badItem.json().error.details).toEqual({ unknownItemIDs: ['no-such-item'] });
    const zero = await admin('PUT', '/referral-rewards/creator-boost', {
      name: 'Creator boost',
      tiers: [{ tierID: 'start', referrals: 0, credits: 50 }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toContain(PARTNER_MESSAGES.referrals);
    const missing = await admin('PUT', '/referral-rewards/nope', {
      name: 'x',
      tiers: [{ tierID: 'a', referrals: 1, credits: 1 }],
    });
    expect(missing.statusCode).toBe(404);
    const list = await admin('GET', '/referral-rewards');
    expect(list.json().rows.map((row: { rewardID: string }) => row.rewardID)).toEqual([
      'creator-boost',
      'standard-partner-reward',
    ]);

    const config = (await admin('GET', '/partners-config')).json();
    const unknownDefault = await admin('PUT', '/partners-config', { ...config, defaultRewardID: 'nope' });
    expect(unknownDefault.statusCode).toBe(400);
    const saved = await admin('PUT', '/partners-config', {
      ...config,
      defaultRewardID: 'creator-boost',
      joinMessage: 'Hi!',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin('GET', '/partners-config')).json()).toEqual({
      ...config,
      defaultRewardID: 'creator-boost',
      joinMessage: 'Hi!',
    });
    expect(await adminLogOf(db(), PARTNER_ADMIN_ACTIONS.updateConfig)).toHaveLength(1);
  });
});
