import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AutoRenewStatus, Environment, NotificationTypeV2, Status, Subtype } from '@apple/app-store-server-library';
import type { AppStorePurchase } from '@outpost/contracts/store-purchases/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppStoreConfig } from '../../platform/config';
import {
  type GameStoreVerifier,
  type StoreNotification,
  StoreRefusedError,
  StoreUnreachableError,
} from '../store-report';
import { createAppStoreVerifier } from './app-store-verifier';
import {
  appStoreConfigOf,
  type LocalAppStore,
  type SignedNotification,
  startLocalAppStore,
} from './testing/local-app-store';

const PACK = 'com.outpost.game.credits.500';
const PREMIUM = 'com.outpost.game.premium.monthly';
const DAY_MS = 24 * 60 * 60 * 1000;

let store: LocalAppStore;
let verifier: GameStoreVerifier<AppStorePurchase>;
/** A notification endpoint over real HTTP: it reads what it is posted with the verifier, as the webhook route does. */
let receiver: Server;
let receiverUrl: string;

beforeAll(async () => {
  store = await startLocalAppStore();
  verifier = createAppStoreVerifier(appStoreConfigOf(store));
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      verifier
        .readNotification({ headers: request.headers, body: Buffer.concat(chunks) })
        .then((notification) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(notification));
        })
        .catch((error: Error) => {
          response.writeHead(error instanceof StoreRefusedError ? 400 : 503, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: error.message }));
        });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/app-store`;
});

afterAll(async () => {
  await store.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const player = () => randomUUID();

async function verify(signedTransaction: string, on = verifier) {
  return on.verifyPurchase({ signedTransaction });
}

/** What the endpoint made of a delivered notification: the StoreNotification, or the refusal's words. */
async function receive(notification: SignedNotification): Promise<StoreNotification> {
  const { status, body } = await store.deliver(receiverUrl, notification);
  if (status !== 200) throw new Error(`${status}: ${JSON.parse(body).error}`);
  return JSON.parse(body) as StoreNotification;
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error('expected a refusal');
  return error;
}

describe('verifyPurchase: a consumable', () => {
  it('verifies a genuine purchase with the App Store and reads it', async () => {
    const accountToken = player();
    const bought = store.buyConsumable({
      productId: PACK,
      appAccountToken: accountToken,
      price: 4990,
      currency: 'USD',
    });
    const purchase = await verify(await store.signedTransaction(bought.transactionId ?? ''));
    expect(purchase).toEqual({
      transaction: {
        store: 'app-store',
        transactionId: bought.transactionId,
        productId: PACK,
        type: 'consumable',
        purchasedAt: new Date(bought.purchaseDate ?? 0).toISOString(),
        accountToken,
        amount: { cents: 499, currency: 'USD' },
        environment: 'sandbox',
      },
      subscriptionReports: [],
    });
    expect(store.requests.at(-1)).toEqual({
      method: 'GET',
      path: `/inApps/v1/transactions/${bought.transactionId}`,
      status: 200,
    });
  });

  it('reads a price in a currency without minor units', async () => {
    const bought = store.buyConsumable({ productId: PACK, price: 800_000, currency: 'JPY' });
    const { transaction } = await verify(await store.signedTransaction(bought.transactionId ?? ''));
    expect(transaction.amount).toEqual({ cents: 800, currency: 'JPY' });
  });

  it('sees a refund made since the device got the transaction', async () => {
    const bought = store.buyConsumable({ productId: PACK });
    const signed = await store.signedTransaction(bought.transactionId ?? '');
    const revoked = store.revoke(bought.transactionId ?? '', 'refund');
    const { transaction } = await verify(signed);
    expect(transaction.revokedAt).toBe(new Date(revoked.revocationDate ?? 0).toISOString());
  });
});

describe('verifyPurchase: refusals', () => {
  it('refuses another app’s purchase', async () => {
    const bought = store.buyConsumable({ productId: PACK });
    const signed = await store.sign({ ...bought, bundleId: 'com.elsewhere.game', signedDate: Date.now() });
    const error = await refusal(verify(signed));
    expect(error).toBeInstanceOf(StoreRefusedError);
    expect(error.message).toBe(
      'This purchase is for another app (com.elsewhere.game), not this game (com.outpost.game).',
    );
  });

  it('refuses a purchase of the other App Store environment, both ways', async () => {
    const bought = store.buyConsumable({ productId: PACK });
    const production = await store.sign({ ...bought, environment: Environment.PRODUCTION, signedDate: Date.now() });
    const error = await refusal(verify(production));
    expect(error).toBeInstanceOf(StoreRefusedError);
    expect(error.message).toBe(
      "This purchase comes from the App Store's Production environment; this game's server takes Sandbox purchases only.",
    );
    const productionVerifier = createAppStoreVerifier(appStoreConfigOf(store, { environment: 'Production' }));
    const sandbox = await store.signedTransaction(bought.transactionId ?? '');
    expect((await refusal(verify(sandbox, productionVerifier))).message).toMatch(
      /^This purchase comes from the App Store's Sandbox environment; this game's server takes Production purchases only\.$/,
    );
  });

  it('refuses a chain under another root', async () => {
    const bought = store.buyConsumable({ productId: PACK });
    const error = await refusal(
      verify(await store.signedTransaction(bought.transactionId ?? '', { chain: 'foreign' })),
    );
    expect(error).toBeInstanceOf(StoreRefusedError);
    expect(error.message).toMatch(
      /does not carry the App Store's signature: its certificates do not lead to Apple's root/,
    );
  });

  it('refuses a payload changed after signing', async () => {
    const bought = store.buyConsumable({ productId: PACK });
    const [header, payload, signature] = (await store.signedTransaction(bought.transactionId ?? '')).split('.');
    const changed = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), productId: `${PACK}.big` };
    const tampered = [header, Buffer.from(JSON.stringify(changed)).toString('base64url'), signature].join('.');
    const error = await refusal(verify(tampered));
    expect(error).toBeInstanceOf(StoreRefusedError);
    expect(error.message).toMatch(/or it was changed after signing/);
  });

  it('refuses a signature without the certificate chain', async () => {
    const bought = store.buyConsumable({ productId: PACK });
    const [, payload, signature] = (await store.signedTransaction(bought.transactionId ?? '')).split('.');
    const bare = [Buffer.from('{"alg":"ES256"}').toString('base64url'), payload, signature].join('.');
    const error = await refusal(verify(bare));
    expect(error).toBeInstanceOf(StoreRefusedError);
    expect(error.message).toBe('This purchase is not signed with a valid App Store certificate chain.');
  });

  it('asks OCSP of the signing certificates: refuses a revoked one, and waits while OCSP cannot answer', async () => {
    const bought = store.buyConsumable({ productId: PACK });
    const signed = await store.signedTransaction(bought.transactionId ?? '');
    try {
      // A fresh verifier each time: a chain that passed OCSP is trusted for 15 minutes.
      store.setCertificateStatus('revoked');
      const revoked = await refusal(verify(signed, createAppStoreVerifier(appStoreConfigOf(store))));
      expect(revoked).toBeInstanceOf(StoreRefusedError);
      expect(revoked.message).toBe(
        'This purchase is not data the App Store signed, or its signing certificate was revoked.',
      );
      store.setCertificateStatus('unavailable');
      const unavailable = await refusal(verify(signed, createAppStoreVerifier(appStoreConfigOf(store))));
      expect(unavailable).toBeInstanceOf(StoreUnreachableError);
      expect(unavailable.message).toBe(
        "Apple's certificate status service could not be reached to check this purchase; report it again later.",
      );
      const offline = createAppStoreVerifier(appStoreConfigOf(store, { onlineChecks: false }));
      await expect(verify(signed, offline)).resolves.toMatchObject({
        transaction: { transactionId: bought.transactionId },
      });
    } finally {
      store.setCertificateStatus('good');
    }
  });

  it('refuses what is not a JWS at all', async () => {
    const error = await refusal(verify('not-a-transaction'));
    expect(error).toBeInstanceOf(StoreRefusedError);
  });

  it('refuses a product type the game does not sell', async () => {
    const bought = store.buyConsumable({ productId: PACK });
    const signed = await store.sign({ ...bought, type: 'Non-Consumable', signedDate: Date.now() });
    expect((await refusal(verify(signed))).message).toMatch(/of a Non-Consumable product; this game sells consumables/);
  });
});

describe('verifyPurchase: a subscription and its status', () => {
  async function subscribed(periodMs = 30 * DAY_MS) {
    const first = store.subscribe({ productId: PREMIUM, appAccountToken: player(), price: 7990, periodMs });
    return { first, signed: await store.signedTransaction(first.transactionId ?? '') };
  }
  const iso = (ms: number | undefined) => new Date(ms ?? 0).toISOString();

  it('verifies a genuine subscription: its period, from the App Store’s status', async () => {
    const { first, signed } = await subscribed();
    const purchase = await verify(signed);
    expect(purchase.transaction).toMatchObject({
      transactionId: first.transactionId,
      type: 'subscription',
      subscriptionId: first.originalTransactionId,
      expiresAt: iso(first.expiresDate),
      amount: { cents: 799, currency: 'USD' },
    });
    expect(purchase.subscriptionReports).toEqual([
      {
        eventId: `transaction:${first.transactionId}`,
        kind: 'purchase',
        at: iso(first.purchaseDate),
        until: iso(first.expiresDate),
      },
    ]);
    expect(store.requests.at(-1)?.path).toBe(`/inApps/v1/subscriptions/${first.transactionId}`);
  });

  it('turns each status into the reports it implies, the same ids when asked again', async () => {
    const graceEnd = Date.now() + 6 * DAY_MS;
    const cases = [
      { state: { autoRenewStatus: AutoRenewStatus.OFF }, kind: 'cancel', suffix: 'cancel' },
      {
        state: { status: Status.BILLING_GRACE_PERIOD, gracePeriodExpiresDate: graceEnd },
        kind: 'grace',
        suffix: `grace:${iso(graceEnd)}`,
      },
      { state: { status: Status.BILLING_RETRY }, kind: 'billing-retry', suffix: 'billing-retry' },
      { state: { status: Status.EXPIRED }, kind: 'expire', suffix: 'expire' },
    ] as const;
    for (const { state, kind, suffix } of cases) {
      const { first, signed } = await subscribed();
      store.setSubscriptionState(first.originalTransactionId ?? '', state);
      const { subscriptionReports } = await verify(signed);
      expect(subscriptionReports.map(({ eventId, kind }) => ({ eventId, kind }))).toEqual([
        { eventId: `transaction:${first.transactionId}`, kind: 'purchase' },
        { eventId: `${first.transactionId}:${suffix}`, kind },
      ]);
      if (kind === 'grace') expect(subscriptionReports[1]?.until).toBe(iso(graceEnd));
      const again = await verify(signed);
      expect(again.subscriptionReports.map((report) => report.eventId)).toEqual(
        subscriptionReports.map((report) => report.eventId),
      );
    }
  });

  it('reports a refunded or revoked subscription as such, with the reversal’s id', async () => {
    for (const [reason, kind] of [
      ['refund', 'refund'],
      ['family', 'revoke'],
    ] as const) {
      const { first, signed } = await subscribed();
      const revoked = store.revoke(first.transactionId ?? '', reason);
      const purchase = await verify(signed);
      expect(purchase.transaction.revokedAt).toBe(iso(revoked.revocationDate));
      expect(purchase.subscriptionReports.at(-1)).toEqual({
        eventId: `${kind}:${first.transactionId}`,
        kind,
        at: iso(revoked.revocationDate),
      });
    }
  });

  it('reports a renewal since the reported transaction', async () => {
    const { first, signed } = await subscribed();
    const renewal = store.renew(first.originalTransactionId ?? '');
    const purchase = await verify(signed);
    expect(purchase.transaction.transactionId).toBe(first.transactionId);
    expect(purchase.subscriptionReports).toEqual([
      {
        eventId: `transaction:${renewal.transactionId}`,
        kind: 'renew',
        at: iso(renewal.purchaseDate),
        until: iso(renewal.expiresDate),
      },
    ]);
  });
});

describe('verifyPurchase: the App Store API failing', () => {
  it('answers unreachable when the App Store fails, limits or cannot be reached', async () => {
    const { transactionId } = store.buyConsumable({ productId: PACK });
    const signed = await store.signedTransaction(transactionId ?? '');
    store.failNext(1, 500);
    const failed = await refusal(verify(signed));
    expect(failed).toBeInstanceOf(StoreUnreachableError);
    expect(failed.message).toBe(
      'The App Store failed (HTTP 500: An unknown error occurred.); report the purchase again later.',
    );
    store.failNext(1, 429);
    expect(await refusal(verify(signed))).toBeInstanceOf(StoreUnreachableError);
    const closed = await startLocalAppStore();
    await closed.close();
    const nowhere = createAppStoreVerifier(appStoreConfigOf(store, { apiUrl: closed.apiUrl }));
    const unreachable = await refusal(verify(signed, nowhere));
    expect(unreachable).toBeInstanceOf(StoreUnreachableError);
    expect(unreachable.message).toMatch(/^The App Store could not be reached/);
  });

  it('is refused (401) with a key the App Store does not know, and says so', async () => {
    const { transactionId } = store.buyConsumable({ productId: PACK });
    const signed = await store.signedTransaction(transactionId ?? '');
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const wrongKey = createAppStoreVerifier(appStoreConfigOf(store, { privateKey: otherKey }));
    const error = await refusal(verify(signed, wrongKey));
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect(error.message).toMatch(/did not accept Outpost's in-app purchase key \(HTTP 401\)/);
    expect(store.requests.at(-1)?.status).toBe(401);
    const wrongIssuer = createAppStoreVerifier(appStoreConfigOf(store, { issuerId: randomUUID() }));
    expect((await refusal(verify(signed, wrongIssuer))).message).toMatch(/HTTP 401/);
  });

  it('refuses a transaction the App Store does not know', async () => {
    const { transactionId } = store.buyConsumable({ productId: PACK });
    const signed = await store.signedTransaction(transactionId ?? '');
    store.failNext(1, 404);
    const error = await refusal(verify(signed));
    expect(error).toBeInstanceOf(StoreRefusedError);
    expect(error.message).toBe(`The App Store does not know transaction ${transactionId}.`);
  });
});

describe('readNotification over HTTP', () => {
  const iso = (ms: number | undefined) => new Date(ms ?? 0).toISOString();

  it('reads each subscription notification as the event it reports', async () => {
    const accountToken = player();
    const first = store.subscribe({ productId: PREMIUM, appAccountToken: accountToken });
    const subscriptionId = first.originalTransactionId ?? '';
    const subscribed = await store.notification(NotificationTypeV2.SUBSCRIBED, {
      subtype: Subtype.INITIAL_BUY,
      transactionId: first.transactionId,
    });
    expect(await receive(subscribed)).toEqual({
      kind: 'subscription',
      store: 'app-store',
      notificationId: subscribed.payload.notificationUUID,
      subscriptionId,
      productId: PREMIUM,
      event: 'purchase',
      at: iso(first.purchaseDate),
      until: iso(first.expiresDate),
      transaction: expect.objectContaining({ transactionId: first.transactionId, type: 'subscription' }),
      accountToken,
    });

    const renewal = store.renew(subscriptionId);
    const renewed = await receive(
      await store.notification(NotificationTypeV2.DID_RENEW, { transactionId: renewal.transactionId }),
    );
    expect(renewed).toMatchObject({ event: 'renew', at: iso(renewal.purchaseDate), until: iso(renewal.expiresDate) });
    expect(renewed.kind === 'subscription' && renewed.transaction?.transactionId).toBe(renewal.transactionId);

    const graceEnd = Date.now() + 16 * DAY_MS;
    store.setSubscriptionState(subscriptionId, {
      status: Status.BILLING_GRACE_PERIOD,
      gracePeriodExpiresDate: graceEnd,
    });
    const cases = [
      [NotificationTypeV2.DID_CHANGE_RENEWAL_STATUS, Subtype.AUTO_RENEW_DISABLED, 'cancel'],
      [NotificationTypeV2.DID_CHANGE_RENEWAL_STATUS, Subtype.AUTO_RENEW_ENABLED, 'resume'],
      [NotificationTypeV2.DID_FAIL_TO_RENEW, Subtype.GRACE_PERIOD, 'grace'],
      [NotificationTypeV2.DID_FAIL_TO_RENEW, undefined, 'billing-retry'],
      [NotificationTypeV2.GRACE_PERIOD_EXPIRED, undefined, 'billing-retry'],
      [NotificationTypeV2.EXPIRED, Subtype.VOLUNTARY, 'expire'],
    ] as const;
    for (const [type, subtype, event] of cases) {
      const signed = await store.notification(type, { subtype, transactionId: renewal.transactionId });
      const read = await receive(signed);
      expect(read).toMatchObject({
        kind: 'subscription',
        notificationId: signed.payload.notificationUUID,
        subscriptionId,
        event,
        at: iso(signed.payload.signedDate),
        accountToken,
      });
      expect(read.kind === 'subscription' && read.until).toBe(event === 'grace' ? iso(graceEnd) : undefined);
    }
  });

  it('reads a subscription’s refund and revocation, at the time the App Store took it back', async () => {
    for (const [type, reason, event] of [
      [NotificationTypeV2.REFUND, 'refund', 'refund'],
      [NotificationTypeV2.REVOKE, 'family', 'revoke'],
    ] as const) {
      const bought = store.subscribe({ productId: PREMIUM, appAccountToken: player() });
      const revoked = store.revoke(bought.transactionId ?? '', reason);
      const read = await receive(await store.notification(type, { transactionId: bought.transactionId }));
      expect(read).toMatchObject({ kind: 'subscription', event, at: iso(revoked.revocationDate) });
      expect(read.kind === 'subscription' && read.transaction?.revokedAt).toBe(iso(revoked.revocationDate));
    }
  });

  it('reads a credit pack’s refund or revocation as a reversed purchase', async () => {
    for (const [type, reason, reversal] of [
      [NotificationTypeV2.REFUND, 'refund', 'refund'],
      [NotificationTypeV2.REVOKE, 'family', 'revoke'],
    ] as const) {
      const bought = store.buyConsumable({ productId: PACK });
      const revoked = store.revoke(bought.transactionId ?? '', reason);
      const signed = await store.notification(type, { transactionId: bought.transactionId });
      expect(await receive(signed)).toEqual({
        kind: 'purchase-reversed',
        store: 'app-store',
        notificationId: signed.payload.notificationUUID,
        transactionId: bought.transactionId,
        reversal,
        at: iso(revoked.revocationDate),
      });
    }
  });

  it('ignores the test notification and the types that change nothing Outpost keeps', async () => {
    const test = await store.notification(NotificationTypeV2.TEST);
    expect(await receive(test)).toEqual({
      kind: 'ignored',
      store: 'app-store',
      notificationId: test.payload.notificationUUID,
      reason: "The App Store's test notification.",
    });
    const bought = store.subscribe({ productId: PREMIUM });
    const preference = await store.notification(NotificationTypeV2.DID_CHANGE_RENEWAL_PREF, {
      subtype: Subtype.DOWNGRADE,
      transactionId: bought.transactionId,
    });
    expect(await receive(preference)).toMatchObject({ kind: 'ignored' });
    const pack = store.buyConsumable({ productId: PACK });
    const declined = await store.notification(NotificationTypeV2.REFUND_DECLINED, {
      transactionId: pack.transactionId,
    });
    expect(await receive(declined)).toMatchObject({ kind: 'ignored' });
    const signedDate = Date.now();
    const unsold = await store.notification(NotificationTypeV2.REFUND, {
      override: {
        data: {
          bundleId: store.bundleId,
          environment: store.environment,
          signedTransactionInfo: await store.sign({ ...pack, type: 'Non-Consumable', signedDate }),
        },
      },
    });
    expect(await receive(unsold)).toMatchObject({
      kind: 'ignored',
      reason: 'REFUND is of a Non-Consumable product, which Outpost does not sell.',
    });
  });

  it('refuses what the App Store did not sign for this game', async () => {
    const bought = store.subscribe({ productId: PREMIUM });
    const foreign = await store.notification(NotificationTypeV2.DID_RENEW, {
      transactionId: bought.transactionId,
      chain: 'foreign',
    });
    await expect(receive(foreign)).rejects.toThrow(/^400: This notification does not carry the App Store's signature/);
    const otherApp = await store.notification(NotificationTypeV2.TEST, {
      override: { data: { bundleId: 'com.elsewhere.game', environment: Environment.SANDBOX } },
    });
    await expect(receive(otherApp)).rejects.toThrow(
      '400: This notification is for another app (com.elsewhere.game), not this game (com.outpost.game).',
    );
    const production = await store.notification(NotificationTypeV2.TEST, {
      override: { data: { bundleId: store.bundleId, environment: Environment.PRODUCTION } },
    });
    await expect(receive(production)).rejects.toThrow(
      /^400: This notification comes from the App Store's Production environment/,
    );
    await expect(receive({ body: 'not json', payload: {} })).rejects.toThrow(
      '400: This is not an App Store Server Notification: its body must be JSON with a signedPayload.',
    );
    await expect(receive({ body: '{"payload":"x"}', payload: {} })).rejects.toThrow(
      /^400: This is not an App Store Server Notification/,
    );
  });

  it('checks the app’s Apple ID in Production', async () => {
    const production = await startLocalAppStore({ environment: Environment.PRODUCTION, appAppleId: 42 });
    try {
      const settings: AppStoreConfig = appStoreConfigOf(production);
      const own = createAppStoreVerifier(settings);
      const test = await production.notification(NotificationTypeV2.TEST);
      const body = Buffer.from(test.body);
      await expect(own.readNotification({ headers: {}, body })).resolves.toMatchObject({ kind: 'ignored' });
      const otherApp = createAppStoreVerifier({ ...settings, appAppleId: 43 });
      await expect(otherApp.readNotification({ headers: {}, body })).rejects.toThrow(/is for another app/);
    } finally {
      await production.close();
    }
  });
});
