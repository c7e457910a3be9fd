import {
  type AccountReferral,
  claimedTiersMessage,
  PARTNER_LIST_CLAIMED_BY,
  PARTNER_MESSAGES,
  type Partner,
  REFERRAL_NEW_PLAYER_DAYS,
  referralLinkID,
  tierNotReachedMessage,
} from '@outpost/contracts/partners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { getBalance } from '../ledger/ledger';
import { seedDemoData } from '../seed';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { setLinkReward, tierReference } from './links';
import { joinsOf, ledgerRowsOf, setAccountCreated } from './testing';

describe.each(TEST_DIALECTS)('referral links on %s', (dialect) => {
  let t: TestApp;
  let accounts: Record<'admin' | 'partner' | 'other' | 'alice' | 'bob' | 'carol', SignedIn>;
  const db = () => t.stores.game.development;

  const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { authorization: who.bearer } : {}, ...(payload ? { payload } : {}) });
  const accountOf = async (who: SignedIn) => {
    const response = await call(who, 'GET', '/api/account/referral-link');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AccountReferral;
  };
  const linkOf = async (who: SignedIn) => {
    const account = await accountOf(who);
    if (!account.partner) throw new Error('not a partner');
    return account;
  };
  const join = (who: SignedIn, referralID: string) => call(who, 'POST', `/api/account/referrals/${referralID}/join`);
  const claimTier = (who: SignedIn, tierID: string) =>
    call(who, 'POST', `/api/account/referral-link/tiers/${tierID}/claim`);
  const adminCall = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    call(accounts.admin, method, `/api/admin/development${path}`, payload);
  const partnersListed = async () => (await adminCall('GET', '/partners?pageSize=100')).json().rows as Partner[];
  const refusal = (status: 'aborted' | 'not-found' | 'permission-denied', code: string, message: string) =>
    errorAnswer(status, message, { code });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    accounts = await signUpRoles(t.app, t.stores.identity, {
      admin: ['admin'],
      partner: ['partner'],
      other: ['partner'],
      alice: [],
      bob: [],
      carol: [],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('tells a non-partner they have no link, and refuses them a tier claim with 403', async () => {
    expect(await accountOf(accounts.alice)).toEqual({ partner: false });
    const answer = await claimTier(accounts.alice, 'first-recruit');
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual(refusal('permission-denied', 'not-a-partner', PARTNER_MESSAGES.notAPartner));
    expect(await db().selectFrom('referral_links').selectAll().execute()).toEqual([]);
  });

  it('creates exactly one link for concurrent first requests, with the default reward', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => accountOf(accounts.partner)));
    const ids = new Set(answers.map((answer) => (answer.partner ? answer.link.referralID : null)));
    expect(ids.size).toBe(1);
    const rows = await db().selectFrom('referral_links').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      link_id: referralLinkID(accounts.partner.userId),
      creator: accounts.partner.userId,
      type: 'partner',
      reward_id: 'standard-partner-reward',
    });
    // The shareable id is random: the partner's user id is not in it.
    expect(rows[0]?.referral_id).not.toContain(accounts.partner.userId);
    expect(rows[0]?.referral_id).toMatch(/^[a-z0-9]{16}$/);
    const account = await linkOf(accounts.partner);
    expect(account.link).toMatchObject({ referralCount: 0, rewardTierClaims: [] });
    expect(account.tiers.map((tier) => [tier.tierID, tier.referrals, tier.state])).toEqual([
      ['first-recruit', 1, 'locked'],
      ['squad-leader', 5, 'locked'],
      ['commander', 10, 'locked'],
    ]);
    expect(account.rewardName).toBe('Standard partner reward');
  });

  it('shows the landing page to visitors and tells a signed-in player where they stand', async () => {
    const { link } = await linkOf(accounts.partner);
    const visitor = await call(null, 'GET', `/api/referrals/${link.referralID}`);
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json()).toMatchObject({
      referralID: link.referralID,
      partnerDisplayName: 'partner-role',
      programmeOpen: true,
      viewer: null,
    });
    expect(visitor.json().joinMessage).toContain('Join the resistance');
    expect((await call(accounts.partner, 'GET', `/api/referrals/${link.referralID}`)).json().viewer).toBe('own-link');
    expect((await call(accounts.carol, 'GET', `/api/referrals/${link.referralID}`)).json().viewer).toBe('can-join');
    const unknown = await call(null, 'GET', '/api/referrals/nosuchlink');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(PARTNER_MESSAGES.referralNotFound);
  });

  it('refuses a partner their own link, and records a player once, whichever link they try next', async () => {
    const { link } = await linkOf(accounts.partner);
    const { link: otherLink } = await linkOf(accounts.other);
    const own = await join(accounts.partner, link.referralID);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual(refusal('aborted', 'referral-own', PARTNER_MESSAGES.referralOwn));

    const first = await join(accounts.alice, link.referralID);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ referralID: link.referralID, partnerDisplayName: 'partner-role' });
    const again = await join(accounts.alice, link.referralID);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refusal('aborted', 'already-referred', PARTNER_MESSAGES.alreadyReferredHere));
    const elsewhere = await join(accounts.alice, otherLink.referralID);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual(refusal('aborted', 'already-referred', PARTNER_MESSAGES.alreadyReferred));
    expect(await joinsOf(db(), link.linkID)).toEqual([accounts.alice.userId]);
    expect(await joinsOf(db(), otherLink.linkID)).toEqual([]);
    expect((await call(accounts.alice, 'GET', `/api/referrals/${otherLink.referralID}`)).json().viewer).toBe(
      'joined-elsewhere',
    );
    const account = await linkOf(accounts.partner);
    expect(account.link.referralCount).toBe(1);
    expect(account.recentReferrals).toEqual([{ displayName: 'alice-role', joined: expect.any(String) }]);
    expect(account.tiers[0]?.state).toBe('claimable');
    const listed = await partnersListed();
    expect(listed.find((row) => row.userID === accounts.partner.userId)).toMatchObject({
      referralCount: 1,
      claimedBy: [{ userID: accounts.alice.userId, displayName: 'alice-role' }],
    });
    expect(listed.find((row) => row.userID === accounts.other.userId)?.claimedBy).toEqual([]);
  });

  it('lets only new players join: accounts created at most REFERRAL_NEW_PLAYER_DAYS days ago', async () => {
    const { link } = await linkOf(accounts.partner);
    const [veteran, recent] = await signUpPlayers(t.app, t.stores.identity, 'aged', 2);
    const day = 24 * 60 * 60 * 1000;
    await setAccountCreated(
      t.stores.identity,
      (veteran as SignedIn).userId,
      new Date(Date.now() - (REFERRAL_NEW_PLAYER_DAYS + 1) * day),
    );
    await setAccountCreated(
      t.stores.identity,
      (recent as SignedIn).userId,
      new Date(Date.now() - (REFERRAL_NEW_PLAYER_DAYS - 1) * day),
    );
    // The landing page tells each what joining would answer, by the join's own rule.
    const viewerOf = async (who: SignedIn) =>
      (await call(who, 'GET', `/api/referrals/${link.referralID}`)).json().viewer;
    expect(await viewerOf(veteran as SignedIn)).toBe('not-new');
    expect(await viewerOf(recent as SignedIn)).toBe('can-join');
    const old = await join(veteran as SignedIn, link.referralID);
    expect(old.statusCode).toBe(409);
    expect(old.json()).toEqual(refusal('aborted', 'not-a-new-player', PARTNER_MESSAGES.notANewPlayer));
    expect(await viewerOf(veteran as SignedIn)).toBe('not-new');
    expect((await join(recent as SignedIn, link.referralID)).statusCode).toBe(200);
    expect(await joinsOf(db(), link.linkID)).toEqual([accounts.alice.userId, (recent as SignedIn).userId].sort());
    // Once joined, a player who has since aged past the limit is told where they joined, not their age.
    await setAccountCreated(
      t.stores.identity,
      (recent as SignedIn).userId,
      new Date(Date.now() - (REFERRAL_NEW_PLAYER_DAYS + 1) * day),
    );
    expect(await viewerOf(recent as SignedIn)).toBe('joined-here');
  });

  it('records one of 30 concurrent joins by one player', async () => {
    const { link } = await linkOf(accounts.other);
    const answers = await Promise.all(Array.from({ length: 30 }, () => join(accounts.bob, link.referralID)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(29);
    expect(await joinsOf(db(), link.linkID)).toEqual([accounts.bob.userId]);
  });

  it('records every one of 60 distinct players joining at once', async () => {
    const { link } = await linkOf(accounts.other);
    const crowd = await signUpPlayers(t.app, t.stores.identity, 'crowd', 60);
    const answers = await Promise.all(crowd.map((player) => join(player, link.referralID)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(crowd.map(() => 200));
    expect(await joinsOf(db(), link.linkID)).toEqual([accounts.bob.userId, ...crowd.map((p) => p.userId)].sort());
    expect((await linkOf(accounts.other)).link.referralCount).toBe(61);
    // The admin list names the latest players who joined, newest first.
    const listed = (await partnersListed()).find((row) => row.userID === accounts.other.userId);
    expect(listed?.referralCount).toBe(61);
    expect(listed?.claimedBy).toHaveLength(PARTNER_LIST_CLAIMED_BY);
    const joined = await db()
      .selectFrom('referral_joins')
      .select('user_id')
      .where('link_id', '=', link.linkID)
      .orderBy('joined', 'desc')
      .orderBy('user_id')
      .limit(PARTNER_LIST_CLAIMED_BY)
      .execute();
    expect(listed?.claimedBy.map((player) => player.userID)).toEqual(joined.map((row) => row.user_id));
    // Each named as a person: their account's email beside the id.
    const emails = new Map(crowd.map((player) => [player.userId, player.email]));
    expect(listed?.claimedBy.map((player) => player.email)).toEqual(joined.map((row) => emails.get(row.user_id)));
  });

  it('refuses an unreached tier and pays a reached one once, also to 20 concurrent claims', async () => {
    const { link } = await linkOf(accounts.partner);
    const early = await claimTier(accounts.partner, 'squad-leader');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual(refusal('aborted', 'tier-not-reached', tierNotReachedMessage(5, 2)));
    const unknown = await claimTier(accounts.partner, 'no-such-tier');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(refusal('not-found', 'tier-not-found', PARTNER_MESSAGES.tierNotFound));

    const before = await getBalance(db(), accounts.partner.userId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claimTier(accounts.partner, 'first-recruit')));
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]?.json()).toMatchObject({ tierID: 'first-recruit', credits: 100, items: [] });
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.json()).toEqual(refusal('aborted', 'tier-already-claimed', PARTNER_MESSAGES.tierAlreadyClaimed));
    }
    expect(await getBalance(db(), accounts.partner.userId)).toBe(before + 100);
    expect(await ledgerRowsOf(db(), tierReference(link.linkID, 'standard-partner-reward', 'first-recruit'))).toEqual([
      { user_id: accounts.partner.userId, amount: 100 },
    ]);
    const account = await linkOf(accounts.partner);
    expect(account.link.rewardTierClaims).toEqual(['first-recruit']);
    expect(account.tiers[0]).toMatchObject({ state: 'claimed', claimedAt: expect.any(String) });
  });

  it('pays a tier’s items with its credits', async () => {
    const kit = await adminCall('POST', '/referral-rewards', {
      rewardID: 'creator-kit',
      name: 'Creator kit',
      tiers: [
        { tierID: 'first-recruit', referrals: 1, credits: 50 },
        { tierID: 'squad-leader', referrals: 5, credits: 500, items: ['hat-ranger-beanie'] },
      ],
    });
    expect(kit.statusCode, kit.body).toBe(200);
    const { link } = await linkOf(accounts.other);
    await setLinkReward(db(), link.linkID, 'creator-kit');
    expect((await linkOf(accounts.other)).link.rewardID).toBe('creator-kit');
    // 61 referrals reach squad-leader (5).
    const answer = await claimTier(accounts.other, 'squad-leader');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ credits: 500, items: ['hat-ranger-beanie'] });
    const items = await db()
      .selectFrom('claimed_items')
      .select(['item_id', 'quantity'])
      .where('user_id', '=', accounts.other.userId)
      .execute();
    expect(items).toEqual([{ item_id: 'hat-ranger-beanie', quantity: 1 }]);
    expect(await getBalance(db(), accounts.other.userId)).toBe(500);
  });

  it('keys tier claims by reward: a repointed link starts its new reward afresh, and pointed back finds its claims', async () => {
    const { link } = await linkOf(accounts.partner);
    const repoint = async (inviteID: string, rewardID: string) => {
      // A player claims a partner invite when they no longer hold the key; its reward repoints the link.
      await t.stores.identity
        .updateTable('profiles')
        .set({ keys: '[]' })
        .where('user_id', '=', accounts.partner.userId)
        .execute();
      expect((await adminCall('POST', '/partner-invites', { inviteID, referralRewardID: rewardID })).statusCode).toBe(
        200,
      );
      const claimed = await call(accounts.partner, 'POST', `/api/account/partner-invites/${inviteID}/claim`);
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(claimed.json().referralID).toBe(link.referralID);
    };
    const before = await getBalance(db(), accounts.partner.userId);
    await repoint('repoint-kit', 'creator-kit');
    const kit = await linkOf(accounts.partner);
    expect(kit.link).toMatchObject({ rewardID: 'creator-kit', rewardTierClaims: [] });
    expect(kit.tiers[0]).toMatchObject({ tierID: 'first-recruit', state: 'claimable' });
    const paid = await claimTier(accounts.partner, 'first-recruit');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ credits: 50 });
    expect(await ledgerRowsOf(db(), tierReference(link.linkID, 'creator-kit', 'first-recruit'))).toEqual([
      { user_id: accounts.partner.userId, amount: 50 },
    ]);

    await repoint('repoint-standard', 'standard-partner-reward');
    const standard = await linkOf(accounts.partner);
    expect(standard.link.rewardTierClaims).toEqual(['first-recruit']);
    expect(standard.tiers[0]).toMatchObject({ tierID: 'first-recruit', state: 'claimed' });
    const again = await claimTier(accounts.partner, 'first-recruit');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refusal('aborted', 'tier-already-claimed', PARTNER_MESSAGES.tierAlreadyClaimed));
    expect(await getBalance(db(), accounts.partner.userId)).toBe(before + 50);
  });

  it('refuses renaming a tier partners claimed, so it is never paid twice', async () => {
    const tiers = [
      { tierID: 'first-one', referrals: 1, credits: 50 },
      { tierID: 'squad-leader', referrals: 5, credits: 500, items: ['hat-ranger-beanie'] },
    ];
    const renamed = await adminCall('PUT', '/referral-rewards/creator-kit', { name: 'Creator kit', tiers });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().error.message).toBe(claimedTiersMessage(['first-recruit']));
    expect((await adminCall('GET', '/referral-rewards')).json().rows).toContainEqual(
      expect.objectContaining({
        rewardID: 'creator-kit',
        tiers: expect.arrayContaining([expect.objectContaining({ tierID: 'first-recruit' })]),
      }),
    );
    // A claimed tier keeps its ID but can change what it pays; an unclaimed one can be renamed.
    const changed = await adminCall('PUT', '/referral-rewards/creator-kit', {
      name: 'Creator kit',
      tiers: [
        { tierID: 'first-recruit', referrals: 2, credits: 60 },
        { tierID: 'squad-captain', referrals: 6, credits: 600 },
        tiers[1],
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('refuses joining while the programme is closed, and shows it closed', async () => {
    const config = await call(accounts.admin, 'GET', '/api/admin/development/partners-config');
    const closed = await call(accounts.admin, 'PUT', '/api/admin/development/partners-config', {
      ...config.json(),
      programmeOpen: false,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const { link } = await linkOf(accounts.partner);
    expect((await call(null, 'GET', `/api/referrals/${link.referralID}`)).json().programmeOpen).toBe(false);
    const answer = await join(accounts.carol, link.referralID);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual(refusal('aborted', 'programme-closed', PARTNER_MESSAGES.programmeClosed));
    expect(await joinsOf(db(), link.linkID)).not.toContain(accounts.carol.userId);
    expect(await joinsOf(db(), link.linkID)).toHaveLength(2);
    await call(accounts.admin, 'PUT', '/api/admin/development/partners-config', config.json());
    expect((await join(accounts.carol, link.referralID)).statusCode).toBe(200);
  });

  it('answers a link whose partner lost the key as not found', async () => {
    const { link } = await linkOf(accounts.other);
    await t.stores.identity
      .updateTable('profiles')
      .set({ keys: '[]' })
      .where('user_id', '=', accounts.other.userId)
      .execute();
    expect((await call(null, 'GET', `/api/referrals/${link.referralID}`)).statusCode).toBe(404);
    const answer = await join(accounts.admin, link.referralID);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.details).toEqual({ code: 'referral-not-found' });
  });
});
