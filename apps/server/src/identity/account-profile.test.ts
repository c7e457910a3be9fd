import {
  DISPLAY_NAME_RULE,
  DISPLAY_NAME_TAKEN,
  SESSION_END_MESSAGES,
  type SessionEnd,
} from '@outpost/contracts/identity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { DEFAULT_AUTH_RATE_LIMITS } from './auth';
import { findProfile, setProfileKeys } from './queries';
import { cookieHeader, ORIGIN, type SignedIn, signUp, signUpWithProfile } from './testing';

const PASSWORD_CHANGED: SessionEnd = { cause: 'password-changed', message: SESSION_END_MESSAGES['password-changed'] };

/**
 * The file's tests share one app (building one per test was most of the file's time): every sign-up
 * and sign-in comes from the one address inject uses, more than the hourly sign-up limit allows.
 * The limits themselves are auth.test.ts's to test.
 */
const ROOMY_AUTH_LIMITS = {
  ...DEFAULT_AUTH_RATE_LIMITS,
  signIn: { windowSeconds: 60, max: 1_000 },
  signUp: { windowSeconds: 3600, max: 1_000 },
};

describe.each(TEST_DIALECTS)('the account profile and password on %s', (dialect) => {
  let t: TestApp;
  /** Each test's own player, fresh: `Ash<n>`, ash<n>@example.com, "correct horse battery". */
  let ash: SignedIn;
  let ashName: string;
  let tests = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: { auth: ROOMY_AUTH_LIMITS } });
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  beforeEach(async () => {
    tests += 1;
    ashName = `Ash${tests}`;
    ash = await withProfile(`ash${tests}@example.com`, ashName);
  });

  const withProfile = (email: string, displayName: string, keys: string[] = []) =>
    signUpWithProfile(t.app, (userId, set) => setProfileKeys(t.stores.identity, userId, set), {
      email,
      displayName,
      keys,
    });
  const rename = (who: SignedIn | null, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: who ? { authorization: who.bearer } : {},
      payload: payload as object,
    });
  const displayNameOf = async (who: SignedIn) => (await findProfile(t.stores.identity, who.userId))?.displayName;

  it('renames the player, keeps their keys and created date, and the session shows the new name', async () => {
    await setProfileKeys(t.stores.identity, ash.userId, ['partner']);
    const before = await findProfile(t.stores.identity, ash.userId);
    const renamed = await rename(ash, { displayName: '  Ash_Ketchum ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ displayName: 'Ash_Ketchum', keys: ['partner'], created: before?.created });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: ash.bearer } });
    expect(me.json().profile.displayName).toBe('Ash_Ketchum');
    // The old name is free again for someone else.
    const brock = await withProfile('brock@example.com', 'Brock');
    expect((await rename(brock, { displayName: ashName.toLowerCase() })).statusCode).toBe(200);
  });

  it('lets a player change only the case of their own name', async () => {
    const renamed = await rename(ash, { displayName: ashName.toUpperCase() });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await displayNameOf(ash)).toBe(ashName.toUpperCase());
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(21)],
    ['spaces', 'ash ketchum'],
    ['punctuation', 'ash!'],
    ['no name', undefined],
  ])('refuses a display name with %s and keeps the old one', async (_label, displayName) => {
    const refused = await rename(ash, { displayName });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(`displayName: ${DISPLAY_NAME_RULE}`);
    expect(await displayNameOf(ash)).toBe(ashName);
  });

  it('refuses a name another player has, whatever its case', async () => {
    await withProfile('misty@example.com', 'Misty');
    const refused = await rename(ash, { displayName: 'MISTY' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      status: 'ABORTED',
      message: DISPLAY_NAME_TAKEN,
      requestId: expect.any(String),
    });
    expect(await displayNameOf(ash)).toBe(ashName);
  });

  it('gives one name to exactly one of several players racing for it', async () => {
    const racers = [ash];
    for (let index = 1; index < 8; index++)
      racers.push(await withProfile(`racer${index}@example.com`, `racer${index}`));
    const answers = await Promise.all(racers.map((racer) => rename(racer, { displayName: 'Champ' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = racers[answers.findIndex((answer) => answer.statusCode === 200)] as SignedIn;
    expect(await displayNameOf(winner)).toBe('Champ');
    const holders = await t.stores.identity
      .selectFrom('profiles')
      .select('user_id')
      .where('display_name_key', '=', 'champ')
      .execute();
    expect(holders).toEqual([{ user_id: winner.userId }]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json().error.message).toBe(DISPLAY_NAME_TAKEN);
    }
  });

  it('creates the profile of an account that has none, and refuses a visitor', async () => {
    const newcomer = await signUp(t.app, { email: 'new@example.com' });
    const created = await rename(newcomer, { displayName: 'Newcomer' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ displayName: 'Newcomer', keys: [] });
    const visitor = await rename(null, { displayName: 'Ghost' });
    expect(visitor.statusCode).toBe(401);
  });

  describe('password change through the auth library', () => {
    const changePassword = (who: SignedIn, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie: who.cookie, origin: ORIGIN },
        payload,
      });
    const signIn = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email: ash.email, password },
      });

    it('refuses a wrong current password with its own code and keeps the password', async () => {
      const refused = await changePassword(ash, {
        currentPassword: 'not my password',
        newPassword: 'a brand new secret',
        revokeOtherSessions: true,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.details).toEqual({ code: 'wrong-password' });
      expect((await signIn('correct horse battery')).statusCode).toBe(200);
    });

    it('sets the new password: it signs in and the old one no longer does', async () => {
      const changed = await changePassword(ash, {
        currentPassword: 'correct horse battery',
        newPassword: 'a brand new secret',
        revokeOtherSessions: true,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await signIn('a brand new secret')).statusCode).toBe(200);
      const old = await signIn('correct horse battery');
      expect(old.statusCode).toBe(401);
      expect(old.json().error.details).toEqual({ code: 'wrong-password' });
    });

    it('signs the other devices out at once, though they were just seen (cached)', async () => {
      const otherDevice = await signIn('correct horse battery');
      expect(otherDevice.statusCode).toBe(200);
      const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      const otherCookie = { cookie: cookieHeader(otherDevice) };
      const otherBearer = { authorization: `Bearer ${otherDevice.headers['set-auth-token']}` };
      for (const credential of [otherCookie, otherBearer]) {
        expect((await me(credential)).json().user?.id).toBe(ash.userId);
      }
      const changed = await changePassword(ash, {
        currentPassword: 'correct horse battery',
        newPassword: 'a brand new secret',
        revokeOtherSessions: true,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      // Each device is told why its session ended.
      for (const credential of [otherCookie, otherBearer]) {
        expect((await me(credential)).json()).toEqual({ user: null, profile: null, sessionEnded: PASSWORD_CHANGED });
      }
    });

    it('keeps the changer signed in on the new session, though theirs was due to slide forward', async () => {
      // Ash's session was last slid forward two hours ago (updateAge is an hour): a read of it
      // now would renew the old token's cookie, which must not outlive the change.
      const slidTwoHoursAgo = new Date(Date.now() + 7 * 86_400_000 - 2 * 3_600_000);
      await t.stores.identity
        .updateTable('auth_sessions')
        .set({ expires_at: dialect === 'postgres' ? slidTwoHoursAgo : slidTwoHoursAgo.toISOString() })
        .where('user_id', '=', ash.userId)
        .execute();
      const changed = await changePassword(ash, {
        currentPassword: 'correct horse battery',
        newPassword: 'a brand new secret',
        revokeOtherSessions: true,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const tokens = changed.cookies.filter((cookie) => cookie.name.endsWith('session_token'));
      // The browser keeps the last cookie of a name: it must be the new session's.
      const kept = tokens.at(-1);
      expect(kept?.value).toContain(changed.json().token);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: `${kept?.name}=${kept?.value}` },
      });
      expect(me.json().user?.id).toBe(ash.userId);
      // The old cookie is revoked with the other sessions; its device holds the new one, so nothing
      // tells it that it was signed out (a page that raced the new cookie would sign itself out).
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: ash.cookie } })).json(),
      ).toEqual({ user: null, profile: null });
    });

    it('refuses a too short new password and a visitor', async () => {
      const short = await changePassword(ash, {
        currentPassword: 'correct horse battery',
        newPassword: 'short',
        revokeOtherSessions: false,
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.details).toEqual({ code: 'weak-password' });
      const visitor = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: ORIGIN },
        payload: { currentPassword: 'x', newPassword: 'a brand new secret' },
      });
      expect(visitor.statusCode).toBe(401);
    });
  });
});
