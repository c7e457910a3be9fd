import { PUSH_DEVICES_PER_PLAYER, PUSH_MESSAGES, PUSH_TOKEN_MAX_LENGTH } from '@outpost/contracts/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOwnAccount, ORIGIN, type SignedIn, signUp } from '../identity/testing';
import { errorAnswer } from '../testing/error-answer';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { noteDeviceSeen, PUSH_SEEN_REFRESH_MS, registerDevice } from './devices';

describe.each(TEST_DIALECTS)('push devices registered through the explicit route, on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let alice: SignedIn;
  let bob: SignedIn;
  const db = () => t.stores.game.development;

  const register = (who: SignedIn | null, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/push/devices',
      headers: who ? { authorization: who.bearer } : {},
      ...(payload ? { payload } : {}),
    });
  const unregister = (who: SignedIn, payload?: object) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/push/devices',
      headers: { authorization: who.bearer },
      ...(payload ? { payload } : {}),
    });
  const device = (token: string) =>
    db()
      .selectFrom('push_devices')
      .select(['user_id', 'platform', 'registered_at', 'last_seen'])
      .where('token', '=', token)
      .execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: { pushDevices: { max: 1000, windowMs: 60_000 } } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await signUp(t.app, { email: 'alice-push@example.com' });
    bob = await signUp(t.app, { email: 'bob-push@example.com' });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('registers the signed-in player’s device, and a second registration refreshes when it was seen', async () => {
    const first = await register(alice, { token: 'alice-phone', platform: 'ios' });
    expect(first.statusCode, first.body).toBe(200);
    const made = first.json();
    expect(made).toEqual({ platform: 'ios', registeredAt: expect.any(String), lastSeen: made.registeredAt });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = (await register(alice, { token: 'alice-phone', platform: 'android' })).json();
    expect(again.registeredAt).toBe(made.registeredAt);
    expect(again.lastSeen > made.lastSeen).toBe(true);
    expect(await device('alice-phone')).toEqual([
      { user_id: alice.userId, platform: 'android', registered_at: made.registeredAt, last_seen: again.lastSeen },
    ]);
  });

  it('moves a token to the player who registers it next: the device changed hands', async () => {
    await register(alice, { token: 'shared-tablet', platform: 'android' });
    const moved = (await register(bob, { token: 'shared-tablet', platform: 'android' })).json();
    expect(await device('shared-tablet')).toEqual([
      { user_id: bob.userId, platform: 'android', registered_at: moved.registeredAt, last_seen: moved.lastSeen },
    ]);
  });

  it('forgets a device when its player signs out there, and only its own player can', async () => {
    await register(alice, { token: 'alice-laptop', platform: 'web' });
    expect((await unregister(bob, { token: 'alice-laptop' })).json()).toEqual({ removed: false });
    expect(await device('alice-laptop')).toHaveLength(1);
    expect((await unregister(alice, { token: 'alice-laptop' })).json()).toEqual({ removed: true });
    expect(await device('alice-laptop')).toEqual([]);
    expect((await unregister(alice, { token: 'alice-laptop' })).json()).toEqual({ removed: false });
  });

  it('keeps one row when two players register one token at the same moment', async () => {
    // Players of their own, and no more tokens than one player keeps: the cap stays out of it.
    const erin = await signUp(t.app, { email: 'erin-push@example.com' });
    const finn = await signUp(t.app, { email: 'finn-push@example.com' });
    const tokens = Array.from({ length: PUSH_DEVICES_PER_PLAYER }, (_, index) => `contested-${index}`);
    const post = (who: SignedIn, token: string) =>
      fetch(`${base}/api/push/devices`, {
        method: 'POST',
        headers: { authorization: who.bearer, 'content-type': 'application/json' },
        body: JSON.stringify({ token, platform: 'ios' }),
      });
    const answers = await Promise.all(tokens.flatMap((token) => [post(erin, token), post(finn, token)]));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const rows = await db()
      .selectFrom('push_devices')
      .select(['token', 'user_id'])
      .where('token', 'like', 'contested-%')
      .execute();
    expect(rows.map((row) => row.token).sort()).toEqual([...tokens].sort());
    expect(rows.every((row) => [erin.userId, finn.userId].includes(row.user_id))).toBe(true);
  });

  it('refuses bad input with what is wrong, and a visitor', async () => {
    const refusals: [object | undefined, string][] = [
      [undefined, PUSH_MESSAGES.body],
      [{ platform: 'ios' }, `token: ${PUSH_MESSAGES.token}`],
      [{ token: '', platform: 'ios' }, `token: ${PUSH_MESSAGES.token}`],
      [{ token: 'two words', platform: 'ios' }, `token: ${PUSH_MESSAGES.token}`],
      [{ token: 'x'.repeat(PUSH_TOKEN_MAX_LENGTH + 1), platform: 'ios' }, `token: ${PUSH_MESSAGES.token}`],
      [{ token: 'fine-token', platform: 'windows' }, `platform: ${PUSH_MESSAGES.platform}`],
      [{ token: 'fine-token' }, `platform: ${PUSH_MESSAGES.platform}`],
    ];
    for (const [payload, message] of refusals) {
      const response = await register(alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errorAnswer('invalid-argument', message));
    }
    const removal = await unregister(alice, { token: 7 });
    expect(removal.json()).toEqual(errorAnswer('invalid-argument', `token: ${PUSH_MESSAGES.token}`));
    expect((await unregister(alice)).json()).toEqual(errorAnswer('invalid-argument', PUSH_MESSAGES.body));
    // The longest token taken is taken.
    expect((await register(alice, { token: 'y'.repeat(PUSH_TOKEN_MAX_LENGTH), platform: 'web' })).statusCode).toBe(200);
    expect((await register(null, { token: 'fine-token', platform: 'ios' })).statusCode).toBe(401);
  });

  it('keeps a player’s most recently seen devices only', async () => {
    const carol = await signUp(t.app, { email: 'carol-push@example.com' });
    const start = Date.parse('2026-12-10T10:00:00Z');
    for (let index = 0; index <= PUSH_DEVICES_PER_PLAYER; index += 1) {
      const now = new Date(start + index * 60_000);
      await registerDevice(db(), { token: `carol-${index}`, platform: 'ios', userId: carol.userId, now });
    }
    const kept = await db().selectFrom('push_devices').select('token').where('user_id', '=', carol.userId).execute();
    expect(kept).toHaveLength(PUSH_DEVICES_PER_PLAYER);
    expect(kept.map((row) => row.token)).not.toContain('carol-0');
  });

  it('writes a sighting from the messaging header once per refresh period, or when the device moves', async () => {
    const start = new Date('2026-12-10T12:00:00Z');
    const later = (ms: number) => new Date(start.getTime() + ms);
    const seen = (userId: string, now: Date) => noteDeviceSeen(db(), { token: 'header-token', userId, now });
    expect(await seen(alice.userId, start)).toBe(true);
    expect(await seen(alice.userId, later(PUSH_SEEN_REFRESH_MS - 1))).toBe(false);
    expect(await seen(bob.userId, later(1000))).toBe(true);
    expect(await seen(bob.userId, later(PUSH_SEEN_REFRESH_MS + 1001))).toBe(true);
    expect(await device('header-token')).toEqual([
      {
        user_id: bob.userId,
        platform: 'web',
        registered_at: later(1000).toISOString(),
        last_seen: later(PUSH_SEEN_REFRESH_MS + 1001).toISOString(),
      },
    ]);
    // The header names no platform, so it never overwrites the one a client registered.
    await registerDevice(db(), { token: 'header-token', platform: 'android', userId: bob.userId, now: start });
    await seen(alice.userId, later(2 * PUSH_SEEN_REFRESH_MS));
    expect((await device('header-token'))[0]?.platform).toBe('android');
  });

  it('puts the devices in the player’s download and erases them with the account', async () => {
    const dana = await signUp(t.app, { email: 'dana-push@example.com' });
    await register(dana, { token: 'dana-phone', platform: 'ios' });
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/account/data-export',
      headers: { cookie: dana.cookie, origin: ORIGIN },
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.json().environments.development.pushDevices).toEqual([
      { platform: 'ios', token: 'dana-phone', registeredAt: expect.any(String), lastSeen: expect.any(String) },
    ]);
    const deletion = await deleteOwnAccount(t.app, dana);
    expect(deletion.statusCode, deletion.body).toBe(200);
    expect(await device('dana-phone')).toEqual([]);
  });
});
