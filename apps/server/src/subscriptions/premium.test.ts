import type { Premium } from '@outpost/contracts/subscriptions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUp, signUpWithProfile } from '../identity/testing';
import { openSse, type SseStream } from '../testing/sse-client';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { recordSubscriptionEvent, type SubscriptionRef } from './subscription-events';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();
const days = (n: number) => new Date(NOW + n * DAY).toISOString();

describe.each(TEST_DIALECTS)("a player's premium on %s", (dialect) => {
  let t: TestApp;
  let ada: SignedIn;
  let bo: SignedIn;
  let base: string;
  const streams: SseStream[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ada = await signUpWithProfile(t.app, async () => {}, { email: 'ada@example.com', displayName: 'Ada' });
    bo = await signUp(t.app, { email: 'bo@example.com' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.cleanup();
  });

  const premiumOf = async (who: SignedIn) => {
    const response = await t.app.inject({ url: '/api/account/premium', headers: { authorization: who.bearer } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Premium;
  };
  const fromGame = async (who: SignedIn) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/callable/getPremium',
      headers: { authorization: who.bearer },
      payload: { data: null },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Premium }).data;
  };
  // The game reads premium with the profile too (GET /api/auth/me).
  const onProfile = async (who: SignedIn) => {
    const response = await t.app.inject({ url: '/api/auth/me', headers: { authorization: who.bearer } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { profile: { displayName: string; premium?: Premium } }).profile;
  };
  const follow = async (who: SignedIn) => {
    const stream = await openSse(`${base}/api/live?topics=premium`, { authorization: who.bearer });
    streams.push(stream);
    await stream.next((event) => event.event === 'ready');
    return stream;
  };

  it('is none before any subscription, and asks a visitor to sign in', async () => {
    expect(await premiumOf(ada)).toEqual({ premium: false, until: null, channel: null, state: null });
    expect(await onProfile(ada)).toMatchObject({
      displayName: 'Ada',
      premium: { premium: false, until: null, channel: null, state: null },
    });
    expect((await t.app.inject({ url: '/api/account/premium' })).statusCode).toBe(401);
  });

  it('holds through a cancelled period, ends with a refund, and the game and the open page hear each change', async () => {
    const ref: SubscriptionRef = { channel: 'app-store', channelId: 'otx-ada', userId: ada.userId };
    const adaStream = await follow(ada);
    const boStream = await follow(bo);

    await recordSubscriptionEvent(db(), ref, { eventId: 'buy', kind: 'purchase', at: days(-1), until: days(29) });
    const active = { premium: true, until: days(29), channel: 'app-store', state: 'active' };
    expect(await premiumOf(ada)).toEqual(active);
    expect(await fromGame(ada)).toEqual(active);
    expect((await onProfile(ada)).premium).toEqual(active);
    const heard = await adaStream.next((event) => event.event === 'premium');
    expect(heard.data).toEqual({ key: ada.userId, record: active });

    await recordSubscriptionEvent(db(), ref, { eventId: 'off', kind: 'cancel', at: days(0) });
    expect(await premiumOf(ada)).toEqual({ ...active, state: 'cancelled' });

    await recordSubscriptionEvent(db(), ref, { eventId: 'back', kind: 'refund', at: new Date().toISOString() });
    const refunded = { premium: false, until: null, channel: 'app-store', state: 'refunded' };
    expect(await fromGame(ada)).toEqual(refunded);
    expect((await onProfile(ada)).premium).toEqual(refunded);
    const last = await adaStream.next(
      (event) => event.event === 'premium' && (event.data as { record: Premium }).record.state === 'refunded',
    );
    expect(last.data).toEqual({ key: ada.userId, record: refunded });
    // Another player hears nothing of it, and has none.
    expect(await boStream.collect(300)).toEqual([]);
    expect((await premiumOf(bo)).premium).toBe(false);
  });

  it('takes the subscription whose premium lasts longest when a player has one on each channel', async () => {
    await recordSubscriptionEvent(
      db(),
      { channel: 'stripe', channelId: 'sub_bo', userId: bo.userId },
      { eventId: 'evt_1', kind: 'purchase', at: days(-2), until: days(10) },
    );
    await recordSubscriptionEvent(
      db(),
      { channel: 'google-play', channelId: 'gpa-bo', userId: bo.userId },
      { eventId: 'n1', kind: 'purchase', at: days(-1), until: days(20) },
    );
    expect(await premiumOf(bo)).toEqual({ premium: true, until: days(20), channel: 'google-play', state: 'active' });
  });
});
