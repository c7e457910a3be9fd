import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NotificationTypeV2, Subtype } from '@apple/app-store-server-library';
import type { StoreGrant } from '@outpost/contracts/store-purchases/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS } from '../identity/index';
import { type SignedIn, signUp } from '../identity/testing';
import { getBalance, spend } from '../ledger/index';
import { readPremium } from '../subscriptions/index';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { storeAccountTokenOf } from './account-token';
import { appStoreConfigOf, type LocalAppStore, startLocalAppStore } from './app-store/testing/local-app-store';
import {
  googlePlayConfigOf,
  type LocalGooglePlay,
  SUBSCRIPTION_NOTIFICATION,
  startLocalGooglePlay,
} from './google-play/testing/local-google-play';

/*
 * The game's store purchases through the whole app, over real HTTP, against a local App Store and
 * a local Google Play speaking their own protocols: the game's report, the stores' notifications,
 * and the two racing.
 */

const PACK = 'explorer';

/** Every player signs up from inject's one address, more than the hourly sign-up limit allows (auth.test.ts tests the limits). */
const ROOMY_AUTH_LIMITS = { ...DEFAULT_AUTH_RATE_LIMITS, signUp: { windowSeconds: 3600, max: 1_000 } };

describe.each(TEST_DIALECTS)('store purchases through the app on %s', (dialect) => {
  let t: TestApp;
  let apple: LocalAppStore;
  let play: LocalGooglePlay;
  let folder: string;
  let base: string;
  let next = 0;

  const db = () => t.stores.game.development;
  const player = () => signUp(t.app, { email: `store-${dialect}-${next++}@example.com` });
  const report = (who: SignedIn, store: 'app-store' | 'google-play', payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/store/${store}/purchases`,
      headers: { authorization: who.bearer },
      payload,
    });
  const tokenOf = async (who: SignedIn) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/store/account-token', headers: { authorization: who.bearer } })
    ).json().accountToken as string;

  beforeAll(async () => {
    [apple, play] = await Promise.all([startLocalAppStore(), startLocalGooglePlay()]);
    folder = mkdtempSync(path.join(tmpdir(), 'outpost-play-'));
    t = await buildTestApp(dialect, {
      rateLimits: { auth: ROOMY_AUTH_LIMITS },
      config: {
        appStore: { development: appStoreConfigOf(apple), beta: undefined, production: undefined },
        googlePlay: {
          development: googlePlayConfigOf(play, folder),
          beta: undefined,
          production: undefined,
        },
      },
    });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // The seeded packs: the game's stores sell them under their packIDs.
    const now = new Date().toISOString();
    await db()
      .insertInto('credit_packs')
      .values({
        pack_id: PACK,
        name: 'Explorer Crate',
        credits: 1200,
        cost_usd: 999,
        available: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await t.cleanup();
    await Promise.all([apple.close(), play.close()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it('grants an App Store credit pack once, however many times the game reports it at once', async () => {
    const alice = await player();
    const bought = apple.buyConsumable({ productId: PACK, appAccountToken: await tokenOf(alice), price: 9990 });
    const signedTransaction = await apple.signedTransaction(bought.transactionId ?? '');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => report(alice, 'app-store', { signedTransaction })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const grants = answers.map((answer) => answer.json() as StoreGrant);
    expect(grants.filter((grant) => grant.firstGrant)).toHaveLength(1);
    expect(grants.every((grant) => grant.credits === 1200 && grant.balance === 1200)).toBe(true);
    expect(await getBalance(db(), alice.userId)).toBe(1200);
  });

  it("refuses another player's App Store purchase and a forged one, in words, granting nothing", async () => {
    const [alice, bob] = [await player(), await player()];
    const bought = apple.buyConsumable({ productId: PACK, appAccountToken: await tokenOf(alice) });
    const stolen = await report(bob, 'app-store', {
      signedTransaction: await apple.signedTransaction(bought.transactionId ?? ''),
    });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().error.message).toBe('This purchase belongs to another player, so it was not granted to you.');
    const forged = await report(bob, 'app-store', {
      signedTransaction: await apple.signedTransaction(bought.transactionId ?? '', { chain: 'foreign' }),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).not.toBe('');
    const empty = await report(bob, 'app-store', { signedTransaction: '' });
    expect(empty.statusCode).toBe(400);
    expect(await getBalance(db(), bob.userId)).toBe(0);
  });

  it("takes a refunded App Store pack back when Apple's notification arrives, once, over HTTP", async () => {
    const alice = await player();
    const bought = apple.buyConsumable({ productId: PACK, appAccountToken: await tokenOf(alice), price: 9990 });
    const transactionId = bought.transactionId ?? '';
    expect(
      (await report(alice, 'app-store', { signedTransaction: await apple.signedTransaction(transactionId) }))
        .statusCode,
    ).toBe(200);
    apple.revoke(transactionId, 'refund');
    const refund = await apple.notification(NotificationTypeV2.REFUND, { transactionId });
    const deliveries = await Promise.all([
      apple.deliver(`${base}/api/webhooks/app-store`, refund),
      apple.deliver(`${base}/api/webhooks/app-store`, refund),
    ]);
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(await getBalance(db(), alice.userId)).toBe(0);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/account/store-purchases',
      headers: { authorization: alice.bearer },
    });
    expect(listed.json().purchases[0]).toMatchObject({
      store: 'app-store',
      credits: 1200,
      amountCents: 999,
      reversal: { kind: 'refund', creditsTakenBack: 1200, creditsAlreadySpent: 0 },
    });
  });

  /** Apple posts a notification over HTTP; answers the status and the outcome Outpost answered. */
  async function deliverToOutpost(notification: Awaited<ReturnType<LocalAppStore['notification']>>) {
    const delivered = await apple.deliver(`${base}/api/webhooks/app-store`, notification);
    return { status: delivered.status, outcome: (JSON.parse(delivered.body) as { outcome?: string }).outcome };
  }

  /** An App Store pack of 1200 credits the player bought and the game reported; answers its transaction id. */
  async function appStorePack(who: SignedIn): Promise<string> {
    const bought = apple.buyConsumable({ productId: PACK, appAccountToken: await tokenOf(who), price: 9990 });
    const transactionId = bought.transactionId ?? '';
    const granted = await report(who, 'app-store', { signedTransaction: await apple.signedTransaction(transactionId) });
    expect(granted.statusCode, granted.body).toBe(200);
    return transactionId;
  }

  /** App Store premium the player subscribed to and the game reported; answers its first transaction. */
  async function appStorePremium(who: SignedIn) {
    const first = apple.subscribe({ productId: 'premium.monthly', appAccountToken: await tokenOf(who), price: 7990 });
    const granted = await report(who, 'app-store', {
      signedTransaction: await apple.signedTransaction(first.transactionId ?? ''),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    return first;
  }

  it('gives back exactly what an App Store refund took when Apple reverses it, once, whatever was spent', async () => {
    const alice = await player();
    const transactionId = await appStorePack(alice);
    await spend(db(), { userId: alice.userId, amount: 1000, reason: 'spin', reference: `spin:${alice.userId}` });
    apple.revoke(transactionId, 'refund');
    expect(await deliverToOutpost(await apple.notification(NotificationTypeV2.REFUND, { transactionId }))).toEqual({
      status: 200,
      outcome: 'applied',
    });
    // The refund took the 200 the balance held; the 1000 spent stayed spent.
    expect(await getBalance(db(), alice.userId)).toBe(0);
    apple.reverseRefund(transactionId);
    const reversed = await apple.notification(NotificationTypeV2.REFUND_REVERSED, { transactionId });
    const outcomes = await Promise.all([deliverToOutpost(reversed), deliverToOutpost(reversed)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200]);
    // The second delivery reads the first's notification, or (racing it) finds the purchase standing again.
    expect(outcomes.filter((outcome) => outcome.outcome === 'applied')).toHaveLength(1);
    // Apple telling it again, in a notification of its own, gives nothing more.
    const again = await apple.notification(NotificationTypeV2.REFUND_REVERSED, { transactionId });
    expect(await deliverToOutpost(again)).toEqual({ status: 200, outcome: 'ignored' });
    expect(await getBalance(db(), alice.userId)).toBe(200);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/account/store-purchases',
      headers: { authorization: alice.bearer },
    });
    expect(listed.json().purchases[0]).toMatchObject({
      transactionId,
      credits: 1200,
      amountCents: 999,
      reversal: null,
    });
    // Refunded again after the reversal: a second reversal, taking what the balance holds then.
    apple.revoke(transactionId, 'refund');
    expect(
      (await deliverToOutpost(await apple.notification(NotificationTypeV2.REFUND, { transactionId }))).outcome,
    ).toBe('applied');
    expect(await getBalance(db(), alice.userId)).toBe(0);
  });

  it("brings App Store premium back as the subscription's status says when Apple reverses its refund", async () => {
    const alice = await player();
    const first = await appStorePremium(alice);
    const transactionId = first.transactionId ?? '';
    apple.revoke(transactionId, 'refund');
    await deliverToOutpost(await apple.notification(NotificationTypeV2.REFUND, { transactionId }));
    expect(await readPremium(db(), alice.userId)).toMatchObject({ premium: false, state: 'refunded' });
    apple.reverseRefund(transactionId);
    const reversed = await apple.notification(NotificationTypeV2.REFUND_REVERSED, { transactionId });
    expect(await deliverToOutpost(reversed)).toEqual({ status: 200, outcome: 'applied' });
    expect(await readPremium(db(), alice.userId)).toMatchObject({
      premium: true,
      channel: 'app-store',
      state: 'active',
      until: new Date(first.expiresDate ?? 0).toISOString(),
    });
    expect(await deliverToOutpost(reversed)).toEqual({ status: 200, outcome: 'duplicate' });
  });

  it("answers an App Store consumption request only with the player's consent, with the share of the pack spent", async () => {
    const alice = await player();
    const transactionId = await appStorePack(alice);
    await spend(db(), { userId: alice.userId, amount: 300, reason: 'spin', reference: `spin:${alice.userId}` });
    const request = () =>
      apple.notification(NotificationTypeV2.CONSUMPTION_REQUEST, {
        transactionId,
        consumptionRequestReason: 'UNINTENDED_PURCHASE',
      });
    // No answer from the player yet: kept, not sent.
    expect(await deliverToOutpost(await request())).toEqual({ status: 200, outcome: 'unanswered' });
    expect(apple.consumptionInformation(transactionId)).toEqual([]);
    const sharing = (consented: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/account/store-data-sharing',
        headers: { authorization: alice.bearer },
        payload: { consented },
      });
    expect((await sharing(false)).json()).toMatchObject({ consented: false });
    expect(await deliverToOutpost(await request())).toEqual({ status: 200, outcome: 'unanswered' });
    expect((await sharing(true)).json()).toMatchObject({ consented: true, decidedAt: expect.any(String) });
    const asked = await request();
    const answers = await Promise.all([deliverToOutpost(asked), deliverToOutpost(asked)]);
    expect(answers.map((answer) => answer.outcome).sort()).toEqual(['answered', 'duplicate']);
    // 300 of the pack's 1200 credits spent: 25%, in milliunits.
    expect(apple.consumptionInformation(transactionId)).toEqual([
      {
        customerConsented: true,
        deliveryStatus: 'DELIVERED',
        consumptionPercentage: 25_000,
        sampleContentProvided: false,
      },
    ]);
    const kept = await db()
      .selectFrom('store_consumption_requests')
      .select(['answer', 'reason', 'user_id'])
      .where('transaction_id', '=', transactionId)
      .orderBy('answered_at')
      .execute();
    expect(kept).toEqual([
      { answer: 'no-consent', reason: 'UNINTENDED_PURCHASE', user_id: alice.userId },
      { answer: 'no-consent', reason: 'UNINTENDED_PURCHASE', user_id: alice.userId },
      { answer: 'sent', reason: 'UNINTENDED_PURCHASE', user_id: alice.userId },
    ]);
    // A transaction Outpost never granted names no player, so no consent: kept, not sent.
    const stranger = apple.buyConsumable({ productId: PACK, price: 9990 }).transactionId ?? '';
    const unknown = await apple.notification(NotificationTypeV2.CONSUMPTION_REQUEST, { transactionId: stranger });
    expect(await deliverToOutpost(unknown)).toEqual({ status: 200, outcome: 'unanswered' });
    expect(apple.consumptionInformation(stranger)).toEqual([]);
  });

  it('answers a consumption request of App Store premium without a percentage, and retries when Apple fails', async () => {
    const alice = await player();
    const first = await appStorePremium(alice);
    const transactionId = first.transactionId ?? '';
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/store-data-sharing',
      headers: { authorization: alice.bearer },
      payload: { consented: true },
    });
    const asked = await apple.notification(NotificationTypeV2.CONSUMPTION_REQUEST, { transactionId });
    apple.failNext(1, 500);
    // Apple failed: answered 503, nothing kept, so Apple's retry of the notification answers it.
    expect((await deliverToOutpost(asked)).status).toBe(503);
    expect(apple.consumptionInformation(transactionId)).toEqual([]);
    expect(await deliverToOutpost(asked)).toEqual({ status: 200, outcome: 'answered' });
    expect(apple.consumptionInformation(transactionId)).toEqual([
      { customerConsented: true, deliveryStatus: 'DELIVERED', sampleContentProvided: false },
    ]);
  });

  it('gives App Store premium, follows renewal off from a notification, and ends it with a refund', async () => {
    const alice = await player();
    const first = apple.subscribe({ productId: 'premium.monthly', appAccountToken: await tokenOf(alice), price: 7990 });
    const originalTransactionId = first.originalTransactionId ?? '';
    const granted = await report(alice, 'app-store', {
      signedTransaction: await apple.signedTransaction(first.transactionId ?? ''),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().premium).toMatchObject({ premium: true, channel: 'app-store', state: 'active' });
    const off = await apple.notification(NotificationTypeV2.DID_CHANGE_RENEWAL_STATUS, {
      subtype: Subtype.AUTO_RENEW_DISABLED,
      transactionId: first.transactionId ?? '',
    });
    expect((await apple.deliver(`${base}/api/webhooks/app-store`, off)).status).toBe(200);
    expect(await readPremium(db(), alice.userId)).toMatchObject({ premium: true, state: 'cancelled' });
    apple.revoke(first.transactionId ?? '', 'refund');
    const refund = await apple.notification(NotificationTypeV2.REFUND, { transactionId: first.transactionId ?? '' });
    expect((await apple.deliver(`${base}/api/webhooks/app-store`, refund)).status).toBe(200);
    expect(await readPremium(db(), alice.userId)).toMatchObject({ premium: false, state: 'refunded' });
    expect(originalTransactionId).not.toBe('');
  });

  it('grants a Google Play pack once and consumes it once, also when the game reports it three times at once', async () => {
    const alice = await player();
    const purchaseToken = play.buyProduct({ productId: PACK, accountId: await tokenOf(alice) });
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        report(alice, 'google-play', { productId: PACK, purchaseToken, type: 'consumable' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().firstGrant)).toHaveLength(1);
    expect(await getBalance(db(), alice.userId)).toBe(1200);
    expect(play.product(purchaseToken).consumptionState).toBe(1);
    const consumes = play.requests.filter((request) => request.path.endsWith(':consume') && request.status === 200);
    expect(consumes.filter((request) => request.path.includes(purchaseToken))).toHaveLength(1);
  });

  it("one Google Play renewal when the push and the game's report race, and its revocation ends premium", async () => {
    const alice = await player();
    const purchaseToken = play.buySubscription({ productId: 'premium.monthly', accountId: await tokenOf(alice) });
    const subscription = { productId: 'premium.monthly', purchaseToken, type: 'subscription' };
    expect((await report(alice, 'google-play', subscription)).statusCode).toBe(200);
    expect(play.subscription(purchaseToken).acknowledgementState).toBe('ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED');
    play.renew(purchaseToken);
    const renewed = play.subscriptionNotification(purchaseToken, SUBSCRIPTION_NOTIFICATION.RENEWED);
    const [pushed, reported] = await Promise.all([
      play.push(`${base}/api/webhooks/google-play`, renewed),
      report(alice, 'google-play', subscription),
    ]);
    expect(pushed.status, pushed.body).toBe(200);
    expect(reported.statusCode).toBe(200);
    const periods = await db()
      .selectFrom('store_purchases')
      .select('transaction_id')
      .where('store', '=', 'google-play')
      .where('subscription_id', '=', purchaseToken)
      .execute();
    expect(periods).toHaveLength(2);
    play.revoke(purchaseToken);
    const revoked = play.subscriptionNotification(purchaseToken, SUBSCRIPTION_NOTIFICATION.REVOKED);
    expect((await play.push(`${base}/api/webhooks/google-play`, revoked)).status).toBe(200);
    expect(await readPremium(db(), alice.userId)).toMatchObject({ premium: false, state: 'revoked' });
    // Pub/Sub's retry of the same message changes nothing more.
    expect((await play.push(`${base}/api/webhooks/google-play`, revoked)).status).toBe(200);
  });

  it('refuses an unsigned push and answers a store that is not set up with 503 in words', async () => {
    const unsigned = await play.push(`${base}/api/webhooks/google-play`, play.testNotification(), { unsigned: true });
    expect(unsigned.status).toBe(400);
    const bare = await buildTestApp(dialect);
    try {
      const alice = await signUp(bare.app, { email: `bare-${dialect}@example.com` });
      const answer = await bare.app.inject({
        method: 'POST',
        url: '/api/store/google-play/purchases',
        headers: { authorization: alice.bearer },
        payload: { productId: PACK, purchaseToken: 'token', type: 'consumable' },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.message).toContain('Purchases from Google Play are not set up on this server');
    } finally {
      await bare.cleanup();
    }
  });

  it('derives one account token per player, a UUID', () => {
    expect(storeAccountTokenOf('player-a')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(storeAccountTokenOf('player-a')).toBe(storeAccountTokenOf('player-a'));
    expect(storeAccountTokenOf('player-a')).not.toBe(storeAccountTokenOf('player-b'));
  });
});
