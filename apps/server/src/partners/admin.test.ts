import {
  type AdminPartnerInvite,
  claimedPartnerInviteMessage,
  PARTNER_MESSAGES,
  type PartnerInvite,
  partnerInviteTakenMessage,
  rewardTakenMessage,
  unknownPartnerInvitesMessage,
  unknownTierMessage,
} from '@outpost/contracts/partners';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogOf } from '../beta/testing';
import { type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { getBalance } from '../ledger/ledger';
import { JobRunner } from '../platform/jobs/runner';
import { seedDemoData } from '../seed';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { PARTNER_ADMIN_ACTIONS } from './actions';
import { finishPendingKeyGrants, keyGrantJob } from './key-grants';
import { ensureLink } from './links';
import { joinRewardReference } from './programme';
import { findTier, payTier, referralRewardItemUse } from './rewards';
import { giveProfiles, inviteRow, keysOf, ledgerRowsOf } from './testing';

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
  /**
   * Until a claim waits on a row another transaction holds: PostgreSQL shows the wait; SQLite's one
   * connection queues the claim's first statement of the game store, reached within moments.
   */
  const claimWaiting = async () => {
    if (dialect !== 'postgres') return new Promise((resolve) => setTimeout(resolve, 300));
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const { rows } = await sql<{ waiting: string | number }>`
        select count(*) as waiting from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`.execute(db());
      if (Number(rows[0]?.waiting) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('The claim never waited on the held row.');
  };

  beforeAll(async () => {
    // The tests run the partner jobs themselves; the app's own runner, polling meanwhile, would take some of them.
    t = await buildTestApp(dialect, {
      rateLimits: { invites: { max: 1000, windowMs: 60_000 } },
      jobPollMs: 60 * 60_000,
    });
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
    expect(taken.json().error).toMatchObject({
      message: partnerInviteTakenMessage('creator-one'),
      // The taken code names its field, for the form to mark.
      details: { code: 'invite-exists', fields: { inviteID: partnerInviteTakenMessage('creator-one') } },
    });
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
    expect(taken.json().error).toMatchObject({
      message: partnerInviteTakenMessage('creator-one'),
      // The taken code names its field, for the form to mark.
      details: { code: 'invite-exists', fields: { inviteID: partnerInviteTakenMessage('creator-one') } },
    });
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
      expect.objectContaining({ inviteID: 'renamed', previous: expect.objectContaining({ inviteID: 'bulk-b' }) }),
    ]);
  });

  it('makes the one claimer of 40 concurrent claims a partner and pays the join reward once', async () => {
    const crowd = await signUpPlayers(t.app, t.stores.identity, 'claimers', 40);
    await giveProfiles(t.stores.identity, crowd, 'claimer');
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
    expect(answers.find((answer) => answer.statusCode === 200)?.json().joinReward).toEqual({ credits: 100, items: [] });
    expect(await inviteRow(db(), 'creator-one')).toMatchObject({ claimed: 1, claimed_by: winner.userId });
    expect(await keysOf(t.stores.identity, winner.userId)).toEqual(['partner']);
    expect(await getBalance(db(), winner.userId)).toBe(100);
    expect(await ledgerRowsOf(db(), joinRewardReference('creator-one', winner.userId))).toEqual([
      { user_id: winner.userId, amount: 100 },
    ]);
    const link = await call(winner, 'GET', '/api/account/referral-link');
    expect(link.json()).toMatchObject({ partner: true, link: { rewardID: 'standard-partner-reward' } });
    const losers = crowd.filter((player) => player !== winner);
    expect(await Promise.all(losers.slice(0, 5).map((player) => keysOf(t.stores.identity, player.userId)))).toEqual(
      losers.slice(0, 5).map(() => []),
    );
    // The invite's row names who claimed it, as a person; an unclaimed one names nobody.
    const invites = (await admin('GET', '/partner-invites?pageSize=500')).json().rows as AdminPartnerInvite[];
    expect(invites.find((row) => row.inviteID === 'creator-one')).toMatchObject({
      claimedBy: winner.userId,
      claimer: { userID: winner.userId, displayName: `claimer-${crowd.indexOf(winner)}`, email: winner.email },
    });
    expect(invites.filter((row) => !row.claimed).map((row) => row.claimer)).toEqual(
      invites.filter((row) => !row.claimed).map(() => null),
    );
    expect(invites.some((row) => !row.claimed)).toBe(true);
    const listed = await admin('GET', '/partners');
    expect(listed.json().rows).toEqual([
      expect.objectContaining({
        userID: winner.userId,
        referralCount: 0,
        claimedBy: [],
        rewardID: 'standard-partner-reward',
      }),
    ]);
  });

  it('keeps a claimed invite’s code: no rename, no delete, kept by bulk delete, its rewards still editable', async () => {
    const claimed = await inviteRow(db(), 'creator-one');
    expect(claimed?.claimed).toBe(1);
    const rename = await admin('PUT', '/partner-invites/creator-one', { inviteID: 'creator-reused' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toMatchObject({
      message: claimedPartnerInviteMessage('creator-one'),
      details: { code: 'partner-invite-claimed' },
    });
    const remove = await admin('DELETE', '/partner-invites/creator-one');
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.message).toBe(claimedPartnerInviteMessage('creator-one'));
    await create({ inviteID: 'unclaimed-one' });
    const bulk = await admin('POST', '/partner-invites/delete-undelivered', {
      inviteIDs: ['creator-one', 'unclaimed-one'],
    });
    expect(bulk.json()).toEqual({ deleted: ['unclaimed-one'], kept: ['creator-one'] });
    expect(await inviteRow(db(), 'creator-one')).toEqual(claimed);
    expect(await inviteRow(db(), 'creator-reused')).toBeUndefined();

    // The same code changes the rewards alone: the claim stays.
    const edited = await admin('PUT', '/partner-invites/creator-one', {
      inviteID: 'creator-one',
      referralRewardID: 'standard-partner-reward',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      inviteID: 'creator-one',
      joinRewardID: null,
      rewardTierID: null,
      referralRewardID: 'standard-partner-reward',
      claimed: true,
      claimedBy: claimed?.claimed_by,
    });
    expect(await inviteRow(db(), 'creator-one')).toEqual({
      ...claimed,
      join_reward_id: null,
      reward_tier_id: null,
      referral_reward_id: 'standard-partner-reward',
    });
    const missing = await admin('PUT', '/partner-invites/no-such-invite', { inviteID: 'no-such-invite' });
    expect(missing.statusCode).toBe(404);
  });

  it('edits an unclaimed invite’s rewards under the same code, keeping its delivered state', async () => {
    await create({ inviteID: 'same-code' });
    await admin('POST', '/partner-invites/delivered', { inviteIDs: ['same-code'], delivered: true });
    const before = await inviteRow(db(), 'same-code');
    const edited = await admin('PUT', '/partner-invites/same-code', {
      inviteID: 'same-code',
      joinRewardID: 'standard-partner-reward',
      rewardTierID: 'squad-leader',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ delivered: true, claimed: false, rewardTierID: 'squad-leader' });
    expect(await inviteRow(db(), 'same-code')).toEqual({
      ...before,
      join_reward_id: 'standard-partner-reward',
      reward_tier_id: 'squad-leader',
    });
    const badTier = await admin('PUT', '/partner-invites/same-code', {
      inviteID: 'same-code',
      joinRewardID: 'standard-partner-reward',
      rewardTierID: 'no-such-tier',
    });
    expect(badTier.statusCode).toBe(400);
    expect((await inviteRow(db(), 'same-code'))?.reward_tier_id).toBe('squad-leader');
  });

  it('never loses a claim to an edit or a rename running at the same time', async () => {
    const rounds = 12;
    const racers = await signUpPlayers(t.app, t.stores.identity, 'racers', rounds * 2);
    await giveProfiles(t.stores.identity, racers, 'racer');
    for (let round = 0; round < rounds; round += 1) {
      const [editor, renamer] = [racers[round * 2] as SignedIn, racers[round * 2 + 1] as SignedIn];
      const edited = `race-edit-${round}`;
      const renamed = `race-rename-${round}`;
      await create({ inviteID: edited });
      await create({ inviteID: renamed });
      const [editClaim, edit, renameClaim, rename] = await Promise.all([
        claim(editor, edited),
        admin('PUT', `/partner-invites/${edited}`, { inviteID: edited, referralRewardID: 'standard-partner-reward' }),
        claim(renamer, renamed),
        admin('PUT', `/partner-invites/${renamed}`, { inviteID: `${renamed}-new` }),
      ]);
      // The same code: both go through, and the row holds the claim and the edit.
      expect([editClaim.statusCode, edit.statusCode], editClaim.body + edit.body).toEqual([200, 200]);
      expect(await inviteRow(db(), edited)).toMatchObject({
        claimed: 1,
        claimed_by: editor.userId,
        referral_reward_id: 'standard-partner-reward',
      });
      // A new code: either the claim came first and the rename is refused, or the rename did and
      // the claim found no such code; never a claim answered and then undone.
      if (renameClaim.statusCode === 200) {
        expect(rename.statusCode, rename.body).toBe(409);
        expect(await inviteRow(db(), renamed)).toMatchObject({ claimed: 1, claimed_by: renamer.userId });
        expect(await inviteRow(db(), `${renamed}-new`)).toBeUndefined();
      } else {
        expect([renameClaim.statusCode, rename.statusCode]).toEqual([404, 200]);
        expect(await inviteRow(db(), renamed)).toBeUndefined();
        expect(await inviteRow(db(), `${renamed}-new`)).toMatchObject({ claimed: 0, claimed_by: null });
        expect(await keysOf(t.stores.identity, renamer.userId)).toEqual([]);
      }
    }
  });

  it('keeps a key change made while a claim waited, and adds the partner key to it', async () => {
    const [player] = await signUpPlayers(t.app, t.stores.identity, 'meanwhile', 1);
    const claimer = player as SignedIn;
    await giveProfiles(t.stores.identity, [claimer], 'meanwhile');
    await create({ inviteID: 'meanwhile', joinRewardID: 'standard-partner-reward', rewardTierID: 'first-recruit' });
    // The invite's row is held by an open transaction, so the claim, having read the keys, waits
    // inside its own; the keys change meanwhile; then the row is let go.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('partner_invites').set({ delivered: 0 }).where('invite_id', '=', 'meanwhile').execute();
        held();
        await released;
      });
    await holding;
    const pending = claim(claimer, 'meanwhile');
    await claimWaiting();
    await t.stores.identity
      .updateTable('profiles')
      .set({ keys: '["moderator"]' })
      .where('user_id', '=', claimer.userId)
      .execute();
    release();
    await holder;
    const answer = await pending;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await inviteRow(db(), 'meanwhile')).toMatchObject({
      claimed: 1,
      claimed_by: claimer.userId,
      key_pending: 0,
    });
    expect(await keysOf(t.stores.identity, claimer.userId)).toEqual(['moderator', 'partner']);
    expect(await ledgerRowsOf(db(), joinRewardReference('meanwhile', claimer.userId))).toEqual([
      { user_id: claimer.userId, amount: 100 },
    ]);
  });

  it('makes a player claiming several invites at once a partner through one of them', async () => {
    const rounds = 6;
    const players = await signUpPlayers(t.app, t.stores.identity, 'greedy', rounds);
    await giveProfiles(t.stores.identity, players, 'greedy');
    for (const [round, player] of players.entries()) {
      // A former partner's link is there already (their key was taken away): nothing new to insert, so the claims meet on its lock.
      await ensureLink(db(), { creator: player.userId, rewardID: 'standard-partner-reward', now: new Date() });
      const codes = [0, 1, 2].map((index) => `greedy-${round}-${index}`);
      for (const inviteID of codes) {
        await create({ inviteID, joinRewardID: 'standard-partner-reward', rewardTierID: 'first-recruit' });
      }
      const answers = await Promise.all(codes.map((inviteID) => claim(player, inviteID)));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.message).toBe(PARTNER_MESSAGES.alreadyPartner);
      }
      const rows = await Promise.all(codes.map((inviteID) => inviteRow(db(), inviteID)));
      expect(rows.filter((row) => row?.claimed === 1)).toEqual([
        expect.objectContaining({ claimed_by: player.userId, key_pending: 0 }),
      ]);
      expect(await keysOf(t.stores.identity, player.userId)).toEqual(['partner']);
      expect(await getBalance(db(), player.userId)).toBe(100);
    }
  });

  it('gives the key of a claim a stop cut short between the two stores, by the job, once', async () => {
    const [cut, gone] = await signUpPlayers(t.app, t.stores.identity, 'cut-short', 2);
    const claimer = cut as SignedIn;
    const deleted = gone as SignedIn;
    await giveProfiles(t.stores.identity, [claimer, deleted], 'cut-short');
    for (const [inviteID, player] of [
      ['cut-short', claimer],
      ['cut-short-gone', deleted],
    ] as const) {
      await create({ inviteID, joinRewardID: 'standard-partner-reward', rewardTierID: 'first-recruit' });
      expect((await claim(player, inviteID)).statusCode).toBe(200);
      // What a kill after the game store's commit leaves: the claim marked, its key not given.
      await db().updateTable('partner_invites').set({ key_pending: 1 }).where('invite_id', '=', inviteID).execute();
      await t.stores.identity
        .updateTable('profiles')
        .set({ keys: '[]' })
        .where('user_id', '=', player.userId)
        .execute();
    }
    // The second claimer's account went meanwhile: nothing holds a key, and the mark goes all the same.
    await t.stores.identity.deleteFrom('profiles').where('user_id', '=', deleted.userId).execute();

    // Until the key is given, the claimer is refused another invite: their claim stands.
    await create({ inviteID: 'cut-short-again' });
    const again = await claim(claimer, 'cut-short-again');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PARTNER_MESSAGES.alreadyPartner);
    expect((await inviteRow(db(), 'cut-short-again'))?.claimed).toBe(0);

    const runner = new JobRunner({
      db: t.stores.identity,
      definitions: [keyGrantJob({ identity: t.stores.identity, game: db() })],
      log: { info() {}, error() {} },
    });
    await t.stores.identity.deleteFrom('jobs').execute();
    await runner.start();
    await runner.stop();
    expect(await runner.runDue()).toBe(1);
    expect(await keysOf(t.stores.identity, claimer.userId)).toEqual(['partner']);
    for (const inviteID of ['cut-short', 'cut-short-gone']) {
      expect((await inviteRow(db(), inviteID))?.key_pending).toBe(0);
    }
    expect(await finishPendingKeyGrants({ identity: t.stores.identity, game: db() })).toBe(0);
    expect(await ledgerRowsOf(db(), joinRewardReference('cut-short', claimer.userId))).toEqual([
      { user_id: claimer.userId, amount: 100 },
    ]);
  });

  it('answers a payout with what it really added: a reference paid before adds nothing', async () => {
    await admin('POST', '/referral-rewards', {
      rewardID: 'payout-kit',
      name: 'Payout kit',
      tiers: [{ tierID: 'kit', referrals: 1, credits: 30, items: ['emote-salute'] }],
    });
    const tier = await findTier(db(), 'payout-kit', 'kit');
    const pay = () =>
      db()
        .transaction()
        .execute((trx) =>
          payTier(trx, { userId: accounts.bob.userId, tier, reference: 'test:payout', now: new Date() }),
        );
    expect(await pay()).toEqual({ credits: 30, items: ['emote-salute'] });
    expect(await pay()).toEqual({ credits: 0, items: [] });
    expect(await getBalance(db(), accounts.bob.userId)).toBe(30);
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
    const taken = await admin('POST', '/referral-rewards', reward);
    expect(taken.statusCode).toBe(409);
    // The taken ID names its field, for the form to mark.
    expect(taken.json().error).toMatchObject({
      message: rewardTakenMessage('creator-boost'),
      details: { fields: { rewardID: rewardTakenMessage('creator-boost') } },
    });
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
      'payout-kit',
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

  it('holds back from deletion an item a referral reward’s tier pays', async () => {
    const item = 'jacket-scavenger-leather';
    expect(await referralRewardItemUse(db(), item)).toBeNull();
    const kit = { name: 'Leather kit', tiers: [{ tierID: 'dressed', referrals: 3, credits: 0, items: [item] }] };
    expect((await admin('POST', '/referral-rewards', { rewardID: 'leather-kit', ...kit })).statusCode).toBe(200);
    // An id that is only part of a tier's item is not a use of it.
    expect(await referralRewardItemUse(db(), 'jacket-scavenger')).toBeNull();
    expect(await referralRewardItemUse(db(), item)).toBe(
      'the tier "dressed" of the referral reward "Leather kit" (leather-kit)',
    );
    const refused = await admin('DELETE', `/items/${item}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toContain('leather-kit');
    await admin('PUT', '/referral-rewards/leather-kit', {
      ...kit,
      tiers: [{ tierID: 'dressed', referrals: 3, credits: 5 }],
    });
    expect(await referralRewardItemUse(db(), item)).toBeNull();
    const deleted = await admin('DELETE', `/items/${item}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
});
