import type { AdminUser, Suspension } from '@outpost/contracts/account-lifecycle';
import {
  ACCOUNT_LOG_ACTIONS,
  ACCOUNT_SUSPENDED_CODE,
  SUSPENSION_MESSAGES,
} from '@outpost/contracts/account-lifecycle-text';
import type { ModerationDashboard } from '@outpost/contracts/backoffice';
import { AUTH_MESSAGES } from '@outpost/contracts/identity';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../ledger/ledger';
import { seedDemoData } from '../../seed';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../../testing/test-stores';
import { setProfileKeys } from '../queries';
import { ORIGIN, type SignedIn, signUpWithProfile } from '../testing';
import { countSuspendedPlayers, suspendPlayer } from './suspensions';

const PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;

describe.each(TEST_DIALECTS)('suspensions on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  let moderator: SignedIn;
  let players = 0;
  const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    staff = await signUpWithProfile(t.app, setKeys, {
      email: 'crew@example.com',
      displayName: 'Crew',
      keys: ['staff'],
    });
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'boss@example.com',
      displayName: 'Boss',
      keys: ['admin'],
    });
    moderator = await signUpWithProfile(t.app, setKeys, {
      email: 'mod@example.com',
      displayName: 'Mod',
      keys: ['moderator'],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function newPlayer(): Promise<SignedIn & { email: string; name: string }> {
    players += 1;
    const name = `Player${players}`;
    const email = `player${players}@example.com`;
    const player = await signUpWithProfile(t.app, setKeys, { email, displayName: name });
    await credit(t.stores.game.development, {
      userId: player.userId,
      amount: 1000,
      reason: 'reward',
      reference: `grant:${player.userId}`,
    });
    return { ...player, email, name };
  }

  const suspend = (who: SignedIn, userID: string, body: object, env = 'development') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/${env}/users/${userID}/suspension`,
      headers: { authorization: who.bearer },
      payload: body,
    });
  const lift = (who: SignedIn, userID: string, note = '') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/development/users/${userID}/suspension/lift`,
      headers: { authorization: who.bearer },
      payload: { note },
    });
  const userPage = async (userID: string, who: SignedIn = moderator): Promise<AdminUser> => {
    const response = await t.app.inject({
      url: `/api/admin/development/users/${userID}`,
      headers: { authorization: who.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AdminUser;
  };
  const signIn = (email: string, password = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password },
    });
  /** Signs in again after a suspension ended every session: the new bearer token. */
  const signInAgain = async (who: SignedIn & { email?: string }) => {
    const email = (
      await t.stores.identity
        .selectFrom('auth_users')
        .select('email')
        .where('id', '=', who.userId)
        .executeTakeFirstOrThrow()
    ).email;
    const response = await signIn(email);
    expect(response.statusCode, response.body).toBe(200);
    return { bearer: `Bearer ${response.headers['set-auth-token']}` };
  };
  const spin = (who: SignedIn): Promise<LightMyRequestResponse> =>
    t.app.inject({
      url: '/api/fn/spin-machine?machineID=scrapyard',
      headers: { authorization: who.bearer },
    });
  const suspendedFigure = async () => {
    const response = await t.app.inject({
      url: '/api/admin/beta/dashboard',
      headers: { authorization: moderator.bearer },
    });
    return (response.json() as ModerationDashboard).figures.suspendedPlayers;
  };
  const logOf = async (action: string) =>
    (
      await t.stores.game.development
        .selectFrom('admin_log')
        .selectAll()
        .where('action', '=', action)
        .orderBy('id')
        .execute()
    ).map((entry) => ({ admin: entry.admin, data: JSON.parse(entry.data) }));

  it('suspends a player until a date: sessions end, sign-in says until when, lifting restores everything', async () => {
    const player = await newPlayer();
    const figureBefore = await suspendedFigure();
    expect((await spin(player)).statusCode).toBe(200);
    const endsAt = new Date(Date.now() + 48 * HOUR).toISOString();

    const made = await suspend(staff, player.userId, { reason: ' Spamming the lobby ', endsAt });
    expect(made.statusCode, made.body).toBe(200);
    const suspension = made.json() as Suspension;
    expect(suspension).toMatchObject({
      state: 'active',
      reason: 'Spamming the lobby',
      endsAt,
      suspendedBy: { userID: staff.userId, displayName: 'Crew' },
      environment: 'development',
      reportID: null,
      liftedAt: null,
    });

    // Every session ends at once: the bearer token the game holds, the cookie of the web app, each
    // then told until when and why, as signing in is (below).
    const refusedSpin = await spin(player);
    expect(refusedSpin.statusCode).toBe(403);
    expect(refusedSpin.json().error.details).toEqual({
      code: ACCOUNT_SUSPENDED_CODE,
      endsAt,
      reason: 'Spamming the lobby',
    });
    const asked = (await t.app.inject({ url: '/api/auth/me', headers: { cookie: player.cookie } })).json();
    expect(asked.user).toBeNull();
    expect(asked.sessionEnded).toMatchObject({
      cause: 'suspended',
      suspension: { endsAt, reason: 'Spamming the lobby' },
    });
    expect(
      await t.stores.identity.selectFrom('auth_sessions').selectAll().where('user_id', '=', player.userId).execute(),
    ).toEqual([]);

    // Signing in says until when, to the owner only: a wrong password is just a wrong password.
    const refused = await signIn(player.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      status: 'PERMISSION_DENIED',
      message: `Your account is suspended until ${new Date(endsAt).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC. Reason: Spamming the lobby`,
      details: { code: ACCOUNT_SUSPENDED_CODE, endsAt, reason: 'Spamming the lobby' },
      requestId: expect.any(String),
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.headers['set-auth-token']).toBeUndefined();
    expect(
      await t.stores.identity.selectFrom('auth_sessions').selectAll().where('user_id', '=', player.userId).execute(),
    ).toEqual([]);
    const guessed = await signIn(player.email, 'someone guessing');
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().error.message).toBe(AUTH_MESSAGES['wrong-password']);

    // The user page, the dashboard (accounts are shared: every environment counts it) and the log.
    const page = await userPage(player.userId);
    expect(page.suspension).toMatchObject({ suspensionID: suspension.suspensionID, state: 'active' });
    expect(page.suspensions).toHaveLength(1);
    expect(page.profile).toMatchObject({ userID: player.userId, displayName: player.name });
    expect(page.credits).toBe(900);
    expect(await suspendedFigure()).toBe(figureBefore + 1);
    expect(await logOf(ACCOUNT_LOG_ACTIONS.suspended)).toContainEqual({
      admin: staff.userId,
      data: {
        userID: player.userId,
        displayName: player.name,
        suspensionID: suspension.suspensionID,
        reason: 'Spamming the lobby',
        endsAt,
        reportID: null,
      },
    });

    const lifted = await lift(admin, player.userId, 'Apologised');
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({
      state: 'lifted',
      liftedBy: { userID: admin.userId, displayName: 'Boss' },
      liftNote: 'Apologised',
    });
    expect(await suspendedFigure()).toBe(figureBefore);
    expect((await userPage(player.userId)).suspension).toBeNull();
    expect(await logOf(ACCOUNT_LOG_ACTIONS.lifted)).toContainEqual({
      admin: admin.userId,
      data: {
        userID: player.userId,
        displayName: player.name,
        suspensionID: suspension.suspensionID,
        note: 'Apologised',
      },
    });
    const back = await signIn(player.email);
    expect(back.statusCode, back.body).toBe(200);
    expect((await spin({ ...player, bearer: `Bearer ${back.headers['set-auth-token']}` })).statusCode).toBe(200);
  });

  it('suspends until lifted, from a report, and says so', async () => {
    const player = await newPlayer();
    const made = await suspend(staff, player.userId, { reason: 'Cheating', endsAt: null, reportID: 'abc123' });
    expect(made.statusCode, made.body).toBe(200);
    // No report of that id in the store: its number is not known.
    expect(made.json()).toMatchObject({ endsAt: null, reportID: 'abc123', reportNumber: null });
    const refused = await signIn(player.email);
    expect(refused.json().error).toMatchObject({
      message: 'Your account is suspended until the Outpost team lifts the suspension. Reason: Cheating',
      details: { code: ACCOUNT_SUSPENDED_CODE, endsAt: null, reason: 'Cheating' },
    });
    expect((await lift(staff, player.userId)).statusCode).toBe(200);
  });

  it('names the report a suspension came from by its short number, read in the environment it was made in', async () => {
    const player = await newPlayer();
    const report = await t.stores.game.development
      .selectFrom('reports')
      .select(['report_id', 'report_number'])
      .orderBy('report_number')
      .executeTakeFirstOrThrow();
    const made = await suspend(staff, player.userId, { reason: 'Cheating', endsAt: null, reportID: report.report_id });
    expect(made.statusCode, made.body).toBe(200);
    const reportNumber = Number(report.report_number);
    expect(made.json()).toMatchObject({ reportID: report.report_id, reportNumber });
    expect((await userPage(player.userId)).suspensions).toEqual([
      expect.objectContaining({ reportID: report.report_id, reportNumber }),
    ]);
    // Seen from another environment, whose store has no such report: still the number of the one it was made in.
    const fromProduction = await t.app.inject({
      url: `/api/admin/production/users/${player.userId}`,
      headers: { authorization: moderator.bearer },
    });
    expect((fromProduction.json() as AdminUser).suspension).toMatchObject({ environment: 'development', reportNumber });
    const lifted = await lift(staff, player.userId);
    expect(lifted.json()).toMatchObject({ state: 'lifted', reportNumber });
  });

  it('stops a session another instance still holds, at its next request', async () => {
    const player = await newPlayer();
    expect((await spin(player)).statusCode).toBe(200);
    // Made elsewhere: this app's session cache still holds the player's token.
    await suspendPlayer(
      { identity: t.stores.identity, game: t.stores.game.development },
      { environment: 'development', admin: staff.userId },
      player.userId,
      { reason: 'Elsewhere', endsAt: null, reportID: null },
    );
    const refused = await spin(player);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toEqual({ code: ACCOUNT_SUSPENDED_CODE, endsAt: null, reason: 'Elsewhere' });
    expect((await lift(staff, player.userId)).statusCode).toBe(200);
  });

  it('lets a suspension end by itself', async () => {
    const player = await newPlayer();
    const start = new Date(Date.now() - 3 * HOUR);
    await suspendPlayer(
      { identity: t.stores.identity, game: t.stores.game.development },
      { environment: 'development', admin: staff.userId, now: start },
      player.userId,
      { reason: 'Two hours to cool down', endsAt: new Date(start.getTime() + 2 * HOUR).toISOString(), reportID: null },
    );
    expect((await signIn(player.email)).statusCode).toBe(200);
    const page = await userPage(player.userId);
    expect(page.suspension).toBeNull();
    expect(page.suspensions).toEqual([expect.objectContaining({ state: 'ended' })]);
    const noLift = await lift(staff, player.userId);
    expect(noLift.statusCode).toBe(409);
    expect(noLift.json().error.message).toBe(SUSPENSION_MESSAGES.notSuspended);
    // A new suspension closes the ended one as ended, not as lifted by someone.
    expect((await suspend(staff, player.userId, { reason: 'Again', endsAt: null })).statusCode).toBe(200);
    const history = (await userPage(player.userId)).suspensions;
    expect(history.map((suspension) => suspension.state)).toEqual(['active', 'ended']);
    expect(history[1]?.liftedBy).toBeNull();
    expect((await lift(staff, player.userId)).statusCode).toBe(200);
  });

  it('replaces a suspension with a new one, and lets one of two at once through', async () => {
    const player = await newPlayer();
    expect((await suspend(staff, player.userId, { reason: 'First', endsAt: null })).statusCode).toBe(200);
    const changed = await suspend(admin, player.userId, {
      reason: 'Shorter',
      endsAt: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(changed.statusCode).toBe(200);
    const history = (await userPage(player.userId)).suspensions;
    expect(history.map((suspension) => [suspension.reason, suspension.state])).toEqual([
      ['Shorter', 'active'],
      ['First', 'lifted'],
    ]);
    expect(history[1]).toMatchObject({ liftedBy: { userID: admin.userId }, liftNote: 'Replaced by a new suspension.' });

    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        suspend(index % 2 ? staff : admin, player.userId, { reason: `Race ${index}`, endsAt: null }),
      ),
    );
    const statuses = racing.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    for (const response of racing.filter((answer) => answer.statusCode !== 200)) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(SUSPENSION_MESSAGES.changedMeanwhile);
    }
    const open = await t.stores.identity
      .selectFrom('account_suspensions')
      .selectAll()
      .where('user_id', '=', player.userId)
      .where('lifted_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
    expect(await logOf(ACCOUNT_LOG_ACTIONS.suspended)).toEqual(
      expect.arrayContaining(
        racing
          .filter((response) => response.statusCode === 200)
          .map((response) =>
            expect.objectContaining({ data: expect.objectContaining({ suspensionID: response.json().suspensionID }) }),
          ),
      ),
    );
    // Every refused one left no entry: one per suspension made.
    const made = (await logOf(ACCOUNT_LOG_ACTIONS.suspended)).filter((entry) => entry.data.userID === player.userId);
    expect(made).toHaveLength(2 + statuses.filter((status) => status === 200).length);
    expect((await lift(staff, player.userId)).statusCode).toBe(200);
  });

  it('refuses what makes no sense, and moderators', async () => {
    const player = await newPlayer();
    const cases: [SignedIn, string, object, number, string | undefined][] = [
      [staff, staff.userId, { reason: 'Me', endsAt: null }, 400, SUSPENSION_MESSAGES.ownAccount],
      [
        staff,
        player.userId,
        { reason: 'Late', endsAt: new Date(Date.now() - HOUR).toISOString() },
        400,
        SUSPENSION_MESSAGES.untilPast,
      ],
      [staff, player.userId, { reason: '   ', endsAt: null }, 400, `reason: ${SUSPENSION_MESSAGES.reasonRequired}`],
      [
        staff,
        player.userId,
        { reason: 'x', endsAt: 'next tuesday' },
        400,
        `endsAt: ${SUSPENSION_MESSAGES.untilInvalid}`,
      ],
      [staff, 'no-such-user', { reason: 'Who', endsAt: null }, 404, SUSPENSION_MESSAGES.noUser('no-such-user')],
      [moderator, player.userId, { reason: 'Mod', endsAt: null }, 403, undefined],
    ];
    for (const [who, userID, body, status, message] of cases) {
      const response = await suspend(who, userID, body);
      expect(response.statusCode, response.body).toBe(status);
      if (message) expect(response.json().error.message).toBe(message);
    }
    expect((await lift(moderator, player.userId)).statusCode).toBe(403);
    // Staff cannot lock out staff or admins: only admins suspend them.
    for (const colleague of [admin, moderator]) {
      if (colleague === moderator) await setKeys(moderator.userId, ['moderator', 'staff']);
      const refused = await suspend(staff, colleague.userId, { reason: 'Coup', endsAt: null });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error.message).toBe(SUSPENSION_MESSAGES.staffOnlyByAdmins);
    }
    await setKeys(moderator.userId, ['moderator']);
    const byAdmin = await suspend(admin, staff.userId, { reason: 'Audit', endsAt: null });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await lift(admin, staff.userId)).statusCode).toBe(200);
    staff = { ...staff, ...(await signInAgain(staff)) };
    expect((await lift(staff, player.userId)).statusCode).toBe(409);
    expect((await userPage(player.userId)).suspensions).toEqual([]);
    expect(await countSuspendedPlayers(t.stores.identity)).toBe(await suspendedFigure());
    const unknown = await t.app.inject({
      url: '/api/admin/development/users/no-such-user',
      headers: { authorization: moderator.bearer },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
