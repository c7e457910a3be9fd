import { ACCOUNT_SUSPENDED_CODE } from '@outpost/contracts/account-lifecycle-text';
import { SESSION_END_MESSAGES, type SessionEnd } from '@outpost/contracts/identity';
import { LIVE_CONTROL_EVENTS } from '@outpost/contracts/live-topics';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStores } from '../database';
import { listOutbox } from '../platform/mail/queries';
import { seedDemoData } from '../seed';
import { openSse, type SseEvent, type SseStream } from '../testing/sse-client';
import { buildTestApp, buildUnreadyTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { formatUtc } from './auth';
import { setProfileKeys } from './queries';
import { cookieHeader, ORIGIN, type SignedIn, signUpRoles, signUpWithProfile } from './testing';

/*
 * Every way a session or its rights end closes the live streams opened with it, on every
 * instance, with a last event that says why; a suspended player's session still presented is
 * answered with the suspension's reason and end, as signing in is.
 */

const PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;
/** How soon a stream hears that its session ended. */
const WITHIN_A_SECOND = 1_000;

const ended = (event: SseEvent) => event.event === LIVE_CONTROL_EVENTS.ended;

describe.each(TEST_DIALECTS)('ends of sessions on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let staff: SignedIn;
  let admin: SignedIn;
  let players = 0;
  const streams: SseStream[] = [];
  const setKeys = (userId: string, keys: string[]) => setProfileKeys(t.stores.identity, userId, keys);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await seedDemoData(t.stores, 'development');
    ({ staff, admin } = await signUpRoles(t.app, t.stores.identity, { staff: ['staff'], admin: ['admin'] }));
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.cleanup();
  });

  async function newPlayer(keys: string[] = []): Promise<SignedIn> {
    players += 1;
    return signUpWithProfile(t.app, setKeys, {
      email: `ender${players}@example.com`,
      displayName: `Ender${players}`,
      keys,
    });
  }

  async function follow(topics: string, as?: SignedIn, options: { env?: string; at?: string } = {}) {
    const query = new URLSearchParams({ topics, ...(options.env ? { env: options.env } : {}) });
    const stream = await openSse(`${options.at ?? base}/api/live?${query}`, as ? { authorization: as.bearer } : {});
    streams.push(stream);
    expect(stream.status, JSON.stringify(stream.body)).toBe(200);
    await stream.next((event) => event.event === LIVE_CONTROL_EVENTS.ready);
    return stream;
  }

  /** The stream's last event, within a second of `since`, and the stream then ended by the server. */
  async function lastEvent(stream: SseStream, since: number): Promise<SessionEnd> {
    const event = await stream.next(ended, WITHIN_A_SECOND);
    expect(Date.now() - since).toBeLessThan(WITHIN_A_SECOND);
    await expect.poll(() => stream.ended, { timeout: WITHIN_A_SECOND, interval: 10 }).toBe(true);
    expect(stream.events.at(-1)).toBe(event);
    return event.data as SessionEnd;
  }

  const post = (url: string, bearer: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: { authorization: bearer, origin: ORIGIN }, payload });
  const signIn = async (email: string, password = PASSWORD) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email, password },
    });
    return { response, bearer: `Bearer ${response.headers['set-auth-token']}`, cookie: cookieHeader(response) };
  };
  const credits = (headers: Record<string, string>) => t.app.inject({ url: '/api/account/credits', headers });
  const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/auth/me', headers });
  const renameMachine = (name: string) =>
    t.stores.game.development.updateTable('machines').set({ name }).where('machine_id', '=', 'scrapyard').execute();
  const machineRenamed = (name: string) => (event: SseEvent) =>
    event.event === 'machines' && (event.data as { record?: { name?: string } }).record?.name === name;

  it('closes every stream of a session that signs out, saying so, and no other', async () => {
    const player = await newPlayer();
    const other = await signIn(player.email);
    const own = await follow('profile,order-profile', player);
    const shop = await follow('machines', player);
    const otherDevice = await follow('profile', { ...player, bearer: other.bearer });
    const visitor = await follow('machines');

    const since = Date.now();
    expect((await post('/api/auth/sign-out', player.bearer)).statusCode).toBe(200);
    const expected = { cause: 'signed-out', message: SESSION_END_MESSAGES['signed-out'] };
    expect(await lastEvent(own, since)).toEqual(expected);
    expect(await lastEvent(shop, since)).toEqual(expected);

    // The player's other device and a visitor go on.
    await renameMachine('Scrapyard After Sign-out');
    await visitor.next(machineRenamed('Scrapyard After Sign-out'));
    await setKeys(player.userId, ['partner']);
    await otherDevice.next((event) => event.event === 'profile');
    expect(otherDevice.ended).toBe(false);
    await renameMachine('Scrapyard Capsules');
  });

  it('closes a stream whose session was deleted by anyone else (the CLI, SQL by hand)', async () => {
    const player = await newPlayer();
    const stream = await follow('machines', player);
    const since = Date.now();
    await t.stores.identity.deleteFrom('auth_sessions').where('user_id', '=', player.userId).execute();
    expect(await lastEvent(stream, since)).toEqual({ cause: 'ended', message: SESSION_END_MESSAGES.ended });
  });

  it('closes the streams of the sessions a password change signs out, and tells those devices why', async () => {
    const player = await newPlayer();
    const phone = await signIn(player.email);
    const onPhone = await follow('profile', { ...player, bearer: phone.bearer });

    // Kept: the other sessions go on.
    const kept = await post('/api/auth/change-password', player.bearer, {
      currentPassword: PASSWORD,
      newPassword: 'a second password',
      revokeOtherSessions: false,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    // Refused (a wrong current password): nothing ends, and nothing is noted as ended.
    const refused = await post('/api/auth/change-password', player.bearer, {
      currentPassword: 'not the password',
      newPassword: 'a third password',
      revokeOtherSessions: true,
    });
    expect(refused.statusCode).toBe(400);
    const notes = t.stores.identity.selectFrom('ended_sessions').selectAll().where('user_id', '=', player.userId);
    expect(await notes.execute()).toEqual([]);
    expect((await onPhone.collect(100)).filter(ended)).toEqual([]);

    const own = await follow('profile', player);
    const changed = await post('/api/auth/change-password', player.bearer, {
      currentPassword: 'a second password',
      newPassword: 'a third password',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The sessions ended when the change committed, before its answer: the second runs from there.
    // From before the request it would also time the two password hashes (scrypt), which took
    // 1,055 ms with the stream's end in a loaded CI run.
    const since = Date.now();
    const expected = { cause: 'password-changed', message: SESSION_END_MESSAGES['password-changed'] };
    expect(await lastEvent(onPhone, since)).toEqual(expected);
    // The device that changed it has a new session from the library: its stream on the old one
    // closes without a last event (the browser reconnects with the new one), and nothing tells it
    // that it was signed out, whichever of its credentials arrives first.
    await expect.poll(() => own.ended, { timeout: WITHIN_A_SECOND, interval: 10 }).toBe(true);
    expect(own.events.filter(ended)).toEqual([]);
    expect((await me({ authorization: player.bearer })).json()).toEqual({ user: null, profile: null });
    const renewed = `Bearer ${changed.headers['set-auth-token']}`;
    expect((await me({ authorization: renewed })).json()).toMatchObject({ user: { id: player.userId } });
    expect((await follow('profile', { ...player, bearer: renewed })).ended).toBe(false);
    // The phone, still presenting its session, is told why it ended.
    expect((await me({ authorization: phone.bearer })).json()).toEqual({
      user: null,
      profile: null,
      sessionEnded: expected,
    });
    expect((await credits({ authorization: phone.bearer })).statusCode).toBe(401);
  });

  it('closes the streams of the sessions a password reset by mail ends, saying the password changed', async () => {
    const player = await newPlayer();
    const stream = await follow('profile', player);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: player.email },
    });
    expect(asked.statusCode).toBe(200);
    const [mail] = await listOutbox(t.stores.identity, { to: player.email, limit: 1 });
    const token = decodeURIComponent(mail?.text_body.match(/token=([^\s&]+)/)?.[1] ?? '');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'a brand new passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // As for a password change: from the reset's commit, not from before its password hash.
    const since = Date.now();
    expect(await lastEvent(stream, since)).toEqual({
      cause: 'password-changed',
      message: SESSION_END_MESSAGES['password-changed'],
    });
  });

  it('ends a suspended player’s streams with the reason and the end; their session is answered with them', async () => {
    const player = await newPlayer();
    const browser = await signIn(player.email);
    const stream = await follow('profile,machines', player);
    // Each store's feed hands changes on in commit order: once these two have reached the stream,
    // so has what was written before them (the sign-up's and the sign-in's own changes, which may
    // come after the stream's ready).
    await renameMachine('Scrapyard Before Suspension');
    await stream.next(machineRenamed('Scrapyard Before Suspension'));
    await setKeys(player.userId, ['partner']);
    await stream.next((event) => event.event === 'profile' && JSON.stringify(event.data).includes('"partner"'));
    const seen = stream.events.length;
    const endsAt = new Date(Date.now() + 48 * HOUR).toISOString();
    const message = `Your account is suspended until ${formatUtc(endsAt)}. Reason: Spamming the lobby`;

    const since = Date.now();
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/admin/development/users/${player.userId}/suspension`,
      headers: { authorization: staff.bearer },
      payload: { reason: 'Spamming the lobby', endsAt },
    });
    expect(made.statusCode, made.body).toBe(200);
    const expected = { cause: 'suspended', message, suspension: { reason: 'Spamming the lobby', endsAt } };
    expect(await lastEvent(stream, since)).toEqual(expected);
    // Nothing but the end reached the stream from the suspension on, nor does a change after it.
    await setKeys(player.userId, []);
    await renameMachine('Scrapyard While Suspended');
    expect(stream.events.slice(seen).filter((event) => event.event !== LIVE_CONTROL_EVENTS.ended)).toEqual([]);

    // The session still presented (the game's bearer token, the browser's cookie) hears what signing in says.
    const refusal = {
      status: 'PERMISSION_DENIED',
      message,
      details: { code: ACCOUNT_SUSPENDED_CODE, endsAt, reason: 'Spamming the lobby' },
      requestId: expect.any(String),
    };
    const signingIn = await signIn(player.email);
    expect(signingIn.response.statusCode).toBe(403);
    expect(signingIn.response.json().error).toEqual(refusal);
    const presented: Record<string, string>[] = [{ authorization: player.bearer }, { cookie: browser.cookie }];
    for (const headers of presented) {
      const call = await credits(headers);
      expect(call.statusCode).toBe(403);
      expect(call.json().error).toEqual(refusal);
      const asked = await me(headers);
      expect(asked.json()).toEqual({ user: null, profile: null, sessionEnded: expected });
      // The browser keeps its cookie, so every page it opens is told until the next sign-in.
      expect(asked.headers['set-cookie']).toBeUndefined();
    }
    const reopened = await openSse(`${base}/api/live?topics=profile`, { authorization: player.bearer });
    expect(reopened.status).toBe(403);
    expect((reopened.body as { error: unknown }).error).toEqual(refusal);
    // Public pages still open for them, as for a visitor.
    expect((await t.app.inject({ url: '/api/shop', headers: { authorization: player.bearer } })).statusCode).toBe(200);

    // Lifted: the old session is simply gone.
    const lifted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/development/users/${player.userId}/suspension/lift`,
      headers: { authorization: staff.bearer },
      payload: { note: '' },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const afterLift = await credits({ authorization: player.bearer });
    expect(afterLift.statusCode).toBe(401);
    expect(afterLift.json().error.message).toBe('Please sign in first.');
    await renameMachine('Scrapyard Capsules');
  });

  it('ends the streams of an account being deleted, saying so', async () => {
    const player = await newPlayer();
    const stream = await follow('machines', player);
    const since = Date.now();
    const deleted = await post('/api/account/deletion', player.bearer, { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await lastEvent(stream, since)).toEqual({ cause: 'deleted', message: SESSION_END_MESSAGES.deleted });
  });

  it('checks a viewer’s streams again when an admin changes their keys: those it no longer may follow as before end', async () => {
    const helper = await newPlayer(['staff']);
    const backOffice = await follow('machines', helper, { env: 'development' });
    const shopAsStaff = await follow('machines', helper);
    const own = await follow('profile', helper);

    // A new name changes nothing they may see.
    await t.stores.identity
      .updateTable('profiles')
      .set({ display_name: 'Renamed' })
      .where('user_id', '=', helper.userId)
      .execute();
    await own.next((event) => event.event === 'profile');

    const since = Date.now();
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/development/users/${helper.userId}/keys`,
      headers: { authorization: admin.bearer },
      payload: { keys: [] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const expected = { cause: 'access-changed', message: SESSION_END_MESSAGES['access-changed'] };
    // No longer in the back office, and the shop as players see it (unavailable machines hidden).
    expect(await lastEvent(backOffice, since)).toEqual(expected);
    expect(await lastEvent(shopAsStaff, since)).toEqual(expected);
    // Their own profile they still follow, as before: the change itself arrives.
    expect((await own.next((event) => event.event === 'profile')).data).toMatchObject({ record: { keys: [] } });
    expect(own.ended).toBe(false);
  });

  it.runIf(dialect === 'postgres')('ends a stream on another instance within a second', async () => {
    const secondStores: AppStores = await t.reopen();
    const second: FastifyInstance = await buildUnreadyTestApp({ ...t, stores: secondStores });
    try {
      await second.ready();
      const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
      const player = await newPlayer();
      const stream = await follow('machines', player, { at: secondBase });
      const since = Date.now();
      expect((await post('/api/auth/sign-out', player.bearer)).statusCode).toBe(200);
      expect(await lastEvent(stream, since)).toMatchObject({ cause: 'signed-out' });
    } finally {
      await second.close();
      await secondStores.close();
    }
  });
});
