import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, type GooglePlayConfig, loadConfig } from '../../platform/config';
import {
  type GameStoreVerifier,
  type StoreNotification,
  StoreRefusedError,
  StoreUnreachableError,
} from '../store-report';
import { createGooglePlayVerifier, type GooglePlayReport } from './google-play-verifier';
import {
  type DeveloperNotificationJson,
  googlePlayConfigOf,
  type LocalGooglePlay,
  SUBSCRIPTION_NOTIFICATION as N,
  type PushOptions,
  startLocalGooglePlay,
} from './testing/local-google-play';

const PACK = 'credits_500';
const MONTHLY = 'premium_monthly';
const ANNUAL = 'premium_annual';
const PLAYER = 'user_7f3a';

let play: LocalGooglePlay;
let folder: string;
let settings: GooglePlayConfig;
let verifier: GameStoreVerifier<GooglePlayReport>;
let endpoint: { url: string; server: Server; read: StoreNotification[] };

/**
 * The webhook as the lead's route will be: reads the push with the verifier and answers 200, or a
 * 4xx/503 in words; every notification read is kept for the test to look at.
 */
async function startEndpoint(): Promise<typeof endpoint> {
  const read: StoreNotification[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      verifier
        .readNotification({ headers: request.headers, body: Buffer.concat(chunks) })
        .then((notification) => {
          read.push(notification);
          response.writeHead(200).end('ok');
        })
        .catch((error: Error) => {
          response.writeHead(error instanceof StoreRefusedError ? 401 : 503).end(error.message);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/google-play`, server, read };
}

/** Pushes a notification to the endpoint over HTTP; answers what the verifier read of it. */
async function deliver(notification: DeveloperNotificationJson, options?: PushOptions) {
  const before = endpoint.read.length;
  const answer = await play.push(endpoint.url, notification, options);
  return { ...answer, read: endpoint.read.length > before ? endpoint.read.at(-1) : undefined };
}

const verify = (type: GooglePlayReport['type'], productId: string, purchaseToken: string) =>
  verifier.verifyPurchase({ type, productId, purchaseToken });

const calls = (suffix: string) => play.requests.filter((r) => r.path.endsWith(suffix)).length;

beforeAll(async () => {
  play = await startLocalGooglePlay();
  folder = mkdtempSync(path.join(tmpdir(), 'google-play-'));
  settings = googlePlayConfigOf(play, folder);
  verifier = createGooglePlayVerifier(settings);
  endpoint = await startEndpoint();
});

afterAll(async () => {
  endpoint.server.closeAllConnections();
  await new Promise((resolve) => endpoint.server.close(resolve));
  await play.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a one-time product (a credit pack)', () => {
  it('is verified when purchased: its order id, player, time, environment and what the buyer paid', async () => {
    const token = play.buyProduct({ productId: PACK, accountId: PLAYER, priceCents: 1099, currency: 'EUR' });
    const verified = await verify('consumable', PACK, token);
    const bought = play.product(token);
    expect(verified).toEqual({
      transaction: {
        store: 'google-play',
        transactionId: bought.orderId,
        productId: PACK,
        type: 'consumable',
        purchasedAt: new Date(Number(bought.purchaseTimeMillis)).toISOString(),
        accountToken: PLAYER,
        amount: { cents: 1099, currency: 'EUR' },
        environment: 'production',
      },
      subscriptionReports: [],
      purchaseToken: token,
    });
    expect(verified.transaction.transactionId).toMatch(/^GPA\.\d{4}-\d{4}-\d{4}-\d{5}$/);
    // The price is the order's total as the Orders API states it (units and nanos), tax included.
    expect(play.order(bought.orderId).total).toEqual({ currencyCode: 'EUR', units: '10', nanos: 990_000_000 });
    expect(calls(`/orders/${bought.orderId}`)).toBe(1);
  });

  it("reads a price in the currency's own minor unit (yen have none)", async () => {
    const token = play.buyProduct({ productId: PACK, accountId: PLAYER, priceCents: 160_000, currency: 'JPY' });
    const verified = await verify('consumable', PACK, token);
    // The local server takes prices in hundredths of the major unit: ¥1,600 is units "1600" in Google's Money.
    expect(play.order(play.product(token).orderId).total.units).toBe('1600');
    expect(verified.transaction.amount).toEqual({ cents: 1600, currency: 'JPY' });
  });

  it('is verified without a price, saying why, when Google will not show its order', async () => {
    const token = play.buyProduct({ productId: PACK, accountId: PLAYER });
    play.withholdFinancialData(true);
    try {
      const verified = await verify('consumable', PACK, token);
      expect(verified.transaction.amount).toBeUndefined();
      expect(verified.transaction.transactionId).toBe(play.product(token).orderId);
      expect(verified.amountUnknown).toMatch(/did not show order GPA\..*refused Outpost's service account .*\(403\)/);
    } finally {
      play.withholdFinancialData(false);
    }
    play.failNext(1, 503);
    const later = await verify('consumable', PACK, play.buyProduct({ productId: PACK, accountId: PLAYER }));
    // Google's 503 (retried by the library) costs no price.
    expect(later.transaction.amount).toEqual({ cents: 999, currency: 'USD' });
  });

  it('is consumed once when granted, however often and concurrently it is completed', async () => {
    const token = play.buyProduct({ productId: PACK, accountId: PLAYER });
    const verified = await verify('consumable', PACK, token);
    await Promise.all([verifier.completePurchase(verified), verifier.completePurchase(verified)]);
    await verifier.completePurchase(verified);
    expect(play.product(token)).toMatchObject({ consumptionState: 1, acknowledgementState: 1 });
    const consumes = play.requests.filter((r) => r.path.endsWith(`${token}:consume`));
    // The two at once may both ask; Google consumes once and refuses the other, which then reads it consumed.
    expect(consumes.filter((r) => r.status === 200)).toHaveLength(1);
    expect(consumes.length).toBeLessThanOrEqual(2);
    // Consumed, the purchase still verifies: the domain answers the first grant.
    await expect(verify('consumable', PACK, token)).resolves.toMatchObject({
      transaction: { transactionId: play.product(token).orderId },
    });
  });

  it("a license tester's purchase is the sandbox's", async () => {
    const token = play.buyProduct({ productId: PACK, test: true });
    await expect(verify('consumable', PACK, token)).resolves.toMatchObject({
      transaction: { environment: 'sandbox' },
    });
  });

  it('is refused while its payment is pending, then verified once paid', async () => {
    const token = play.buyProduct({ productId: PACK, purchaseState: 2 });
    await expect(verify('consumable', PACK, token)).rejects.toThrow(/pending/);
    await expect(verify('consumable', PACK, token)).rejects.toBeInstanceOf(StoreRefusedError);
    play.completePendingProduct(token);
    await expect(verify('consumable', PACK, token)).resolves.toMatchObject({ transaction: { productId: PACK } });
  });

  it('is refused when cancelled or refunded', async () => {
    const cancelled = play.buyProduct({ productId: PACK, purchaseState: 1 });
    await expect(verify('consumable', PACK, cancelled)).rejects.toThrow(
      'Google Play says this purchase was cancelled or refunded.',
    );
    const refunded = play.buyProduct({ productId: PACK });
    play.voidProduct(refunded);
    await expect(verify('consumable', PACK, refunded)).rejects.toBeInstanceOf(StoreRefusedError);
  });

  it('is refused for another product, another app or a token Google does not know', async () => {
    const token = play.buyProduct({ productId: PACK });
    await expect(verify('consumable', 'credits_5000', token)).rejects.toThrow(
      /refused this purchase token for credits_5000/,
    );
    const others = play.buyProduct({ productId: PACK, packageName: 'com.other.game' });
    await expect(verify('consumable', PACK, others)).rejects.toThrow(
      'Google Play knows no such purchase of this game.',
    );
    await expect(verify('consumable', PACK, 'not-a-token')).rejects.toBeInstanceOf(StoreRefusedError);
    await expect(verify('consumable', PACK, '')).rejects.toThrow(/needs its product id and purchase token/);
  });
});

describe('a subscription', () => {
  it('bought: a purchase report keyed by its order, until the period end; its first token is its id', async () => {
    const token = play.buySubscription({ productId: MONTHLY, accountId: PLAYER });
    const status = play.subscription(token);
    const verified = await verify('subscription', MONTHLY, token);
    const [line] = status.lineItems;
    expect(verified.transaction).toEqual({
      store: 'google-play',
      transactionId: status.latestOrderId,
      productId: MONTHLY,
      type: 'subscription',
      subscriptionId: token,
      purchasedAt: status.startTime,
      expiresAt: line?.expiryTime,
      accountToken: PLAYER,
      amount: { cents: 799, currency: 'USD' },
      environment: 'production',
    });
    expect(verified.subscriptionReports).toEqual([
      { eventId: status.latestOrderId, kind: 'purchase', at: status.startTime, until: line?.expiryTime },
    ]);
    // The same status read again gives the same reports.
    expect((await verify('subscription', MONTHLY, token)).subscriptionReports).toEqual(verified.subscriptionReports);
  });

  it('renewed: the renewal order (`..0`) is the transaction and a renew report', async () => {
    const token = play.buySubscription({ productId: MONTHLY });
    play.renew(token);
    const status = play.subscription(token);
    expect(status.latestOrderId).toMatch(/\.\.0$/);
    const verified = await verify('subscription', MONTHLY, token);
    expect(verified.transaction).toMatchObject({ transactionId: status.latestOrderId, subscriptionId: token });
    expect(verified.subscriptionReports).toEqual([
      expect.objectContaining({ eventId: status.latestOrderId, kind: 'renew', until: status.lineItems[0]?.expiryTime }),
    ]);
    const again = await verify('subscription', MONTHLY, token);
    expect(again.subscriptionReports.map((r) => r.eventId)).toEqual([status.latestOrderId]);
  });

  it.each([
    ['cancelled (renewal off)', (t: string) => play.cancel(t), 'cancel'],
    ['in its grace period', (t: string) => play.grace(t), 'grace'],
    ['on hold', (t: string) => play.hold(t), 'billing-retry'],
    ['expired', (t: string) => play.expire(t), 'expire'],
  ] as const)('%s: the paid order, then the state', async (_name, move, kind) => {
    const token = play.buySubscription({ productId: MONTHLY });
    move(token);
    const status = play.subscription(token);
    const { subscriptionReports } = await verify('subscription', MONTHLY, token);
    expect(subscriptionReports.map((r) => r.kind)).toEqual(['purchase', kind]);
    const [paid, state] = subscriptionReports;
    expect(state?.eventId).toContain(status.latestOrderId);
    expect(Date.parse(state?.at ?? '')).toBeGreaterThan(Date.parse(paid?.at ?? ''));
    if (kind === 'grace') expect(state?.until).toBe(status.lineItems[0]?.expiryTime);
    const again = await verify('subscription', MONTHLY, token);
    expect(again.subscriptionReports.map((r) => r.eventId)).toEqual(subscriptionReports.map((r) => r.eventId));
  });

  it('cancelled by the player: the report is at the cancel time Google gives', async () => {
    const token = play.buySubscription({ productId: MONTHLY });
    play.cancel(token);
    const { subscriptionReports } = await verify('subscription', MONTHLY, token);
    const status = play.subscription(token) as {
      canceledStateContext?: { userInitiatedCancellation?: { cancelTime: string } };
    };
    const cancelTime = status.canceledStateContext?.userInitiatedCancellation?.cancelTime ?? '';
    expect(subscriptionReports[1]).toMatchObject({ eventId: expect.stringContaining(cancelTime), kind: 'cancel' });
  });

  it('paused, or active again after a restart: only the paid order', async () => {
    const paused = play.buySubscription({ productId: MONTHLY });
    play.pause(paused);
    expect((await verify('subscription', MONTHLY, paused)).subscriptionReports.map((r) => r.kind)).toEqual([
      'purchase',
    ]);
    const restarted = play.buySubscription({ productId: MONTHLY });
    play.cancel(restarted);
    play.restart(restarted);
    expect((await verify('subscription', MONTHLY, restarted)).subscriptionReports.map((r) => r.kind)).toEqual([
      'purchase',
    ]);
  });

  it('is refused while pending, for another product, or as a one-time product', async () => {
    const pending = play.buySubscription({ productId: MONTHLY, pending: true });
    await expect(verify('subscription', MONTHLY, pending)).rejects.toThrow(/still pending/);
    const token = play.buySubscription({ productId: MONTHLY });
    await expect(verify('subscription', ANNUAL, token)).rejects.toThrow(
      `This subscription is to ${MONTHLY} in Google Play, not ${ANNUAL}.`,
    );
    await expect(verify('consumable', MONTHLY, token)).rejects.toBeInstanceOf(StoreRefusedError);
  });

  it("replaced by an upgrade: the new purchase keeps the chain's first token as its id", async () => {
    const first = play.buySubscription({ productId: MONTHLY, accountId: PLAYER });
    const second = play.replace(first, { productId: ANNUAL, accountId: PLAYER, periodMs: 365 * 86_400_000 });
    const third = play.replace(second, { productId: MONTHLY, accountId: PLAYER });
    expect((await verify('subscription', ANNUAL, second)).transaction.subscriptionId).toBe(first);
    expect((await verify('subscription', MONTHLY, third)).transaction.subscriptionId).toBe(first);
    // The replaced purchase reports no end: the subscription goes on in the new one.
    expect((await verify('subscription', MONTHLY, first)).subscriptionReports.map((r) => r.kind)).toEqual(['purchase']);
  });

  it('ended too long ago: refused in words; as a link, the oldest token Google still named', async () => {
    const old = play.buySubscription({ productId: MONTHLY });
    play.ageOut(old);
    await expect(verify('subscription', MONTHLY, old)).rejects.toThrow(
      'Google Play no longer answers for this purchase: it ended too long ago.',
    );
    const first = play.buySubscription({ productId: MONTHLY });
    const second = play.replace(first, { productId: ANNUAL });
    const third = play.replace(second, { productId: MONTHLY });
    play.ageOut(second);
    expect((await verify('subscription', MONTHLY, third)).transaction.subscriptionId).toBe(second);
  });

  it('names the subscription Outpost already holds a linked token under, when told', async () => {
    const first = play.buySubscription({ productId: MONTHLY });
    const second = play.replace(first, { productId: ANNUAL });
    const knowing = createGooglePlayVerifier({
      ...settings,
      knownSubscriptionId: async (token) => (token === first ? 'stored-subscription' : undefined),
    });
    const verified = await knowing.verifyPurchase({ type: 'subscription', productId: ANNUAL, purchaseToken: second });
    expect(verified.transaction.subscriptionId).toBe('stored-subscription');
  });

  it('is acknowledged once when granted; an acknowledged one is left alone', async () => {
    const token = play.buySubscription({ productId: MONTHLY });
    const verified = await verify('subscription', MONTHLY, token);
    const before = calls(':acknowledge');
    await Promise.all([verifier.completePurchase(verified), verifier.completePurchase(verified)]);
    expect(play.subscription(token).acknowledgementState).toBe('ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED');
    const after = calls(':acknowledge');
    expect(after - before).toBeGreaterThanOrEqual(1);
    await verifier.completePurchase(verified);
    expect(calls(':acknowledge')).toBe(after);
  });

  it('completing a purchase Google does not know is refused in words', async () => {
    const verified = await verify('subscription', MONTHLY, play.buySubscription({ productId: MONTHLY }));
    const forged = { ...verified, purchaseToken: 'unknown-token' };
    await expect(verifier.completePurchase(forged)).rejects.toThrow('Google Play knows no such purchase of this game.');
  });

  it('an expired one needs no acknowledgement', async () => {
    const token = play.buySubscription({ productId: MONTHLY });
    const verified = await verify('subscription', MONTHLY, token);
    play.expire(token);
    const before = calls(':acknowledge');
    await verifier.completePurchase(verified);
    expect(calls(':acknowledge')).toBe(before);
  });
});

describe('real-time developer notifications pushed over HTTP', () => {
  const subscriptionRead = async (token: string, type: number) => {
    const { status, read, messageId } = await deliver(play.subscriptionNotification(token, type));
    expect(status).toBe(200);
    return { read: read as Extract<StoreNotification, { kind: 'subscription' }>, messageId };
  };

  it('purchased: the purchase with its transaction, for the player the game named', async () => {
    const token = play.buySubscription({ productId: MONTHLY, accountId: PLAYER });
    const { read, messageId } = await subscriptionRead(token, N.PURCHASED);
    const status = play.subscription(token);
    expect(read).toMatchObject({
      kind: 'subscription',
      store: 'google-play',
      notificationId: messageId,
      subscriptionId: token,
      productId: MONTHLY,
      event: 'purchase',
      until: status.lineItems[0]?.expiryTime,
      accountToken: PLAYER,
      transaction: { transactionId: status.latestOrderId, purchasedAt: status.startTime, type: 'subscription' },
    });
  });

  it('renewed and recovered: a renewal carrying its new order', async () => {
    const token = play.buySubscription({ productId: MONTHLY });
    play.renew(token);
    const renewed = await subscriptionRead(token, N.RENEWED);
    expect(renewed.read).toMatchObject({
      event: 'renew',
      transaction: { transactionId: expect.stringMatching(/\.\.0$/) },
    });
    play.hold(token);
    play.recover(token);
    const recovered = await subscriptionRead(token, N.RECOVERED);
    expect(recovered.read).toMatchObject({
      event: 'renew',
      until: play.subscription(token).lineItems[0]?.expiryTime,
      transaction: { transactionId: expect.stringMatching(/\.\.1$/) },
    });
  });

  it.each([
    ['CANCELED → cancel', N.CANCELED, (t: string) => play.cancel(t), 'cancel'],
    ['RESTARTED → resume', N.RESTARTED, (t: string) => play.restart(t), 'resume'],
    ['IN_GRACE_PERIOD → grace', N.IN_GRACE_PERIOD, (t: string) => play.grace(t), 'grace'],
    ['ON_HOLD → billing-retry', N.ON_HOLD, (t: string) => play.hold(t), 'billing-retry'],
    ['EXPIRED → expire', N.EXPIRED, (t: string) => play.expire(t), 'expire'],
    ['REVOKED → revoke', N.REVOKED, (t: string) => play.revoke(t), 'revoke'],
  ] as const)('%s', async (_name, type, move, event) => {
    const token = play.buySubscription({ productId: MONTHLY });
    move(token);
    const { read } = await subscriptionRead(token, type);
    expect(read).toMatchObject({ kind: 'subscription', subscriptionId: token, event });
    expect(read.transaction).toBeUndefined();
    if (event === 'grace') expect(read.until).toBe(play.subscription(token).lineItems[0]?.expiryTime);
  });

  it.each([
    ['PAUSED', N.PAUSED],
    ['PAUSE_SCHEDULE_CHANGED', N.PAUSE_SCHEDULE_CHANGED],
    ['PRICE_CHANGE_CONFIRMED', N.PRICE_CHANGE_CONFIRMED],
    ['DEFERRED', N.DEFERRED],
  ])('%s is ignored', async (_name, type) => {
    const token = play.buySubscription({ productId: MONTHLY });
    const { read } = await deliver(play.subscriptionNotification(token, type));
    expect(read).toMatchObject({ kind: 'ignored', store: 'google-play' });
  });

  it('the same push twice is one notification (Pub/Sub redelivers with the same message id)', async () => {
    const token = play.buySubscription({ productId: MONTHLY });
    const request = await play.pushRequest(play.subscriptionNotification(token, N.PURCHASED));
    const first = await verifier.readNotification(request);
    const second = await verifier.readNotification(request);
    expect(second).toEqual(first);
    expect(first.notificationId).toBe(request.messageId);
  });

  it("a replaced purchase's end is ignored; the new purchase's notifications name the chain's first token", async () => {
    const first = play.buySubscription({ productId: MONTHLY });
    const second = play.replace(first, { productId: ANNUAL });
    expect((await deliver(play.subscriptionNotification(first, N.EXPIRED))).read).toMatchObject({ kind: 'ignored' });
    const { read } = await subscriptionRead(second, N.PURCHASED);
    expect(read).toMatchObject({ event: 'purchase', subscriptionId: first, productId: ANNUAL });
  });

  it('a voided one-time purchase: its credits taken back, by its order id', async () => {
    const token = play.buyProduct({ productId: PACK });
    play.voidProduct(token);
    const { read, messageId } = await deliver(play.voidedNotification(token));
    expect(read).toEqual({
      kind: 'purchase-reversed',
      store: 'google-play',
      notificationId: messageId,
      transactionId: play.product(token).orderId,
      reversal: 'refund',
      at: expect.any(String),
    });
  });

  it('a voided subscription: refunded', async () => {
    const token = play.buySubscription({ productId: MONTHLY, accountId: PLAYER });
    play.revoke(token);
    const { read } = await deliver(play.voidedNotification(token));
    expect(read).toMatchObject({ kind: 'subscription', event: 'refund', subscriptionId: token, accountToken: PLAYER });
  });

  it("the Play Console's test notification, a one-time product's and another app's are ignored", async () => {
    expect((await deliver(play.testNotification())).read).toMatchObject({ kind: 'ignored' });
    const token = play.buyProduct({ productId: PACK });
    expect((await deliver(play.oneTimeProductNotification(token, 1))).read).toMatchObject({ kind: 'ignored' });
    const others = play.buySubscription({ productId: MONTHLY, packageName: 'com.other.game' });
    const { read } = await deliver(play.subscriptionNotification(others, N.PURCHASED));
    expect(read).toMatchObject({ kind: 'ignored', reason: expect.stringContaining('com.other.game') });
  });

  it('a notification of a token Google does not answer for is ignored', async () => {
    const notification = play.testNotification();
    delete notification.testNotification;
    notification.subscriptionNotification = {
      version: '1.0',
      notificationType: N.RENEWED,
      purchaseToken: 'unknown-token',
      subscriptionId: MONTHLY,
    };
    expect((await deliver(notification)).read).toMatchObject({ kind: 'ignored' });
  });

  it.each([
    ['unsigned', { unsigned: true }],
    ['for another audience', { audience: 'https://elsewhere.example/push' }],
    ['signed by a key Google does not publish', { foreignKey: true }],
    ['from another service account', { email: 'someone@evil.example' }],
  ] as const)('a push %s is refused', async (_name, options: PushOptions) => {
    const token = play.buySubscription({ productId: MONTHLY });
    const { status, body, read } = await deliver(play.subscriptionNotification(token, N.PURCHASED), options);
    expect(status).toBe(401);
    expect(body).toMatch(/token/);
    expect(read).toBeUndefined();
  });

  it('a body that is not a Pub/Sub push of a developer notification is refused', async () => {
    const { headers } = await play.pushRequest(play.testNotification());
    await expect(verifier.readNotification({ headers, body: Buffer.from('{"hello":1}') })).rejects.toThrow(
      'The notification is not a Pub/Sub push message.',
    );
    const data = Buffer.from('{"nope":true}').toString('base64');
    const body = Buffer.from(JSON.stringify({ message: { data, messageId: '1' }, subscription: 's' }));
    await expect(verifier.readNotification({ headers, body })).rejects.toThrow(
      /not a Google Play developer notification/,
    );
  });
});

describe('when Google fails', () => {
  it("Google's 500s and 429s (after the library's retries of a read) are unreachable", async () => {
    const token = play.buyProduct({ productId: PACK });
    play.failNext(4, 500);
    await expect(verify('consumable', PACK, token)).rejects.toBeInstanceOf(StoreUnreachableError);
    play.failNext(4, 429);
    await expect(verify('consumable', PACK, token)).rejects.toThrow(/HTTP 429/);
    // One failure is retried by the library and never seen.
    play.failNext(1, 503);
    await expect(verify('consumable', PACK, token)).resolves.toBeDefined();
  });

  it('a consume Google fails is unreachable, and the next completion consumes', async () => {
    const token = play.buyProduct({ productId: PACK });
    const verified = await verify('consumable', PACK, token);
    play.failNext(1, 500, 'POST');
    await expect(verifier.completePurchase(verified)).rejects.toBeInstanceOf(StoreUnreachableError);
    expect(play.product(token).consumptionState).toBe(0);
    await verifier.completePurchase(verified);
    expect(play.product(token).consumptionState).toBe(1);
  });

  it('a revoked access token is fetched again', async () => {
    play.revokeAccessTokens();
    const token = play.buyProduct({ productId: PACK });
    await expect(verify('consumable', PACK, token)).resolves.toBeDefined();
  });

  it('Google unreachable is unreachable', async () => {
    const closed = await startLocalGooglePlay();
    const apiUrl = closed.apiUrl;
    await closed.close();
    const offline = createGooglePlayVerifier({ ...settings, apiUrl });
    await expect(
      offline.verifyPurchase({ type: 'consumable', productId: PACK, purchaseToken: 'x' }),
    ).rejects.toBeInstanceOf(StoreUnreachableError);
    const keyless = createGooglePlayVerifier({ ...settings, pushJwksUrl: `${apiUrl}oauth2/v3/certs` });
    const request = await play.pushRequest(play.testNotification());
    await expect(keyless.readNotification(request)).rejects.toBeInstanceOf(StoreUnreachableError);
  });

  it('a key Google does not take is unreachable, naming the service account', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrong = {
      ...settings,
      serviceAccount: {
        ...settings.serviceAccount,
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    };
    const token = play.buyProduct({ productId: PACK });
    await expect(
      createGooglePlayVerifier(wrong).verifyPurchase({ type: 'consumable', productId: PACK, purchaseToken: token }),
    ).rejects.toThrow(new RegExp(`access token.*${play.clientEmail}|${play.clientEmail}.*access token`));
  });
});

describe('configuration', () => {
  const env = (file: string) => ({
    GOOGLE_PLAY_BETA_PACKAGE_NAME: 'com.outpost.game',
    GOOGLE_PLAY_BETA_SERVICE_ACCOUNT_KEY: file,
    GOOGLE_PLAY_BETA_PUSH_AUDIENCE: 'https://beta.outpost.example/api/webhooks/google-play',
  });

  it("an environment's package, key file and push audience turn Google Play on there, with Google's hosts", () => {
    const file = play.writeServiceAccount(folder);
    const config = loadConfig(env(file), folder);
    expect(config.googlePlay.development).toBeUndefined();
    expect(config.googlePlay.beta).toMatchObject({
      packageName: 'com.outpost.game',
      serviceAccount: { clientEmail: play.clientEmail, tokenUri: play.tokenUri },
      apiUrl: 'https://androidpublisher.googleapis.com/',
      pushJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
      pushServiceAccountEmail: undefined,
    });
  });

  it('one without the others, a bad key file or a bad package name stops the start in words', () => {
    const file = play.writeServiceAccount(folder);
    expect(() => loadConfig({ GOOGLE_PLAY_BETA_PACKAGE_NAME: 'com.outpost.game' }, folder)).toThrow(
      /GOOGLE_PLAY_BETA_SERVICE_ACCOUNT_KEY, GOOGLE_PLAY_BETA_PUSH_AUDIENCE missing/,
    );
    const broken = path.join(folder, 'broken.json');
    writeFileSync(broken, '{"type":"authorized_user"}');
    expect(() => loadConfig(env(broken), folder)).toThrow(ConfigError);
    expect(() => loadConfig({ ...env(file), GOOGLE_PLAY_BETA_PACKAGE_NAME: 'not a package' }, folder)).toThrow(
      /GOOGLE_PLAY_BETA_PACKAGE_NAME must be the app's package name/,
    );
  });
});
