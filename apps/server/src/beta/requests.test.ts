import {
  type AcceptedBetaRequest,
  type AccountBeta,
  BETA_MAX_INVITES,
  BETA_MESSAGES,
  type BetaRequest,
} from '@outpost/contracts/beta';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, signUpRoles } from '../identity/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { BETA_ADMIN_ACTIONS } from './actions';
import { adminLogOf, putTestInvite } from './testing';

describe.each(TEST_DIALECTS)('beta requests on %s', (dialect) => {
  let t: TestApp;
  let accounts: Record<'staff' | 'admin' | 'moderator' | 'carol' | 'dave' | 'erin', SignedIn>;
  const db = () => t.stores.game.development;

  const requestEntry = (who: SignedIn, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/account/beta/request',
      headers: { authorization: who.bearer },
      payload: payload as object,
    });
  const accountBeta = async (who: SignedIn) => {
    const response = await t.app.inject({ url: '/api/account/beta', headers: { authorization: who.bearer } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AccountBeta;
  };
  const accept = (who: SignedIn, userID: string, env = 'development') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/${env}/beta-requests/${userID}/accept`,
      headers: { authorization: who.bearer },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    accounts = await signUpRoles(t.app, t.stores.identity, {
      staff: ['staff'],
      admin: ['admin'],
      moderator: ['moderator'],
      carol: [],
      dave: [],
      erin: [],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('creates the request with status 1, the profile’s name and the invite the player came in with', async () => {
    await putTestInvite(db(), { inviteID: 'carols-way-in' });
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/account/invites/carols-way-in/claim',
      headers: { authorization: accounts.carol.bearer },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await accountBeta(accounts.carol)).toEqual({ request: null, invites: [], claimedInvite: 'carols-way-in' });

    const created = await requestEntry(accounts.carol, { data: { platform: 'ios', hoursPerWeek: 6 } });
    expect(created.statusCode, created.body).toBe(200);
    const request = created.json() as BetaRequest;
    expect(request).toMatchObject({
      userID: accounts.carol.userId,
      email: 'carol@example.com',
      displayName: 'carol-role',
      maxInvites: BETA_MAX_INVITES,
      inviteCode: 'carols-way-in',
      data: { platform: 'ios', hoursPerWeek: 6 },
      status: 1,
      acceptedAt: null,
    });
    expect(request.timestamp).toBe(request.updatedAt);
    expect((await accountBeta(accounts.carol)).request).toEqual(request);
  });

  it('replaces only the data on a later request', async () => {
    const before = (await accountBeta(accounts.carol)).request as BetaRequest;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const replaced = await requestEntry(accounts.carol, { data: { platform: 'android', note: null } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json() as BetaRequest;
    expect(after).toEqual({ ...before, data: { platform: 'android', note: null }, updatedAt: after.updatedAt });
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });

  it('keeps one request under 30 concurrent requests of one player', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => requestEntry(accounts.dave, { data: { attempt: index } })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    const rows = await db()
      .selectFrom('beta_requests')
      .selectAll()
      .where('user_id', '=', accounts.dave.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 1, invite_code: null });
  });

  it('refuses bad data with 400 and a player without a profile with 409', async () => {
    const notObject = await requestEntry(accounts.carol, { data: 'hello' });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().error.message).toBe(`data: ${BETA_MESSAGES.requestData}`);
    const tooLong = await requestEntry(accounts.carol, { data: { why: 'x'.repeat(1001) } });
    expect(tooLong.statusCode).toBe(400);
    const tooMany = await requestEntry(accounts.carol, {
      data: Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`q${index}`, index])),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(`data: ${BETA_MESSAGES.requestData}`);
    const nested = await requestEntry(accounts.carol, { data: { device: { os: 'ios' } } });
    expect(nested.statusCode).toBe(400);
    const badKey = await requestEntry(accounts.carol, { data: { 'two words': 1 } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().error.message).toContain(BETA_MESSAGES.requestDataKey);

    const noProfile = await signUp(t.app, { email: 'no-profile@example.com' });
    const refused = await requestEntry(noProfile, { data: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(errorAnswer('aborted', BETA_MESSAGES.profileRequired, { code: 'profile-required' }));
    expect((await accountBeta(accounts.carol)).request?.data).toEqual({ platform: 'android', note: null });
  });

  it('lists requests for staff: filtered, sorted and paged', async () => {
    await requestEntry(accounts.erin, { data: { platform: 'ios' } });
    const list = async (query: string) => {
      const response = await t.app.inject({
        url: `/api/admin/development/beta-requests?${query}`,
        headers: { authorization: accounts.staff.bearer },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { rows: BetaRequest[]; total: number; page: number; pageSize: number };
    };
    const all = await list('sort=displayName&order=asc');
    expect(all.rows.map((row) => row.displayName)).toEqual(['carol-role', 'dave-role', 'erin-role']);
    expect(all.total).toBe(3);
    const page = await list('pageSize=1&page=2&sort=displayName&order=asc');
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(page.rows.map((row) => row.displayName)).toEqual(['dave-role']);
    expect((await list('q=ERIN@')).rows.map((row) => row.userID)).toEqual([accounts.erin.userId]);
    expect((await list('status=2')).total).toBe(0);
    const bad = await t.app.inject({
      url: '/api/admin/development/beta-requests?status=7',
      headers: { authorization: accounts.staff.bearer },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('status: status must be 1 (requested) or 2 (accepted).');
  });

  it('accepts a request once, logged first, and gives the player maxInvites invites to share', async () => {
    const answer = await accept(accounts.staff, accounts.carol.userId);
    expect(answer.statusCode, answer.body).toBe(200);
    const accepted = answer.json() as AcceptedBetaRequest;
    expect(accepted.request).toMatchObject({ userID: accounts.carol.userId, status: 2 });
    expect(accepted.request.acceptedAt).not.toBeNull();
    expect(accepted.invites).toHaveLength(BETA_MAX_INVITES);
    for (const invite of accepted.invites) {
      expect(invite).toMatchObject({ expired: false, claimed: false, claimedAt: null });
      // beta-config/v1's default: shared invites last 30 days.
      expect((Date.parse(invite.expiration) - Date.parse(invite.created)) / 86_400_000).toBe(30);
    }
    expect(await adminLogOf(db(), BETA_ADMIN_ACTIONS.acceptRequest)).toEqual([
      { admin: accounts.staff.userId, environment: 'development', data: { userID: accounts.carol.userId } },
    ]);

    const again = await accept(accounts.admin, accounts.carol.userId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(
      errorAnswer('aborted', BETA_MESSAGES.requestAlreadyAccepted, { code: 'already-accepted' }),
    );
    const unknown = await accept(accounts.staff, 'nobody-at-all');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(errorAnswer('not-found', BETA_MESSAGES.requestNotFound));
    // Refused acceptances leave no entry behind: their transactions rolled back.
    expect(await adminLogOf(db(), BETA_ADMIN_ACTIONS.acceptRequest)).toHaveLength(1);

    const beta = await accountBeta(accounts.carol);
    expect(beta.request?.status).toBe(2);
    expect(beta.invites).toEqual(accepted.invites);
  });

  it('shows the player which of their invites a friend claimed', async () => {
    const [first] = (await accountBeta(accounts.carol)).invites;
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/account/invites/${first?.inviteID}/claim`,
      headers: { authorization: accounts.erin.bearer },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const invites = (await accountBeta(accounts.carol)).invites;
    expect(invites.map((invite) => invite.claimed)).toEqual([true, false]);
    expect(invites[0]?.claimedAt).toBe(claimed.json().claimedAt);
  });

  it('accepts once and writes maxInvites invites under 20 concurrent acceptances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        accept(index % 2 === 0 ? accounts.staff : accounts.admin, accounts.dave.userId),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const invites = await db()
      .selectFrom('invites')
      .select('invite_id')
      .where('source', '=', accounts.dave.userId)
      .execute();
    expect(invites).toHaveLength(BETA_MAX_INVITES);
    const entries = await adminLogOf(db(), BETA_ADMIN_ACTIONS.acceptRequest);
    expect(entries.filter((entry) => (entry.data as { userID: string }).userID === accounts.dave.userId)).toHaveLength(
      1,
    );
  });

  it('acts in the environment it names only', async () => {
    const elsewhere = await accept(accounts.staff, accounts.erin.userId, 'beta');
    expect(elsewhere.statusCode).toBe(404);
    expect((await accountBeta(accounts.erin)).request?.status).toBe(1);
  });

  it('keeps requests to staff and admins, and the player’s own to the player', async () => {
    for (const who of [accounts.moderator, accounts.erin]) {
      const headers = { authorization: who.bearer };
      expect((await t.app.inject({ url: '/api/admin/development/beta-requests', headers })).statusCode).toBe(403);
      expect((await accept(who, accounts.erin.userId)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/account/beta' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/account/beta/request', payload: { data: {} } })).statusCode,
    ).toBe(401);
  });
});
