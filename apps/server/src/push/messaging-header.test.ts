import { Component, type Name } from '@firebase/component';
import { MESSAGING_TOKEN_HEADER, PUSH_TOKEN_MAX_LENGTH } from '@outpost/contracts/push';
import * as firebaseApp from 'firebase/app';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedIn, signUp } from '../identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';

/*
 * The game's client registers its device by calling: the Firebase JS SDK's `httpsCallable` sends the
 * messaging token in `Firebase-Instance-ID-Token` with every call. The SDK asks firebase/messaging
 * for the token only where the browser's Notification permission is granted, and asks firebase/auth
 * for the bearer token; neither runs in Node, so each app below is handed what those packages would
 * register in a browser (their internal components, through the app's internal `_addComponent`,
 * which the public typings leave out) and the real functions client does the rest over real HTTP.
 */
const addComponent = (firebaseApp as unknown as { _addComponent(app: FirebaseApp, component: Component<Name>): void })
  ._addComponent;
/**
 * Hands an app the internal service another Firebase package would register; the names are not in
 * the component typings this workspace sees, hence the casts.
 */
const provide = (app: FirebaseApp, name: 'messaging-internal' | 'auth-internal', service: object) =>
  addComponent(app, new Component(name as Name, () => service as never, 'PRIVATE' as never));

describe.each(TEST_DIALECTS)('the messaging token on callables, on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let player: SignedIn;
  const apps: FirebaseApp[] = [];
  const db = () => t.stores.game.development;
  const devices = () =>
    db().selectFrom('push_devices').select(['token', 'user_id', 'platform']).orderBy('token').execute();

  /** A Firebase app on this device: its messaging token, and the signed-in player's bearer token if any. */
  function client(messagingToken: string, who: SignedIn | null) {
    const app = initializeApp(
      { projectId: 'outpost-test', apiKey: 'test-api-key', appId: '1:000000000000:web:0000000000000000' },
      `device-${dialect}-${apps.length}`,
    );
    apps.push(app);
    provide(app, 'messaging-internal', { getToken: async () => messagingToken });
    if (who)
      provide(app, 'auth-internal', { getToken: async () => ({ accessToken: who.bearer.replace(/^Bearer /, '') }) });
    // A URL as the region makes the SDK post to `${url}/${name}`.
    return getFunctions(app, `${base}/api/callable`);
  }
  const signupForEmails = async (messagingToken: string, who: SignedIn | null, email: string) =>
    (await httpsCallable(client(messagingToken, who), 'signupForEmails')(email)).data;

  beforeAll(async () => {
    // What a browser that granted notifications has, which the SDK checks before asking for the token.
    vi.stubGlobal('self', globalThis);
    vi.stubGlobal('Notification', { permission: 'granted' });
    t = await buildTestApp(dialect);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    player = await signUp(t.app, { email: 'caller@example.com' });
  });
  afterAll(async () => {
    for (const app of apps) await deleteApp(app);
    await t?.cleanup();
    vi.unstubAllGlobals();
  });

  it("records a signed-in player's device from the SDK's header, and leaves the call's answer as it was", async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    expect(await signupForEmails('token-of-the-phone', player, 'caller@example.com')).toEqual({
      email: 'caller@example.com',
      created: true,
    });
    const headers = new Headers(sent.mock.calls.at(-1)?.[1]?.headers);
    sent.mockRestore();
    expect(headers.get(MESSAGING_TOKEN_HEADER)).toBe('token-of-the-phone');
    expect(headers.get('authorization')).toBe(player.bearer);
    await vi.waitFor(async () =>
      expect(await devices()).toEqual([{ token: 'token-of-the-phone', user_id: player.userId, platform: 'web' }]),
    );
  });

  it("keeps no guest's token, and answers the guest as ever", async () => {
    expect(await signupForEmails('token-of-a-guest', null, 'guest@example.com')).toEqual({
      email: 'guest@example.com',
      created: true,
    });
    // A signed-in call after it: once its token is there, the guest's had its turn.
    await signupForEmails('token-of-the-tablet', player, 'guest@example.com');
    await vi.waitFor(async () =>
      expect((await devices()).map((device) => device.token)).toContain('token-of-the-tablet'),
    );
    expect((await devices()).map((device) => device.token)).not.toContain('token-of-a-guest');
  });

  it("records it from docs/product.md §7.1's functions too, and not from a call the server refused", async () => {
    const call = (url: string, token: string) =>
      t.app.inject({ url, headers: { authorization: player.bearer, [MESSAGING_TOKEN_HEADER]: token } });
    expect((await call('/api/fn/check-email?email=nobody@example.com', 'token-of-the-laptop')).json()).toEqual({
      exists: false,
    });
    expect((await call('/api/fn/check-email?email=not-an-address', 'token-of-a-refused-call')).statusCode).toBe(400);
    await vi.waitFor(async () =>
      expect((await devices()).map((device) => device.token)).toContain('token-of-the-laptop'),
    );
    expect((await devices()).map((device) => device.token)).not.toContain('token-of-a-refused-call');
  });

  it('ignores a token that is no token, and the call still succeeds', async () => {
    const before = await devices();
    for (const token of ['has a space', 'x'.repeat(PUSH_TOKEN_MAX_LENGTH + 1)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/callable/signupCount',
        headers: { authorization: player.bearer, [MESSAGING_TOKEN_HEADER]: token },
        payload: { data: null },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    // Nothing to wait for that would show up: give the hooks their turn, then look.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await devices()).toEqual(before);
  });
});
