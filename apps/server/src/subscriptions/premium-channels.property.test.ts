import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AutoRenewStatus,
  type JWSTransactionDecodedPayload,
  NotificationTypeV2,
  Status,
  Subtype,
} from '@apple/app-store-server-library';
import type {
  Premium,
  SubscriptionChannel,
  SubscriptionEventKind,
  SubscriptionState,
} from '@outpost/contracts/subscriptions/schemas';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedIn, signUpPlayers } from '../identity/testing';
import { STRIPE_WEBHOOK_PATH } from '../merch/stripe-webhook';
import {
  type LocalStripe,
  type StripeEventJson,
  startLocalStripe,
  type WebhookEndpoint,
} from '../payments/stripe/testing/local-stripe';
import type { InvoiceJson } from '../payments/stripe/testing/local-stripe-billing';
import { readServiceAccount } from '../platform/push-transport/service-account';
import {
  appStoreConfigOf,
  type LocalAppStore,
  type SignedNotification,
  startLocalAppStore,
} from '../store-purchases/app-store/testing/local-app-store';
import {
  type DeveloperNotificationJson,
  type LocalGooglePlay,
  SUBSCRIPTION_NOTIFICATION,
  startLocalGooglePlay,
} from '../store-purchases/google-play/testing/local-google-play';
import { buildUnreadyTestApp, openTestStores, TEST_DIALECTS, type TestStores } from '../testing/test-stores';
import { STRIPE_BILLING_EVENTS, STRIPE_BILLING_WEBHOOK_PATH } from './stripe-billing/webhook';

/*
 * Premium on every channel against a model of the services: random sequences of what each service
 * does to a subscription (renewals, renewal turned off and on, failed renewals with and without a
 * grace period, ends, refunds, revocations, time passing), each told to the whole app over real HTTP
 * the way the service tells it (signed, sometimes twice, sometimes late and out of order), and after
 * every step the player's premium as the app answers it (GET /api/account/premium and the game's
 * getPremium) equal to what the model predicts.
 *
 * The model is written here from the services' documented semantics and the premium terms
 * (docs/decisions/0125-subscriptions-as-a-fold-of-their-reports.md), not from state-machine.ts:
 * what each service says happened, and when, and what premium that gives at the clock's time.
 *
 * The clock: Date is faked for the whole process (the app, the local stores and Stripe read it), and
 * each step moves it on; it still ticks with real time so nothing waiting on it stalls.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Short store periods, so a run of steps crosses period and grace ends well within a session's week. */
const PERIOD_MS = 12 * HOUR;
const GRACE_MS = 3 * HOUR;
const NUM_RUNS = 12;
const iso = (ms: number) => new Date(ms).toISOString();

// --- The model -----------------------------------------------------------------------------------

/** One thing a service said happened to the subscription, when (ms) and, for a period or grace, until when. */
interface Said {
  kind: SubscriptionEventKind;
  at: number;
  until?: number;
}

/**
 * What a player's one subscription gives, from everything the app was told of it, taken in the
 * order it happened: a purchase starts a paid period, a renewal extends it (not after a refund or a
 * revocation, which end premium for good); renewal turned off lets the period run out, turned on
 * again before the period's end renews; a failed renewal holds premium to the grace period's end
 * if the store gives one, else withholds it while the store retries; an end, a refund, a revocation
 * end it. Premium holds while the paid period (or the grace period) has not ended.
 */
class SubscriptionModel {
  private readonly said = new Map<string, Said>();

  constructor(readonly channel: SubscriptionChannel) {}

  /** The app was told this; `key` names the service's one report of it (a repeat is the same report). */
  hear(key: string, said: Said): void {
    if (!this.said.has(key)) this.said.set(key, said);
  }

  /** When each report the app was told happened. */
  heardAt(): number[] {
    return [...this.said.values()].map((said) => said.at);
  }

  /** Every time at which premium could change by the clock alone. */
  ends(): number[] {
    return [...this.said.values()].flatMap((said) => (said.until === undefined ? [] : [said.until]));
  }

  premiumAt(now: number): Premium {
    let state: SubscriptionState | null = null;
    let paidUntil = 0;
    let graceUntil = 0;
    for (const { kind, at, until } of [...this.said.values()].sort((a, b) => a.at - b.at)) {
      const ended = state === 'refunded' || state === 'revoked';
      const running = state === 'active' || state === 'cancelled' || state === 'grace' || state === 'billing-retry';
      if (kind === 'purchase') [state, paidUntil] = ['active', until ?? paidUntil];
      else if (kind === 'renew' && !ended) [state, paidUntil] = ['active', Math.max(paidUntil, until ?? 0)];
      else if (kind === 'cancel' && state === 'active') state = 'cancelled';
      else if (kind === 'resume' && state === 'cancelled' && at < paidUntil) state = 'active';
      else if (kind === 'grace' && running) [state, graceUntil] = ['grace', until ?? 0];
      else if (kind === 'billing-retry' && running) state = 'billing-retry';
      else if (kind === 'expire' && running) state = 'expired';
      else if (kind === 'refund') state = 'refunded';
      else if (kind === 'revoke') state = 'revoked';
    }
    const end = state === 'active' || state === 'cancelled' ? paidUntil : state === 'grace' ? graceUntil : 0;
    const premium = end > now;
    return { premium, until: premium ? iso(end) : null, channel: state === null ? null : this.channel, state };
  }
}

// --- Steps ---------------------------------------------------------------------------------------

/** What a service does next (skipped where the service would not do it now). */
const SERVICE_ACTS = [
  'renewal-off',
  'renewal-on',
  'renew',
  'fail-with-grace',
  'fail',
  'grace-expired',
  'recover',
  'expire',
  'refund',
  'revoke',
  /** The game reports the store's latest transaction again (StoreKit hands it over at every launch). */
  'game-reports',
] as const;
type ServiceAct = (typeof SERVICE_ACTS)[number];

/**
 * How a report travels: at once, twice at once (a retry racing the first attempt), or held back to arrive
 * after later ones (`flush` lets the held ones in, newest first); `replay` sends an earlier one
 * again; `pass` lets time pass with no report at all.
 */
type Delivery = 'now' | 'twice' | 'held';
type Step =
  | { act: ServiceAct; delivery: Delivery; minutes: number }
  | { act: 'pass'; minutes: number }
  | { act: 'flush' }
  | { act: 'replay'; pick: number };

/** Refunds and revocations end a run's story, so they come less often than the rest. */
const anAct = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SERVICE_ACTS.filter((act) => act !== 'refund' && act !== 'revoke')) },
  { weight: 1, arbitrary: fc.constantFrom<ServiceAct>('refund', 'revoke') },
);
const delivery = fc.constantFrom<Delivery>('now', 'now', 'twice', 'held');
const aStep: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      act: anAct,
      delivery,
      minutes: fc.integer({ min: 1, max: 240 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ act: fc.constant('pass' as const), minutes: fc.integer({ min: 1, max: 600 }) }) },
  { weight: 1, arbitrary: fc.record({ act: fc.constant('flush' as const) }) },
  { weight: 1, arbitrary: fc.record({ act: fc.constant('replay' as const), pick: fc.nat() }) },
);
/** The first report's travel too: `early` reaches the app before the game's report of the purchase. */
const aRun = fc.record({
  first: fc.constantFrom<Delivery | 'early'>('now', 'twice', 'held', 'early'),
  steps: fc.array(aStep, { maxLength: 8 }),
});

type Run = typeof aRun extends fc.Arbitrary<infer Value> ? Value : never;

/** A report as a service sends it, delivered over HTTP; it tells the model what the app was told. */
interface Outbound {
  deliver(): Promise<void>;
}

/** A channel's service, scripted: the purchase, then its acts. */
interface ServiceScript {
  /** The service's report of the purchase. */
  first: Outbound;
  /** Delivers it before the app knows the purchase (a store's notification racing the game's report of it). */
  early?: () => Promise<void>;
  /** The game's report of the purchase, where the game reports it (the stores). */
  reported?: () => Promise<void>;
  act(act: ServiceAct, minutes: number): Promise<Outbound | undefined>;
}

// --- The clock -----------------------------------------------------------------------------------

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
/** The clock just past `time` (and `minutes` more), when it is not already. */
const reach = (time: number, minutes: number) => vi.setSystemTime(Math.max(Date.now(), time) + minutes * MINUTE);

describe.each(TEST_DIALECTS)('premium on every channel against a model of the services on %s', (dialect) => {
  let t: TestStores;
  let app: FastifyInstance;
  let base: string;
  let apple: LocalAppStore;
  let play: LocalGooglePlay;
  let stripe: LocalStripe;
  let billing: WebhookEndpoint;
  let folder: string;
  let crowd: SignedIn[] = [];
  let start = 0;

  beforeAll(async () => {
    [apple, play, stripe] = await Promise.all([
      startLocalAppStore(),
      startLocalGooglePlay(),
      startLocalStripe({ hostedCheckout: true }),
    ]);
    billing = stripe.addWebhookEndpoint('http://127.0.0.1:9/not-yet', STRIPE_BILLING_EVENTS);
    folder = mkdtempSync(path.join(tmpdir(), 'outpost-premium-play-'));
    t = await openTestStores(dialect);
    app = await buildUnreadyTestApp(t, {
      config: {
        stripe: {
          development: {
            apiUrl: stripe.apiUrl,
            secretKey: stripe.secretKey,
            webhookSecret: stripe.webhookSecret,
            billingWebhookSecret: billing.secret,
          },
          beta: undefined,
          production: undefined,
        },
        appStore: { development: appStoreConfigOf(apple), beta: undefined, production: undefined },
        googlePlay: {
          development: {
            packageName: play.packageName,
            serviceAccount: readServiceAccount(play.writeServiceAccount(folder)),
            apiUrl: play.apiUrl,
            pushAudience: play.pushAudience,
            pushJwksUrl: play.jwksUrl,
            pushServiceAccountEmail: play.pushServiceAccountEmail,
          },
          beta: undefined,
          production: undefined,
        },
      },
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    billing.url = `${base}${STRIPE_BILLING_WEBHOOK_PATH}`;
    stripe.setWebhookEndpoint(`${base}${STRIPE_WEBHOOK_PATH}`);
    // Every event waits for the test to deliver it, at once, twice or late.
    stripe.holdWebhooks();
    crowd = await signUpPlayers(app, t.stores.identity, `premium-model-${dialect}`, 4 * NUM_RUNS);
    start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: start });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app?.close();
    await t?.cleanup();
    await Promise.all([apple?.close(), play?.close(), stripe?.close()]);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** A player of their own for each run (more are copied if shrinking needs them). */
  async function player(): Promise<SignedIn> {
    const next = crowd.pop();
    if (next) return next;
    crowd = await signUpPlayers(app, t.stores.identity, `premium-model-${dialect}-${Date.now()}`, 10);
    return player();
  }

  const get = async (who: SignedIn, url: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${url}`, {
      ...init,
      headers: { authorization: who.bearer, 'content-type': 'application/json', ...init.headers },
    });
    const body = await response.text();
    expect(response.status, body).toBe(200);
    return JSON.parse(body);
  };

  /** The player's premium as the account page and the game read it equals the model's, now. */
  async function check(who: SignedIn, model: SubscriptionModel): Promise<void> {
    // Off any end by a few seconds, so the app and the model read the clock on the same side of it.
    while (model.ends().some((end) => Math.abs(end - Date.now()) < 3_000)) advance(5_000);
    const expected = model.premiumAt(Date.now());
    expect(await get(who, '/api/account/premium')).toEqual(expected);
    const fromGame = await get(who, '/api/callable/getPremium', { method: 'POST', body: '{"data":null}' });
    expect(fromGame.data).toEqual(expected);
  }

  /** One run: the purchase, then each step, checked after each; at the end every held report arrives. */
  async function run(
    script: (who: SignedIn, model: SubscriptionModel) => Promise<ServiceScript>,
    channel: SubscriptionChannel,
    { first, steps }: Run,
  ) {
    vi.setSystemTime(start);
    const who = await player();
    const model = new SubscriptionModel(channel);
    const held: Outbound[] = [];
    const sent: Outbound[] = [];
    const send = async (outbound: Outbound, how: Delivery) => {
      if (how === 'held') return void held.push(outbound);
      // A retry racing the first attempt, as at-least-once delivery allows.
      await Promise.all(how === 'twice' ? [outbound.deliver(), outbound.deliver()] : [outbound.deliver()]);
      sent.push(outbound);
    };
    const flush = async () => {
      for (const outbound of held.splice(0).reverse()) {
        await outbound.deliver();
        sent.push(outbound);
      }
    };
    const service = await script(who, model);
    if (first === 'early') await service.early?.();
    await service.reported?.();
    await send(service.first, first === 'early' ? 'now' : first);
    await check(who, model);
    for (const step of steps) {
      if (step.act === 'pass') advance(step.minutes * MINUTE);
      else if (step.act === 'flush') await flush();
      else if (step.act === 'replay') await sent[step.pick % Math.max(1, sent.length)]?.deliver();
      else {
        const outbound = await service.act(step.act, step.minutes);
        if (outbound) await send(outbound, step.delivery);
      }
      await check(who, model);
    }
    await flush();
    await check(who, model);
  }

  // --- The App Store ---------------------------------------------------------------------------

  const APPLE_WEBHOOK = () => `${base}/api/webhooks/app-store`;
  const accountTokenOf = async (who: SignedIn) => (await get(who, '/api/store/account-token')).accountToken as string;

  /** A signed App Store Server Notification V2, posted as Apple posts it: the app was told `said`, once per `key`. */
  function appleOutbound(
    model: SubscriptionModel,
    notification: SignedNotification,
    said: Said,
    key?: string,
  ): Outbound {
    return {
      async deliver() {
        const answer = await apple.deliver(APPLE_WEBHOOK(), notification);
        expect(answer.status, answer.body).toBe(200);
        model.hear(key ?? `apple:${notification.payload.notificationUUID}`, said);
      },
    };
  }

  /**
   * The App Store as Apple documents it: the game reports the signed transaction StoreKit gave it
   * (the app asks the App Store Server API for the subscription's status); SUBSCRIBED and DID_RENEW
   * carry the period's transaction (a period is one report however it arrives, the game's or the
   * notification's); DID_CHANGE_RENEWAL_STATUS turns renewal off or on; DID_FAIL_TO_RENEW starts a
   * grace period (subtype GRACE_PERIOD, premium to its end) or billing retry (no premium);
   * GRACE_PERIOD_EXPIRED moves to billing retry; EXPIRED ends it; REFUND and REVOKE end it at the
   * revocation's time.
   */
  async function appStore(who: SignedIn, model: SubscriptionModel): Promise<ServiceScript> {
    const first = apple.subscribe({
      productId: 'premium.monthly',
      appAccountToken: await accountTokenOf(who),
      price: 7990,
      periodMs: PERIOD_MS,
    });
    const original = first.transactionId ?? '';
    const world = {
      status: 'active' as 'active' | 'grace' | 'retry' | 'expired' | 'revoked',
      autoRenew: true,
      latest: first,
      graceEnd: 0,
    };
    const periodEnd = () => world.latest.expiresDate ?? 0;
    const period = (transaction: JWSTransactionDecodedPayload): Said => ({
      kind: transaction.transactionId === original ? 'purchase' : 'renew',
      at: transaction.purchaseDate ?? 0,
      until: transaction.expiresDate ?? 0,
    });
    const notify = async (type: NotificationTypeV2, subtype: Subtype | undefined, said: (signedAt: number) => Said) => {
      const notification = await apple.notification(type, { subtype, transactionId: world.latest.transactionId });
      return appleOutbound(model, notification, said(notification.payload.signedDate ?? 0));
    };
    const subscribed = await apple.notification(NotificationTypeV2.SUBSCRIBED, {
      subtype: Subtype.INITIAL_BUY,
      transactionId: original,
    });
    const periodKey = (transaction: JWSTransactionDecodedPayload) => `period:${transaction.transactionId}`;
    /**
     * The game reports the latest transaction; the app asks the App Store for the subscription's
     * status, which tells the period and where the subscription stands now. What the status says of
     * the latest transaction is one fact however often it is asked (renewal off, a grace period to
     * its end, billing retry, the end).
     */
    const gameReports = async () => {
      const latest = world.latest;
      await get(who, '/api/store/app-store/purchases', {
        method: 'POST',
        body: JSON.stringify({ signedTransaction: await apple.signedTransaction(latest.transactionId ?? '') }),
      });
      model.hear(periodKey(latest), period(latest));
      const fact = (name: string, said: Said) => model.hear(`status:${latest.transactionId}:${name}`, said);
      const at = Date.now();
      if (world.status === 'active' && !world.autoRenew) fact('off', { kind: 'cancel', at });
      if (world.status === 'grace') fact(`grace:${world.graceEnd}`, { kind: 'grace', at, until: world.graceEnd });
      if (world.status === 'retry') fact('retry', { kind: 'billing-retry', at });
      if (world.status === 'expired') fact('expired', { kind: 'expire', at });
    };
    return {
      first: appleOutbound(model, subscribed, period(first), periodKey(first)),
      // Before the game's report the player is unknown: the notification is answered, and grants nothing.
      early: async () => {
        const answer = await apple.deliver(APPLE_WEBHOOK(), subscribed);
        expect(JSON.parse(answer.body)).toEqual({ received: true, outcome: 'unknown-player' });
      },
      // The game reports the signed transaction StoreKit gave it.
      reported: gameReports,
      async act(act, minutes) {
        const now = Date.now();
        const inPeriod = now + minutes * MINUTE < periodEnd();
        const renewing = world.status === 'active' && world.autoRenew;
        switch (act) {
          case 'renewal-off':
          case 'renewal-on': {
            const on = act === 'renewal-on';
            if (world.status !== 'active' || world.autoRenew === on || !inPeriod) return undefined;
            advance(minutes * MINUTE);
            world.autoRenew = on;
            apple.setSubscriptionState(original, { autoRenewStatus: on ? AutoRenewStatus.ON : AutoRenewStatus.OFF });
            return notify(
              NotificationTypeV2.DID_CHANGE_RENEWAL_STATUS,
              on ? Subtype.AUTO_RENEW_ENABLED : Subtype.AUTO_RENEW_DISABLED,
              (at) => ({ kind: on ? 'resume' : 'cancel', at }),
            );
          }
          case 'renew': {
            if (!renewing) return undefined;
            reach(periodEnd(), minutes);
            world.latest = apple.renew(original);
            const renewed = await apple.notification(NotificationTypeV2.DID_RENEW, {
              transactionId: world.latest.transactionId,
            });
            return appleOutbound(model, renewed, period(world.latest), periodKey(world.latest));
          }
          case 'fail-with-grace': {
            if (!renewing) return undefined;
            reach(periodEnd(), minutes);
            world.status = 'grace';
            world.graceEnd = periodEnd() + GRACE_MS;
            apple.setSubscriptionState(original, {
              status: Status.BILLING_GRACE_PERIOD,
              gracePeriodExpiresDate: world.graceEnd,
            });
            const graceEnd = world.graceEnd;
            return notify(NotificationTypeV2.DID_FAIL_TO_RENEW, Subtype.GRACE_PERIOD, (at) => ({
              kind: 'grace',
              at,
              until: graceEnd,
            }));
          }
          case 'fail':
          case 'grace-expired': {
            if (act === 'fail' ? !renewing : world.status !== 'grace') return undefined;
            reach(act === 'fail' ? periodEnd() : world.graceEnd, minutes);
            world.status = 'retry';
            apple.setSubscriptionState(original, { status: Status.BILLING_RETRY });
            return notify(
              act === 'fail' ? NotificationTypeV2.DID_FAIL_TO_RENEW : NotificationTypeV2.GRACE_PERIOD_EXPIRED,
              undefined,
              (at) => ({ kind: 'billing-retry', at }),
            );
          }
          case 'expire': {
            const voluntary = world.status === 'active' && !world.autoRenew;
            if (!voluntary && world.status !== 'retry') return undefined;
            if (voluntary) reach(periodEnd(), minutes);
            else advance(minutes * MINUTE);
            world.status = 'expired';
            apple.setSubscriptionState(original, { status: Status.EXPIRED });
            return notify(NotificationTypeV2.EXPIRED, voluntary ? Subtype.VOLUNTARY : Subtype.BILLING_RETRY, (at) => ({
              kind: 'expire',
              at,
            }));
          }
          case 'refund':
          case 'revoke': {
            if (world.status === 'revoked') return undefined;
            advance(minutes * MINUTE);
            world.status = 'revoked';
            const revoked = apple.revoke(world.latest.transactionId ?? '', act === 'refund' ? 'refund' : 'family');
            return notify(act === 'refund' ? NotificationTypeV2.REFUND : NotificationTypeV2.REVOKE, undefined, () => ({
              kind: act,
              at: revoked.revocationDate ?? 0,
            }));
          }
          case 'game-reports':
            // A refunded or revoked transaction is not granted again (the app refuses it, in words).
            if (world.status === 'revoked') return undefined;
            advance(minutes * MINUTE);
            await gameReports();
            return undefined;
          // Apple's recovery from billing retry is a DID_RENEW whose period starts when it is paid,
          // which the local App Store does not script (its renewal starts at the last period's end).
          case 'recover':
            return undefined;
        }
      },
    };
  }

  it('App Store Server Notifications V2', async () => {
    await fc.assert(
      fc.asyncProperty(aRun, (steps) => run(appStore, 'app-store', steps)),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);

  // --- Google Play ------------------------------------------------------------------------------

  const PLAY_WEBHOOK = () => `${base}/api/webhooks/google-play`;
  let pushes = 0;

  /**
   * A real-time developer notification, pushed as Pub/Sub pushes it: the same message (its id) on
   * every attempt, each with a fresh OIDC token. The app reads the subscription's status from the
   * Play Developer API when the message first arrives, so what it was told is worked out then (`said`).
   */
  function playOutbound(
    model: SubscriptionModel,
    notification: DeveloperNotificationJson,
    said: () => [key: string, said: Said],
  ): Outbound {
    const key = `play:${pushes++}`;
    let message: Buffer | undefined;
    return {
      async deliver() {
        const attempt = await play.pushRequest(notification);
        message ??= attempt.body;
        const response = await fetch(PLAY_WEBHOOK(), { method: 'POST', headers: attempt.headers, body: message });
        const body = await response.text();
        expect(response.status, body).toBe(200);
        // A message the app already took is a repeat: it reads the status for the first one only.
        if (message !== attempt.body) return;
        const [reportKey, report] = said();
        model.hear(reportKey === '' ? key : reportKey, report);
      },
    };
  }

  /**
   * Google Play as its documentation has it: the game reports the purchase token (the app reads
   * purchases.subscriptionsv2 and acknowledges); each notification names only its type and token,
   * and the status read when it arrives says the rest: the latest order paid (a renewal's order id
   * ends in `..N`) and until when. PURCHASED, RENEWED and RECOVERED report the latest order paid;
   * CANCELED and RESTARTED turn renewal off and on; IN_GRACE_PERIOD holds premium to the grace
   * period's end (Google moves expiryTime there); ON_HOLD withholds it; EXPIRED ends it; REVOKED and
   * a voided purchase (refunded) end it at once.
   */
  async function googlePlay(who: SignedIn, model: SubscriptionModel): Promise<ServiceScript> {
    const token = play.buySubscription({
      productId: 'premium.monthly',
      accountId: await accountTokenOf(who),
      periodMs: PERIOD_MS,
    });
    const truth = () => {
      const status = play.subscription(token);
      const line = status.lineItems[0];
      return {
        state: status.subscriptionState,
        order: line?.latestSuccessfulOrderId ?? '',
        start: Date.parse(status.startTime),
        expiry: Date.parse(line?.expiryTime ?? ''),
        autoRenew: line?.autoRenewingPlan?.autoRenewEnabled === true,
      };
    };
    /** What a paid order tells, as the status says it when the notification arrives. */
    const paid = (at: number): [string, Said] => {
      const { order, start, expiry } = truth();
      const renewal = /\.\.\d+$/.test(order);
      return [`order:${order}`, { kind: renewal ? 'renew' : 'purchase', at: renewal ? at : start, until: expiry }];
    };
    const notify = (type: number, said: (at: number) => [string, Said]) => {
      const notification = play.subscriptionNotification(token, type);
      return playOutbound(model, notification, () => said(Number(notification.eventTimeMillis)));
    };
    const plain = (kind: SubscriptionEventKind) => (at: number) => ['', { kind, at }] as [string, Said];
    const purchased = notify(SUBSCRIPTION_NOTIFICATION.PURCHASED, paid);
    return {
      first: purchased,
      early: async () => {
        const attempt = await play.pushRequest(
          play.subscriptionNotification(token, SUBSCRIPTION_NOTIFICATION.PURCHASED),
        );
        const response = await fetch(PLAY_WEBHOOK(), { method: 'POST', headers: attempt.headers, body: attempt.body });
        expect(await response.json()).toEqual({ received: true, outcome: 'unknown-player' });
      },
      reported: async () => {
        await get(who, '/api/store/google-play/purchases', {
          method: 'POST',
          body: JSON.stringify({ productId: 'premium.monthly', purchaseToken: token, type: 'subscription' }),
        });
        model.hear(...paid(Date.now()));
      },
      async act(act, minutes) {
        const now = truth();
        const inPeriod = Date.now() + minutes * MINUTE < now.expiry;
        const renewing = now.state === 'SUBSCRIPTION_STATE_ACTIVE' && now.autoRenew;
        const onHold = now.state === 'SUBSCRIPTION_STATE_ON_HOLD';
        const inGrace = now.state === 'SUBSCRIPTION_STATE_IN_GRACE_PERIOD';
        switch (act) {
          case 'renewal-off':
            if (!renewing || !inPeriod) return undefined;
            advance(minutes * MINUTE);
            play.cancel(token);
            return notify(SUBSCRIPTION_NOTIFICATION.CANCELED, plain('cancel'));
          case 'renewal-on':
            if (now.state !== 'SUBSCRIPTION_STATE_CANCELED' || !inPeriod) return undefined;
            advance(minutes * MINUTE);
            play.restart(token);
            return notify(SUBSCRIPTION_NOTIFICATION.RESTARTED, plain('resume'));
          case 'renew':
            if (!renewing) return undefined;
            reach(now.expiry, minutes);
            play.renew(token);
            return notify(SUBSCRIPTION_NOTIFICATION.RENEWED, paid);
          case 'fail-with-grace':
            if (!renewing) return undefined;
            reach(now.expiry, minutes);
            play.grace(token, GRACE_MS);
            return notify(SUBSCRIPTION_NOTIFICATION.IN_GRACE_PERIOD, (at) => [
              '',
              { kind: 'grace', at, until: truth().expiry },
            ]);
          case 'fail':
          case 'grace-expired':
            if (act === 'fail' ? !renewing : !inGrace) return undefined;
            reach(now.expiry, minutes);
            play.hold(token);
            return notify(SUBSCRIPTION_NOTIFICATION.ON_HOLD, plain('billing-retry'));
          case 'recover':
            if (!inGrace && !onHold) return undefined;
            advance(minutes * MINUTE);
            play.recover(token);
            return notify(SUBSCRIPTION_NOTIFICATION.RECOVERED, paid);
          case 'expire':
            if (now.state === 'SUBSCRIPTION_STATE_CANCELED') reach(now.expiry, minutes);
            else if (onHold) advance(minutes * MINUTE);
            else return undefined;
            play.expire(token);
            return notify(SUBSCRIPTION_NOTIFICATION.EXPIRED, plain('expire'));
          case 'revoke':
            if (now.state === 'SUBSCRIPTION_STATE_EXPIRED') return undefined;
            advance(minutes * MINUTE);
            play.revoke(token);
            return notify(SUBSCRIPTION_NOTIFICATION.REVOKED, plain('revoke'));
          // The game's report of a Google Play purchase again: its status read anew, covered by google-play.test.ts.
          case 'game-reports':
            return undefined;
          case 'refund': {
            // Refunded and revoked from the Play Console: a voided purchase notification.
            if (now.state === 'SUBSCRIPTION_STATE_EXPIRED') return undefined;
            advance(minutes * MINUTE);
            play.revoke(token);
            const voided = play.voidedNotification(token);
            return playOutbound(model, voided, () => ['', { kind: 'refund', at: Number(voided.eventTimeMillis) }]);
          }
        }
      },
    };
  }

  it('Google Play real-time developer notifications', async () => {
    await fc.assert(
      fc.asyncProperty(aRun, (steps) => run(googlePlay, 'google-play', steps)),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);

  // --- Stripe Billing ---------------------------------------------------------------------------

  /** The Billing events raised since last asked (Stripe holds them here; the test delivers them). */
  async function raised(): Promise<StripeEventJson[]> {
    await stripe.settled();
    const events = stripe.dropHeldWebhooks();
    stripe.holdWebhooks();
    return events.filter((event) => STRIPE_BILLING_EVENTS.some((type) => type === event.type));
  }

  /**
   * What a Billing event tells, as Stripe documents its events: a paid invoice (also behind
   * checkout.session.completed, whose invoice the app fetches) pays its lines' period, the first
   * (billing_reason subscription_create) a purchase and a later one a renewal; a failed payment, or
   * the subscription turning past_due, is Stripe retrying (no premium meanwhile); a change of
   * cancel_at_period_end turns renewal off or on; customer.subscription.deleted ends it; a charge
   * refunded in full ends it at once. Stripe's times are whole seconds.
   */
  function stripeSaid(event: StripeEventJson): [string, Said] | undefined {
    const at = event.created * 1000;
    const object = event.data.object as unknown as Record<string, unknown>;
    const paidInvoice = (invoice: InvoiceJson): [string, Said] | undefined => {
      const end = invoice.lines.data[0]?.period.end;
      if (invoice.status !== 'paid' || end === undefined) return undefined;
      const kind = invoice.billing_reason === 'subscription_create' ? 'purchase' : 'renew';
      return [
        invoice.id,
        { kind, at: (invoice.status_transitions.paid_at ?? invoice.created) * 1000, until: end * 1000 },
      ];
    };
    switch (event.type) {
      case 'checkout.session.completed':
        return paidInvoice(stripe.invoice(String(object.invoice)));
      case 'invoice.paid':
        return paidInvoice(object as unknown as InvoiceJson);
      case 'invoice.payment_failed':
        return [event.id, { kind: 'billing-retry', at }];
      case 'customer.subscription.updated': {
        const previous = event.data.previous_attributes ?? {};
        if ('status' in previous && (object.status === 'past_due' || object.status === 'unpaid')) {
          return [event.id, { kind: 'billing-retry', at }];
        }
        if (!('cancel_at_period_end' in previous) && !('cancel_at' in previous)) return undefined;
        const renews = object.cancel_at_period_end === false && object.cancel_at === null;
        return [event.id, { kind: renews ? 'resume' : 'cancel', at }];
      }
      case 'customer.subscription.deleted':
        return [event.id, { kind: 'expire', at: Number(object.ended_at ?? event.created) * 1000 }];
      case 'charge.refunded':
        return object.refunded === true ? [event.id, { kind: 'refund', at }] : undefined;
      default:
        return undefined;
    }
  }

  /** Events Stripe raised for one thing that happened, each posted signed with the Billing endpoint's secret. */
  function stripeOutbound(model: SubscriptionModel, events: readonly StripeEventJson[]): Outbound {
    return {
      async deliver() {
        for (const event of events) {
          const answer = await stripe.deliver(billing.url, stripe.signed(event, billing.secret));
          expect(answer.status, answer.body).toBe(200);
          const said = stripeSaid(event);
          if (said) model.hear(...said);
        }
      },
    };
  }

  /**
   * Stripe Billing: the player buys on Stripe's Checkout page, and turns renewal off and on from the
   * account page (the app asks Stripe, and records the change at once, just after the latest report
   * it has: the change answered the subscription as the page showed it); Stripe renews at the
   * period's end, fails a renewal (past_due, retried: a later renewal is the retry paid), ends a
   * cancelled or unpaid subscription, and refunds from the Dashboard. Stripe has no grace period
   * and no revocation.
   */
  async function stripeBilling(who: SignedIn, model: SubscriptionModel): Promise<ServiceScript> {
    const checkout = await get(who, '/api/account/premium/checkout', {
      method: 'POST',
      body: JSON.stringify({ planId: 'monthly', channel: 'stripe' }),
    });
    const paid = await fetch(checkout.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const session = stripe.session(new URL(checkout.url).pathname.split('/').at(-1) ?? '');
    const id = session.subscription ?? '';
    const first = stripeOutbound(model, await raised());
    let refunded = false;
    const now = () => stripe.subscription(id);
    const changeRenewal = async (renew: boolean) => {
      const shown = model.premiumAt(Date.now());
      const heardUntil = Math.max(...model.heardAt());
      await get(who, '/api/account/premium/renewal', { method: 'POST', body: JSON.stringify({ renew }) });
      model.hear(`account:${model.heardAt().length}`, {
        kind: renew ? 'resume' : 'cancel',
        at: Math.max(Date.now(), heardUntil + 1),
      });
      expect(shown.premium).toBe(true);
      return stripeOutbound(model, await raised());
    };
    return {
      first,
      async act(act, minutes) {
        const subscription = now();
        if (refunded || subscription.status === 'canceled') return undefined;
        const renewing = subscription.status === 'active' && !subscription.cancel_at_period_end;
        const shown = model.premiumAt(Date.now());
        stripe.advanceClock(minutes * 60);
        switch (act) {
          case 'renewal-off':
          case 'renewal-on': {
            // The player acts on what the account page shows, on a subscription Stripe still runs.
            const wanted = act === 'renewal-on' ? 'cancelled' : 'active';
            if (!shown.premium || shown.state !== wanted || subscription.status !== 'active') return undefined;
            if (subscription.cancel_at_period_end !== (act === 'renewal-on')) return undefined;
            return changeRenewal(act === 'renewal-on');
          }
          case 'renew':
          case 'recover':
            if (act === 'renew' ? !renewing : subscription.status !== 'past_due') return undefined;
            await stripe.renew(id);
            return stripeOutbound(model, await raised());
          case 'fail':
          case 'fail-with-grace':
            if (!renewing) return undefined;
            await stripe.failRenewal(id);
            return stripeOutbound(model, await raised());
          case 'expire':
            if (renewing) return undefined;
            await stripe.endSubscription(id);
            return stripeOutbound(model, await raised());
          case 'refund': {
            if (stripe.invoice(subscription.latest_invoice).status !== 'paid') return undefined;
            refunded = true;
            await stripe.refundLatestInvoice(id);
            return stripeOutbound(model, await raised());
          }
          case 'grace-expired':
          case 'revoke':
          case 'game-reports':
            return undefined;
        }
      },
    };
  }

  it('Stripe Billing webhooks', async () => {
    await fc.assert(
      fc.asyncProperty(aRun, (steps) => run(stripeBilling, 'stripe', steps)),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);
});
