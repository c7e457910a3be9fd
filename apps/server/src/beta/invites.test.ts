import {
  type AdminInvite,
  type AdminInviteRow,
  BETA_MESSAGES,
  type InviteClaim,
  type InvitePreview,
  inviteTakenMessage,
} from '@outpost/contracts/beta';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { BETA_ADMIN_ACTIONS } from './actions';
import { adminLogOf, inviteClaims, putTestInvite } from './testing';

describe.each(TEST_DIALECTS)('invites on %s', (dialect) => {
  let t: TestApp;
  let accounts: Record<'admin' | 'staff' | 'moderator' | 'alice' | 'bob', SignedIn>;
  const db = () => t.stores.game.development;

  const claim = (who: SignedIn | null, inviteID: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/account/invites/${inviteID}/claim`,
      headers: who ? { authorization: who.bearer } : {},
    });
  const lookup = async (who: SignedIn, inviteID: string) => {
    const response = await t.app.inject({
      url: `/api/account/invites/${inviteID}`,
      headers: { authorization: who.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as InvitePreview;
  };
  const refusal = (code: string, message: string) => errorAnswer('aborted', message, { code });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    accounts = await signUpRoles(t.app, t.stores.identity, {
      admin: ['admin'],
      staff: ['staff'],
      moderator: ['moderator'],
      alice: [],
      bob: [],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('refuses an unknown code with 404, on lookup and on claim', async () => {
    const answer = await claim(accounts.alice, 'no-such-code');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual(errorAnswer('not-found', BETA_MESSAGES.inviteNotFound, { code: 'invite-not-found' }));
    const preview = await t.app.inject({
      url: '/api/account/invites/no-such-code',
      headers: { authorization: accounts.alice.bearer },
    });
    expect(preview.statusCode).toBe(404);
  });

  it('refuses an expired invite, admin or player, and changes nothing', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    await putTestInvite(db(), { inviteID: 'expired-admin', expiration: past });
    await putTestInvite(db(), { inviteID: 'expired-player', source: accounts.bob.userId, expiration: past });
    for (const inviteID of ['expired-admin', 'expired-player']) {
      expect((await lookup(accounts.alice, inviteID)).status).toBe('expired');
      const answer = await claim(accounts.alice, inviteID);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual(refusal('invite-expired', BETA_MESSAGES.inviteExpired));
      expect(await inviteClaims(db(), inviteID)).toEqual({ claimed: false, claimedBy: [] });
    }
  });

  it('adds every claimer of an admin invite once, and accepts a repeat without adding again', async () => {
    await putTestInvite(db(), { inviteID: 'friends-and-family' });
    expect(await lookup(accounts.alice, 'friends-and-family')).toMatchObject({
      source: 'admin',
      status: 'claimable',
    });
    const first = await claim(accounts.alice, 'friends-and-family');
    expect(first.statusCode, first.body).toBe(200);
    const accepted = first.json() as InviteClaim;
    expect(accepted).toMatchObject({ inviteID: 'friends-and-family', source: 'admin', newlyClaimed: true });
    const again = await claim(accounts.alice, 'friends-and-family');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...accepted, newlyClaimed: false });
    expect((await claim(accounts.bob, 'friends-and-family')).statusCode).toBe(200);
    expect(await inviteClaims(db(), 'friends-and-family')).toEqual({
      claimed: true,
      claimedBy: [accounts.alice.userId, accounts.bob.userId].sort(),
    });
    expect((await lookup(accounts.alice, 'friends-and-family')).status).toBe('claimed-by-you');
  });

  it('refuses a player their own invite', async () => {
    await putTestInvite(db(), { inviteID: 'alices-own', source: accounts.alice.userId });
    expect(await lookup(accounts.alice, 'alices-own')).toMatchObject({ source: 'player', status: 'own' });
    const answer = await claim(accounts.alice, 'alices-own');
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual(refusal('invite-own', BETA_MESSAGES.inviteOwn));
    expect(await inviteClaims(db(), 'alices-own')).toEqual({ claimed: false, claimedBy: [] });
  });

  it('gives a player’s invite to its first claimer and refuses everyone after, the claimer too', async () => {
    await putTestInvite(db(), { inviteID: 'bobs-share', source: accounts.bob.userId });
    expect((await lookup(accounts.alice, 'bobs-share')).status).toBe('claimable');
    const first = await claim(accounts.alice, 'bobs-share');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ inviteID: 'bobs-share', source: 'player', newlyClaimed: true });
    expect(await inviteClaims(db(), 'bobs-share')).toEqual({ claimed: true, claimedBy: [accounts.alice.userId] });

    const byYou = await claim(accounts.alice, 'bobs-share');
    expect(byYou.statusCode).toBe(409);
    expect(byYou.json()).toEqual(refusal('invite-already-claimed', BETA_MESSAGES.inviteClaimedByYou));
    const other = await claim(accounts.staff, 'bobs-share');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual(refusal('invite-already-claimed', BETA_MESSAGES.inviteAlreadyClaimed));
    expect((await lookup(accounts.staff, 'bobs-share')).status).toBe('claimed');
    expect((await lookup(accounts.alice, 'bobs-share')).status).toBe('claimed-by-you');
    expect(await inviteClaims(db(), 'bobs-share')).toEqual({ claimed: true, claimedBy: [accounts.alice.userId] });
  });

  it('lets exactly one of 200 concurrent claims of a player’s invite through', async () => {
    await putTestInvite(db(), { inviteID: 'contested', source: accounts.bob.userId });
    const players = await signUpPlayers(t.app, t.stores.identity, 'claimer', 200);
    const answers = await Promise.all(players.map((player) => claim(player, 'contested')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    const winner = players[statuses.indexOf(200)];
    expect(await inviteClaims(db(), 'contested')).toEqual({ claimed: true, claimedBy: [winner?.userId] });
  });

  it('adds each of 100 concurrent claimers of an admin invite once', async () => {
    await putTestInvite(db(), { inviteID: 'open-house' });
    const players = await signUpPlayers(t.app, t.stores.identity, 'guest', 50);
    // Every player claims twice at once: 50 claimers, each listed once.
    const answers = await Promise.all([...players, ...players].map((player) => claim(player, 'open-house')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(100).fill(200));
    const added = answers.filter((answer) => (answer.json() as InviteClaim).newlyClaimed);
    expect(added).toHaveLength(50);
    const { claimedBy } = await inviteClaims(db(), 'open-house');
    expect(claimedBy).toEqual(players.map((player) => player.userId).sort());
  });

  it('refuses a malformed code with 400 and needs an account', async () => {
    const malformed = await claim(accounts.alice, 'NOT%20a%20code!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(`inviteID: ${BETA_MESSAGES.inviteID}`);
    expect((await claim(null, 'open-house')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/account/invites/open-house' })).statusCode).toBe(401);
  });

  it('lets staff create admin invites, logged first, and list them with their claimers', async () => {
    const create = (who: SignedIn, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/development/invites',
        headers: { authorization: who.bearer },
        payload,
      });
    const created = await create(accounts.staff, { inviteID: ' Summer-Squad ', validDays: '7' });
    expect(created.statusCode, created.body).toBe(200);
    const invite = created.json() as AdminInvite;
    expect(invite).toMatchObject({
      inviteID: 'summer-squad',
      source: 'admin',
      createdBy: accounts.staff.userId,
      claimed: false,
      claimedBy: [],
    });
    const days = (Date.parse(invite.expiration) - Date.parse(invite.created)) / 86_400_000;
    expect(days).toBe(7);
    const random = await create(accounts.admin, { validDays: 30 });
    expect(random.statusCode).toBe(200);
    expect((random.json() as AdminInvite).inviteID).toMatch(/^[a-z0-9]{16}$/);
    expect(await adminLogOf(db(), BETA_ADMIN_ACTIONS.createInvite)).toEqual([
      {
        admin: accounts.staff.userId,
        environment: 'development',
        data: { inviteID: 'summer-squad', validDays: 7, expiration: invite.expiration },
      },
      expect.objectContaining({ admin: accounts.admin.userId }),
    ]);

    const taken = await create(accounts.staff, { inviteID: 'summer-squad', validDays: 1 });
    expect(taken.statusCode).toBe(409);
    // The taken code names its field, for the form to mark.
    const takenMessage = inviteTakenMessage('summer-squad');
    expect(taken.json()).toEqual(errorAnswer('aborted', takenMessage, { fields: { inviteID: takenMessage } }));
    const badDays = await create(accounts.staff, { validDays: 0 });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json().error.message).toBe(`validDays: ${BETA_MESSAGES.validDays}`);
    expect(await adminLogOf(db(), BETA_ADMIN_ACTIONS.createInvite)).toHaveLength(2);

    const list = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/admin/development/invites?${query}`,
        headers: { authorization: accounts.staff.bearer },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { rows: AdminInviteRow[]; total: number };
    };
    const admins = await list('source=admin&claimed=true&pageSize=500');
    expect(admins.rows.map((row) => row.inviteID).sort()).toEqual(['friends-and-family', 'open-house']);
    expect(admins.rows.find((row) => row.inviteID === 'friends-and-family')?.claimedBy).toHaveLength(2);
    const players = await list('source=player&claimed=false');
    expect(players.rows.map((row) => row.inviteID).sort()).toEqual(['alices-own', 'expired-player']);

    // The back office names the people behind the ids: the sharing player, every claimer.
    const person = (who: 'alice' | 'bob') => ({
      userID: accounts[who].userId,
      displayName: `${who}-role`,
      email: accounts[who].email,
    });
    const family = admins.rows.find((row) => row.inviteID === 'friends-and-family') as AdminInviteRow;
    expect(family.sourcePerson).toBeNull();
    expect(family.claimedByPeople).toEqual(
      family.claimedBy.map((userID) => (userID === accounts.alice.userId ? person('alice') : person('bob'))),
    );
    expect(family.claimedByPeople.map((one) => one.displayName).sort()).toEqual(['alice-role', 'bob-role']);
    const shared = (await list('source=player&claimed=true')).rows.find((row) => row.inviteID === 'bobs-share');
    expect(shared).toMatchObject({ sourcePerson: person('bob'), claimedByPeople: [person('alice')] });
    expect(players.rows.find((row) => row.inviteID === 'alices-own')?.sourcePerson).toEqual(person('alice'));
    const bad = await t.app.inject({
      url: '/api/admin/development/invites?source=robot',
      headers: { authorization: accounts.staff.bearer },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps invites to staff and admins', async () => {
    for (const who of [accounts.moderator, accounts.alice]) {
      const headers = { authorization: who.bearer };
      expect((await t.app.inject({ url: '/api/admin/development/invites', headers })).statusCode).toBe(403);
      const create = await t.app.inject({
        method: 'POST',
        url: '/api/admin/development/invites',
        headers,
        payload: { validDays: 3 },
      });
      expect(create.statusCode).toBe(403);
    }
  });
});
