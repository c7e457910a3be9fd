import { createServer } from 'node:net';
import type { PremiumPlan } from '@outpost/contracts/subscriptions/schemas';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayPalClient } from '../../payments/paypal/paypal-client';
import { type LocalPayPal, startLocalPayPal } from '../../payments/paypal/testing/local-paypal';
import type { WebhookDelivery } from '../../payments/paypal/testing/local-paypal-webhooks';
import { FunctionError } from '../../platform/http/errors';
import { buildUnreadyTestApp, openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { readPremium } from '../premium';
import { foldEvents } from '../state-machine';
import { findSubscription } from '../subscription-events';
import type { WebBillingChannel } from '../web-billing';
import { premiumPlanName, premiumProductId } from './catalog';
import { createPayPalBillingChannel } from './channel';
import { endLapsedSubscriptions } from './lapsed';
import { PAYPAL_WEBHOOK_PATH } from './webhook';

const MONTHLY: PremiumPlan = {
  planId: 'monthly',
  priceCents: 799,
  interval: 'month',
  discountPercent: 0,
  storeProductId: 'premium_monthly',
};
const ANNUAL: PremiumPlan = {
  planId: 'annual',
  priceCents: 5999,
  interval: 'year',
  discountPercent: 37,
  storeProductId: 'premium_annual',
};

/** A port nothing listens on, so PayPal's webhook can be made before the app listens there. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Builds the app with PayPal configured, listening on `port`: premium's PayPal webhook is the domain's. */
async function appWith(
  t: TestStores,
  paypal: LocalPayPal,
  webhookId: string | undefined,
  port: number,
): Promise<FastifyInstance> {
  const settings = { apiUrl: paypal.apiUrl, clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId };
  const config = {
    appEnv: 'development' as const,
    paypal: { development: settings, beta: undefined, production: undefined },
  };
  const app = await buildUnreadyTestApp(t, { config });
  await app.ready();
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

describe.each(TEST_DIALECTS)('premium through PayPal subscriptions on %s', (dialect) => {
  let t: TestStores;
  let paypal: LocalPayPal;
  let app: FastifyInstance;
  let channel: WebBillingChannel;
  let api: PayPalClient;
  let webhookId: string;
  let next = 0;
  const db = () => t.stores.game.development;
  const newPlayer = () => `paypal-player-${dialect}-${next++}`;

  beforeAll(async () => {
    paypal = await startLocalPayPal();
    const port = await freePort();
    webhookId = paypal.addWebhook(`http://127.0.0.1:${port}${PAYPAL_WEBHOOK_PATH}`);
    t = await openTestStores(dialect);
    app = await appWith(t, paypal, webhookId, port);
    api = new PayPalClient({
      apiUrl: paypal.apiUrl,
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      retryDelayMs: 1,
    });
    channel = createPayPalBillingChannel({ paypal: api, game: db(), environment: 'development' });
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    await paypal?.close();
  });

  /** The player starts the subscription on the account page; answers PayPal's subscription id. */
  async function start(userId: string, plan = MONTHLY, idempotencyKey = `start-${userId}`): Promise<string> {
    const { url } = await channel.startSubscription({
      userId,
      email: `${userId}@example.com`,
      plan,
      returnUrl: 'http://localhost:3000/account?premium=paypal',
      cancelUrl: 'http://localhost:3000/account',
      idempotencyKey,
    });
    expect(url).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/webapps\/billing\/subscriptions\?ba_token=BA-/);
    const id = paypal.subscriptionsOf(userId).at(-1);
    if (!id) throw new Error('PayPal made no subscription');
    return id;
  }

  /** PayPal posts what it has not posted yet; every delivery must be taken. */
  async function deliver(options?: Parameters<LocalPayPal['deliverWebhooks']>[0]): Promise<WebhookDelivery[]> {
    const deliveries = await paypal.deliverWebhooks(options);
    for (const delivery of deliveries) expect(delivery.status, delivery.answer).toBe(200);
    return deliveries;
  }

  /** The events PayPal made of one subscription, its payments' included. */
  const eventsOf = (subscriptionId: string) =>
    paypal
      .webhookEvents()
      .filter(
        (event) => event.resource.id === subscriptionId || event.resource.billing_agreement_id === subscriptionId,
      );

  async function subscribed(userId: string, plan = MONTHLY): Promise<string> {
    const id = await start(userId, plan);
    paypal.approveSubscription(id);
    await deliver();
    return id;
  }

  async function reports(subscriptionId: string) {
    return db()
      .selectFrom('subscription_events')
      .select(['event_id', 'kind', 'at', 'until'])
      .where('subscription_id', '=', `paypal:${subscriptionId}`)
      .orderBy('at')
      .orderBy('event_id')
      .execute();
  }

  async function payments(subscriptionId: string) {
    return db()
      .selectFrom('subscription_payments')
      .select(['channel', 'payment_id', 'amount_cents', 'currency', 'paid_at', 'refunded_cents'])
      .where('subscription_id', '=', `paypal:${subscriptionId}`)
      .orderBy('paid_at')
      .execute();
  }

  const stored = (subscriptionId: string) => findSubscription(db(), { channel: 'paypal', channelId: subscriptionId });

  /** PayPal's next billing time of the subscription: the end of the period paid. */
  const nextBillingTime = async (subscriptionId: string) =>
    (await api.getSubscription(subscriptionId)).billing_info?.next_billing_time;

  async function refusal(promise: Promise<unknown>): Promise<FunctionError> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FunctionError);
    return error as FunctionError;
  }

  it("makes premium's product and each plan's billing plan once, at Outpost's price, and subscribes with custom_id = the player", async () => {
    expect(paypal.catalogSize()).toEqual({ products: 0, plans: 0 });
    const players = [newPlayer(), newPlayer(), newPlayer()];
    await Promise.all(players.map((player) => start(player)));
    await start(newPlayer(), ANNUAL);
    expect(paypal.catalogSize()).toEqual({ products: 1, plans: 2 });
    for (const player of players) {
      const [id] = paypal.subscriptionsOf(player);
      expect(id).toMatch(/^I-/);
    }
    // A new price for the annual plan is a new billing plan; subscribers keep theirs.
    await start(newPlayer(), { ...ANNUAL, priceCents: 4999 });
    expect(paypal.catalogSize().plans).toBe(3);
    expect(premiumProductId('development')).toBe('OUTPOST-PREMIUM-DEVELOPMENT');
    expect(premiumPlanName(MONTHLY)).toBe('Outpost Premium monthly, 7.99 USD a month');
  });

  it('finds the plans again after a restart rather than making them twice', async () => {
    await start(newPlayer());
    const plans = paypal.catalogSize().plans;
    const restarted = createPayPalBillingChannel({
      paypal: new PayPalClient({ apiUrl: paypal.apiUrl, clientId: paypal.clientId, clientSecret: paypal.clientSecret }),
      game: db(),
      environment: 'development',
    });
    const player = newPlayer();
    await restarted.startSubscription({
      userId: player,
      email: 'x@example.com',
      plan: MONTHLY,
      returnUrl: 'http://localhost:3000/account',
      cancelUrl: 'http://localhost:3000/account',
      idempotencyKey: `restart-${player}`,
    });
    expect(paypal.catalogSize().plans).toBe(plans);
  });

  it('makes one subscription when the start is retried with the same key', async () => {
    const player = newPlayer();
    const first = await start(player, MONTHLY, 'same-key');
    const second = await start(player, MONTHLY, 'same-key');
    expect(second).toBe(first);
    expect(paypal.subscriptionsOf(player)).toEqual([first]);
  });

  it('gives premium once the buyer approves, until PayPal’s next billing time, from one purchase', async () => {
    const player = newPlayer();
    const id = await start(player);
    expect((await readPremium(db(), player)).premium).toBe(false);
    paypal.approveSubscription(id);
    const deliveries = await deliver({ events: eventsOf(id) });
    expect(deliveries.map((delivery) => [delivery.eventType, JSON.parse(delivery.answer).outcome])).toEqual([
      ['BILLING.SUBSCRIPTION.CREATED', 'ignored'],
      ['BILLING.SUBSCRIPTION.ACTIVATED', 'recorded'],
      // The same first payment the activation reported.
      ['PAYMENT.SALE.COMPLETED', 'duplicate'],
    ]);
    const until = await nextBillingTime(id);
    expect(until).toBeDefined();
    expect(await readPremium(db(), player)).toEqual({ premium: true, until, channel: 'paypal', state: 'active' });
    const sale = paypal.sales(id)[0];
    expect(await reports(id)).toEqual([{ event_id: `sale:${sale?.id}`, kind: 'purchase', at: sale?.time, until }]);
    // The period's money, once, for the revenue and Sub IAPs; the plan it is on.
    expect(await payments(id)).toEqual([
      {
        channel: 'paypal',
        payment_id: sale?.id,
        amount_cents: 799,
        currency: 'USD',
        paid_at: sale?.time,
        refunded_cents: 0,
      },
    ]);
    const row = await db()
      .selectFrom('subscriptions')
      .select('plan_id')
      .where('subscription_id', '=', `paypal:${id}`)
      .executeTakeFirst();
    expect(row?.plan_id).toBe('monthly');
  });

  it("gives premium when the buyer approves on PayPal's page, which sends them back with PayPal's parameters", async () => {
    const player = newPlayer();
    const { url } = await channel.startSubscription({
      userId: player,
      email: `${player}@example.com`,
      plan: MONTHLY,
      returnUrl: 'http://localhost:3000/account?premium=started',
      cancelUrl: 'http://localhost:3000/account',
      idempotencyKey: `start-${player}`,
    });
    const id = paypal.subscriptionsOf(player).at(-1) ?? '';
    // The local approval page sits where PayPal's does, under the local server's origin.
    const page = `${paypal.apiUrl}${new URL(url).pathname}${new URL(url).search}`;
    const shown = await fetch(page);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(`${premiumPlanName(MONTHLY)}`);
    expect(html).toContain('$7.99 USD every month');
    const token = new URL(url).searchParams.get('ba_token');
    const cancel = /<a href="([^"]+)">Cancel and return to Outpost<\/a>/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    expect(cancel).toMatch(new RegExp(`^http://localhost:3000/account\\?ba_token=${token}&token=EC-[0-9A-F]+$`));

    const approved = await fetch(page, { method: 'POST', redirect: 'manual' });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/account');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      premium: 'started',
      subscription_id: id,
      ba_token: token,
      token: expect.stringMatching(/^EC-[0-9A-F]+$/),
    });
    await paypal.settled();
    expect(paypal.subscriptionStatus(id)).toBe('ACTIVE');
    expect(await readPremium(db(), player)).toMatchObject({ premium: true, channel: 'paypal', state: 'active' });
    // Approved once: the page now has nothing to approve.
    expect((await fetch(page, { method: 'POST', redirect: 'manual' })).status).toBe(409);
    expect(paypal.sales(id)).toHaveLength(1);
  });

  it('renews with each payment of a new period', async () => {
    const player = newPlayer();
    const id = await subscribed(player);
    paypal.renewSubscription(id);
    await deliver();
    const until = await nextBillingTime(id);
    expect(await readPremium(db(), player)).toMatchObject({ premium: true, until, state: 'active' });
    expect((await reports(id)).map((report) => report.kind)).toEqual(['purchase', 'renew']);
    expect((await payments(id)).map((payment) => payment.amount_cents)).toEqual([799, 799]);
  });

  it('sells the annual plan at its price', async () => {
    const player = newPlayer();
    const id = await subscribed(player, ANNUAL);
    expect((await payments(id)).map((payment) => payment.amount_cents)).toEqual([5999]);
    const until = await nextBillingTime(id);
    expect(Date.parse(until ?? '') - Date.now()).toBeGreaterThan(360 * 86_400_000);
    expect(await readPremium(db(), player)).toEqual({ premium: true, until, channel: 'paypal', state: 'active' });
    const row = await db()
      .selectFrom('subscriptions')
      .select('plan_id')
      .where('subscription_id', '=', `paypal:${id}`)
      .executeTakeFirst();
    expect(row?.plan_id).toBe('annual');
  });

  it('turns renewal off by suspending (premium runs to the period’s end) and back on by activating', async () => {
    const player = newPlayer();
    const id = await subscribed(player);
    const until = await nextBillingTime(id);
    await channel.setRenewal(id, false);
    expect(paypal.subscriptionStatus(id)).toBe('SUSPENDED');
    await deliver();
    expect(await readPremium(db(), player)).toEqual({ premium: true, until, channel: 'paypal', state: 'cancelled' });
    // Twice is once.
    await channel.setRenewal(id, false);
    await channel.setRenewal(id, true);
    expect(paypal.subscriptionStatus(id)).toBe('ACTIVE');
    await deliver();
    expect(await readPremium(db(), player)).toEqual({ premium: true, until, channel: 'paypal', state: 'active' });
    expect((await reports(id)).map((report) => report.kind)).toEqual(['purchase', 'cancel', 'resume']);
    // The billing date is kept: the next payment renews from it.
    paypal.renewSubscription(id);
    await deliver();
    expect((await stored(id))?.periodEnd).toBe(await nextBillingTime(id));
  });

  it('ends, once the period is over, what the player did not resume: cancelled on PayPal, expired here', async () => {
    const player = newPlayer();
    const id = await subscribed(player);
    await channel.setRenewal(id, false);
    await deliver();
    const periodEnd = (await stored(id))?.periodEnd ?? '';
    const later = new Date(Date.parse(periodEnd) + 3_600_000);
    // Before the period's end nothing happens.
    await endLapsedSubscriptions(api, db());
    expect(paypal.subscriptionStatus(id)).toBe('SUSPENDED');
    const runs = await Promise.all([
      endLapsedSubscriptions(api, db(), later),
      endLapsedSubscriptions(api, db(), later),
    ]);
    expect(runs.reduce((sum, ended) => sum + ended, 0)).toBeGreaterThanOrEqual(1);
    expect(paypal.subscriptionStatus(id)).toBe('CANCELLED');
    await deliver();
    expect(await readPremium(db(), player, later)).toEqual({
      premium: false,
      until: null,
      channel: 'paypal',
      state: 'expired',
    });
    // The test's clock is ahead of PayPal's, so PayPal's CANCELLED still falls within the period here.
    expect((await reports(id)).map((report) => [report.kind, report.at])).toEqual([
      ['purchase', expect.any(String)],
      ['cancel', expect.any(String)],
      ['cancel', expect.any(String)],
      ['expire', periodEnd],
    ]);
    expect(await endLapsedSubscriptions(api, db(), later)).toBe(0);
  });

  it('refuses to resume what PayPal suspended itself, and what the buyer cancelled on PayPal', async () => {
    const failing = await subscribed(newPlayer());
    for (let i = 0; i < 3; i++) paypal.failSubscriptionPayment(failing);
    expect(paypal.subscriptionStatus(failing)).toBe('SUSPENDED');
    await deliver();
    const suspended = await refusal(channel.setRenewal(failing, true));
    expect(suspended.status).toBe('aborted');
    expect(suspended.message).toMatch(/PayPal suspended this subscription itself/);

    const player = newPlayer();
    const cancelled = await subscribed(player);
    const until = await nextBillingTime(cancelled);
    paypal.cancelSubscriptionAsBuyer(cancelled);
    await deliver();
    // Cancelled on PayPal: premium lasts to the end of what was paid, then ends.
    expect(await readPremium(db(), player)).toEqual({ premium: true, until, channel: 'paypal', state: 'cancelled' });
    expect((await refusal(channel.setRenewal(cancelled, true))).message).toMatch(
      /cancelled on PayPal and cannot be resumed/,
    );
  });

  it('stops premium while PayPal retries a failed payment, and restores it when a retry pays', async () => {
    const player = newPlayer();
    const id = await subscribed(player);
    paypal.failSubscriptionPayment(id);
    await deliver();
    expect(await readPremium(db(), player)).toMatchObject({
      premium: false,
      channel: 'paypal',
      state: 'billing-retry',
    });
    paypal.renewSubscription(id);
    await deliver();
    expect(await readPremium(db(), player)).toMatchObject({ premium: true, state: 'active' });
  });

  it('ends premium when the subscription expires', async () => {
    const player = newPlayer();
    const id = await subscribed(player);
    paypal.expireSubscription(id);
    await deliver();
    expect(await readPremium(db(), player)).toEqual({
      premium: false,
      until: null,
      channel: 'paypal',
      state: 'expired',
    });
  });

  it('refunds the current period once and cancels the subscription, which ends premium', async () => {
    const player = newPlayer();
    const id = await subscribed(player);
    paypal.renewSubscription(id);
    await deliver();
    const [first, current] = paypal.sales(id);
    await Promise.all([
      channel.refundCurrentPeriod(id, 'staff-refund-1'),
      channel.refundCurrentPeriod(id, 'staff-refund-1'),
    ]);
    await channel.refundCurrentPeriod(id, 'staff-refund-1');
    expect(paypal.refunds(current?.id ?? '')).toHaveLength(1);
    expect(paypal.refunds(first?.id ?? '')).toHaveLength(0);
    expect(paypal.subscriptionStatus(id)).toBe('CANCELLED');
    await deliver();
    expect(await readPremium(db(), player)).toEqual({
      premium: false,
      until: null,
      channel: 'paypal',
      state: 'refunded',
    });
    expect((await reports(id)).map((report) => report.kind)).toEqual(['purchase', 'renew', 'refund', 'cancel']);
    expect((await payments(id)).map((payment) => [payment.payment_id, payment.refunded_cents])).toEqual([
      [first?.id, 0],
      [current?.id, 799],
    ]);
    // Nothing left to refund now.
    await channel.refundCurrentPeriod(id, 'staff-refund-2');
    expect(paypal.refunds(current?.id ?? '')).toHaveLength(1);
    expect(paypal.refunds(first?.id ?? '')).toHaveLength(0);
  });

  /** What the webhook answered to each delivery. */
  const outcomes = (deliveries: WebhookDelivery[]) =>
    deliveries.map((delivery) => [delivery.eventType, JSON.parse(delivery.answer).outcome]);

  /** The events of one type PayPal made about a payment of the subscription. */
  const eventsOfSale = (type: string, saleId: string | undefined) =>
    paypal
      .webhookEvents(type)
      .filter(
        (event) =>
          event.resource.id === saleId ||
          (event.resource.disputed_transactions as { seller_transaction_id?: string }[] | undefined)?.[0]
            ?.seller_transaction_id === saleId,
      );

  it('ends premium for a chargeback like a refund, records the payment refunded once and stops PayPal billing', async () => {
    const player = newPlayer();
    const id = await subscribed(player);
    paypal.renewSubscription(id);
    await deliver();
    const [first, current] = paypal.sales(id);
    paypal.reverseSubscriptionPayment(current?.id ?? '');
    expect(outcomes(await deliver())).toEqual([['PAYMENT.SALE.REVERSED', 'recorded']]);
    expect(paypal.subscriptionStatus(id)).toBe('CANCELLED');
    // PayPal delivers the reversal again: answered, recorded nothing, cancelled nothing more.
    const again = await deliver({ events: eventsOfSale('PAYMENT.SALE.REVERSED', current?.id) });
    expect(outcomes(again)).toEqual([['PAYMENT.SALE.REVERSED', 'duplicate']]);
    expect(outcomes(await deliver())).toEqual([['BILLING.SUBSCRIPTION.CANCELLED', 'recorded']]);
    expect(await readPremium(db(), player)).toEqual({
      premium: false,
      until: null,
      channel: 'paypal',
      state: 'refunded',
    });
    expect((await reports(id)).map((report) => [report.event_id.split(':')[0], report.kind])).toEqual([
      ['sale', 'purchase'],
      ['sale', 'renew'],
      ['reversal', 'refund'],
      [expect.stringMatching(/^WH-/), 'cancel'],
    ]);
    expect((await payments(id)).map((payment) => [payment.payment_id, payment.refunded_cents])).toEqual([
      [first?.id, 0],
      [current?.id, 799],
    ]);
  });

  it('keeps premium while a dispute is open, and ends it once when PayPal decides it for the buyer', async () => {
    const player = newPlayer();
    const id = await subscribed(player);
    const [sale] = paypal.sales(id);
    const dispute = paypal.openDispute(sale?.id ?? '');
    expect(outcomes(await deliver())).toEqual([['CUSTOMER.DISPUTE.CREATED', 'ignored']]);
    expect(await readPremium(db(), player)).toMatchObject({ premium: true, state: 'active' });

    paypal.resolveDispute(dispute, 'RESOLVED_BUYER_FAVOUR');
    // The resolution arrives before the reversal it brought; both say one thing, recorded once.
    const resolved = eventsOfSale('CUSTOMER.DISPUTE.RESOLVED', sale?.id);
    const reversed = eventsOfSale('PAYMENT.SALE.REVERSED', sale?.id);
    expect(outcomes(await deliver({ events: [...resolved, ...reversed, ...resolved] }))).toEqual([
      ['CUSTOMER.DISPUTE.RESOLVED', 'recorded'],
      ['PAYMENT.SALE.REVERSED', 'duplicate'],
      ['CUSTOMER.DISPUTE.RESOLVED', 'duplicate'],
    ]);
    expect(paypal.subscriptionStatus(id)).toBe('CANCELLED');
    await deliver();
    expect(await readPremium(db(), player)).toMatchObject({ premium: false, state: 'refunded' });
    expect((await reports(id)).map((report) => report.kind)).toEqual(['purchase', 'refund', 'cancel']);
    expect((await payments(id)).map((payment) => [payment.payment_id, payment.refunded_cents])).toEqual([
      [sale?.id, 799],
    ]);
  });

  it('changes nothing when a chargeback is decided for Outpost', async () => {
    const player = newPlayer();
    const id = await subscribed(player);
    const [sale] = paypal.sales(id);
    paypal.resolveDispute(paypal.openDispute(sale?.id ?? '', { stage: 'CHARGEBACK' }), 'RESOLVED_SELLER_FAVOUR');
    expect(outcomes(await deliver())).toEqual([
      ['CUSTOMER.DISPUTE.CREATED', 'ignored'],
      ['CUSTOMER.DISPUTE.RESOLVED', 'ignored'],
    ]);
    expect(await readPremium(db(), player)).toMatchObject({ premium: true, state: 'active' });
    expect(paypal.subscriptionStatus(id)).toBe('ACTIVE');
    expect((await payments(id)).map((payment) => payment.refunded_cents)).toEqual([0]);
  });

  it('folds replayed and out-of-order deliveries into the state they happened in, each once', async () => {
    const player = newPlayer();
    const id = await start(player);
    paypal.approveSubscription(id);
    paypal.renewSubscription(id);
    // Nothing is delivered yet, so straight on PayPal (as in its dashboard).
    await api.suspendSubscription(id, 'Renewal off');
    await api.activateSubscription(id, 'Renewal on');
    paypal.failSubscriptionPayment(id);
    paypal.renewSubscription(id);
    const events = eventsOf(id);
    const backwards = await deliver({ events: [...events].reverse() });
    expect(backwards.some((delivery) => JSON.parse(delivery.answer).outcome === 'recorded')).toBe(true);
    const afterBackwards = await stored(id);
    const replays = await deliver({ events });
    expect(replays.map((delivery) => JSON.parse(delivery.answer).outcome)).not.toContain('recorded');
    expect(await stored(id)).toEqual(afterBackwards);
    const rows = await reports(id);
    expect(
      foldEvents(
        rows.map((row) => ({
          eventId: row.event_id,
          kind: row.kind as never,
          at: row.at,
          until: row.until ?? undefined,
        })),
      ),
    ).toMatchObject({
      state: 'active',
      periodEnd: await nextBillingTime(id),
    });
    expect(afterBackwards).toMatchObject({ userId: player, state: 'active', periodEnd: await nextBillingTime(id) });
    expect(rows.map((row) => row.kind)).toEqual(['purchase', 'renew', 'cancel', 'resume', 'billing-retry', 'renew']);
  });

  it('gives one purchase when PayPal delivers the same events many times at once', async () => {
    const player = newPlayer();
    const id = await start(player);
    paypal.approveSubscription(id);
    const events = eventsOf(id);
    await deliver({ events: events.filter((event) => event.event_type === 'BILLING.SUBSCRIPTION.CREATED') });
    const paid = events.filter((event) => event.event_type !== 'BILLING.SUBSCRIPTION.CREATED');
    const deliveries = await deliver({ events: Array.from({ length: 4 }, () => paid).flat(), concurrently: true });
    const outcomes = deliveries.map((delivery) => JSON.parse(delivery.answer).outcome);
    expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(7);
    expect((await reports(id)).map((report) => report.kind)).toEqual(['purchase']);
    expect(await payments(id)).toHaveLength(1);
    expect((await readPremium(db(), player)).premium).toBe(true);
  });

  it('refuses forged deliveries in words and records nothing from them', async () => {
    const player = newPlayer();
    const id = await start(player);
    paypal.approveSubscription(id);
    const activated = paypal.webhookEvents('BILLING.SUBSCRIPTION.ACTIVATED').find((event) => event.resource.id === id);
    if (!activated) throw new Error('no activation');
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${app.listeningOrigin}${PAYPAL_WEBHOOK_PATH}`, { method: 'POST', headers, body });

    const bare = await post({ 'content-type': 'application/json' }, JSON.stringify(activated));
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({
      error: { message: 'Missing the paypal-transmission-id header: only PayPal posts events here.' },
    });

    // A real delivery's headers over another body (someone else's subscription named as this player's).
    const genuine = paypal.webhookRequest(activated, webhookId);
    const altered = genuine.body.replace(id, 'I-SOMEONEELSE');
    const tampered = await post(genuine.headers, altered);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({
      error: { message: "PayPal does not verify this event's signature for development's webhook, so it is refused." },
    });

    // Signed by PayPal, but for another environment's webhook.
    const otherWebhook = paypal.addWebhook('http://127.0.0.1:9/elsewhere');
    const elsewhere = paypal.webhookRequest(activated, otherWebhook);
    expect((await post(elsewhere.headers, elsewhere.body)).status).toBe(400);

    // Headers no PayPal delivery carries, which PayPal refuses to verify at all.
    const odd = await post({ ...genuine.headers, 'paypal-auth-algo': 'SHA256 with RSA!' }, genuine.body);
    expect(odd.status).toBe(400);

    // Made up whole.
    const made = await post(
      { ...genuine.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') },
      genuine.body,
    );
    expect(made.status).toBe(400);
    expect(await reports(id)).toEqual([]);

    // The genuine delivery is taken.
    expect((await post(genuine.headers, genuine.body)).status).toBe(200);
    expect((await readPremium(db(), player)).premium).toBe(true);
  });
});

describe('the PayPal webhook where PayPal is not set up', () => {
  it('answers 503 in words', async () => {
    const paypal = await startLocalPayPal();
    const t = await openTestStores('sqlite');
    const app = await appWith(t, paypal, undefined, await freePort());
    try {
      const response = await fetch(`${app.listeningOrigin}${PAYPAL_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': 'x',
          'paypal-transmission-time': 'x',
          'paypal-transmission-sig': 'x',
          'paypal-cert-url': 'x',
          'paypal-auth-algo': 'x',
        },
        body: '{}',
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        error: { message: expect.stringMatching(/PAYPAL_DEVELOPMENT_WEBHOOK_ID/) },
      });
    } finally {
      await app.close();
      await t.cleanup();
      await paypal.close();
    }
  });
});
