import type { Premium, PremiumPlan } from '@outpost/contracts/subscriptions/schemas';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogOf } from '../../beta/testing';
import { type SignedIn, signUpPlayers, signUpRoles } from '../../identity/testing';
import { STRIPE_WEBHOOK_PATH } from '../../merch/stripe-webhook';
import { StripeClient } from '../../payments/stripe/stripe-client';
import {
  type LocalStripe,
  type StripeEventJson,
  startLocalStripe,
  type WebhookEndpoint,
} from '../../payments/stripe/testing/local-stripe';
import { buildUnreadyTestApp, openTestStores, TEST_DIALECTS, type TestStores } from '../../testing/test-stores';
import { findSubscription } from '../subscription-events';
import type { WebBillingChannel } from '../web-billing';
import { stripeBillingChannelOf } from './index';
import { STRIPE_BILLING_EVENTS, STRIPE_BILLING_WEBHOOK_PATH } from './webhook';

const MONTHLY: PremiumPlan = {
  planId: 'monthly',
  priceCents: 799,
  interval: 'month',
  discountPercent: 0,
  storeProductId: 'premium.monthly',
};
const ANNUAL: PremiumPlan = {
  planId: 'annual',
  priceCents: 5999,
  interval: 'year',
  discountPercent: 37,
  storeProductId: 'premium.annual',
};
const MINUTE_S = 60;
const iso = (unix: number) => new Date(unix * 1000).toISOString();

describe.each(TEST_DIALECTS)('premium through Stripe Billing on %s', (dialect) => {
  let stripe: LocalStripe;
  let billing: WebhookEndpoint;
  let t: TestStores;
  let app: FastifyInstance;
  let channel: WebBillingChannel;
  let base: string;
  let crowd: SignedIn[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    stripe = await startLocalStripe({ hostedCheckout: true });
    billing = stripe.addWebhookEndpoint('http://127.0.0.1:9/not-yet', STRIPE_BILLING_EVENTS);
    t = await openTestStores(dialect);
    const settings = {
      apiUrl: stripe.apiUrl,
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      billingWebhookSecret: billing.secret,
    };
    const config = {
      appEnv: 'development' as const,
      stripe: { development: settings, beta: undefined, production: undefined },
    };
    app = await buildUnreadyTestApp(t, { config });
    const payments = { stripe: { development: new StripeClient(settings), beta: undefined, production: undefined } };
    const configured = stripeBillingChannelOf({ config, payments, game: db() });
    if (!configured) throw new Error('Stripe Billing is configured here');
    channel = configured;
    // Without its Billing endpoint's secret, premium by card is not sold: nothing would hear its payments.
    const unheard = {
      ...config,
      stripe: { ...config.stripe, development: { ...settings, billingWebhookSecret: undefined } },
    };
    expect(stripeBillingChannelOf({ config: unheard, payments, game: db() })).toBeUndefined();
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    // Two endpoints, as in Stripe's Dashboard: the shop's (checkout.session.* only) and Billing's.
    billing.url = `${base}${STRIPE_BILLING_WEBHOOK_PATH}`;
    stripe.setWebhookEndpoint(`${base}${STRIPE_WEBHOOK_PATH}`);
    crowd = await signUpPlayers(app, t.stores.identity, `premium-${dialect}`, 20);
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    await stripe?.close();
  });

  function player(): SignedIn {
    const next = crowd.pop();
    if (!next) throw new Error('The test needs a larger crowd.');
    return next;
  }

  const premiumOf = async (who: SignedIn) => {
    const response = await app.inject({ url: '/api/account/premium', headers: { authorization: who.bearer } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Premium;
  };
  const history = async (subscriptionID: string) =>
    (
      await db()
        .selectFrom('subscription_events')
        .select(['kind', 'event_id'])
        .where('subscription_id', '=', `stripe:${subscriptionID}`)
        .orderBy('at')
        .execute()
    ).map((row) => row.kind);

  const start = (who: SignedIn, plan = MONTHLY, key = `start-${who.userId}`) =>
    channel.startSubscription({
      userId: who.userId,
      email: who.email,
      plan,
      returnUrl: 'http://localhost:3000/account?premium=welcome',
      cancelUrl: 'http://localhost:3000/account',
      idempotencyKey: key,
    });

  /** The player pays on Stripe's page (its Pay button): answers the subscription made. */
  async function pay(url: string): Promise<{ sessionID: string; subscriptionID: string; invoiceID: string }> {
    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:3000/account?premium=welcome');
    const sessionID = new URL(url).pathname.split('/').at(-1) ?? '';
    const session = stripe.session(sessionID);
    return { sessionID, subscriptionID: session.subscription ?? '', invoiceID: session.invoice ?? '' };
  }

  async function subscribed(who: SignedIn, plan = MONTHLY) {
    const bought = await pay((await start(who, plan)).url);
    // A minute on, as a player needs at least that to come back and change anything.
    stripe.advanceClock(MINUTE_S);
    return bought;
  }

  const periodEnd = (subscriptionID: string) =>
    stripe.subscription(subscriptionID).items.data[0]?.current_period_end ?? 0;
  const billingDeliveries = (objectID?: string) =>
    stripe.deliveries.filter(
      (delivery) => delivery.url === billing.url && (objectID === undefined || delivery.objectID === objectID),
    );
  /** The PaymentIntent whose refund names this invoice (the refunds the client makes say which). */
  const refundedIntentOf = (invoiceID: string) => {
    const refunded = stripe.events
      .filter((event) => event.type === 'charge.refunded')
      .map((event) => (event.data.object as { payment_intent: string }).payment_intent);
    const intent = refunded.find((pi) => stripe.refunds(pi).some((refund) => refund.metadata.invoice === invoiceID));
    if (!intent) throw new Error(`No refund of ${invoiceID}`);
    return intent;
  };
  const paymentsOf = (subscriptionID: string) =>
    db()
      .selectFrom('subscription_payments')
      .selectAll()
      .where('subscription_id', '=', `stripe:${subscriptionID}`)
      .orderBy('paid_at')
      .execute();
  const deliverToBilling = (event: StripeEventJson) =>
    stripe.deliver(billing.url, stripe.signed(event, billing.secret));

  it('buys premium: Checkout in subscription mode, Stripe’s page, the webhooks, premium to the period’s end', async () => {
    const ada = player();
    const { url } = await start(ada, MONTHLY);
    // A retry of the same start (a double click, a lost answer) is the same session.
    expect((await start(ada, MONTHLY)).url).toBe(url);
    const sessionID = new URL(url).pathname.split('/').at(-1) ?? '';
    expect(stripe.session(sessionID)).toMatchObject({
      mode: 'subscription',
      amount_total: 799,
      currency: 'usd',
      client_reference_id: ada.userId,
      customer_email: ada.email,
      status: 'open',
    });
    expect(await premiumOf(ada)).toMatchObject({ premium: false, state: null });
    // Stripe's page says what is charged, and how often.
    const page = await (await fetch(url)).text();
    expect(page).toContain('Amount due: <strong>$7.99</strong>');
    expect(page).toContain('Then $7.99 every month.');

    const { subscriptionID, invoiceID } = await pay(url);
    const subscription = stripe.subscription(subscriptionID);
    expect(subscription).toMatchObject({ status: 'active', metadata: { userId: ada.userId, planId: 'monthly' } });
    expect(stripe.invoice(invoiceID)).toMatchObject({ status: 'paid', billing_reason: 'subscription_create' });
    // Both events of the first payment are one purchase, whichever came first.
    const answers = billingDeliveries().filter((delivery) => [sessionID, invoiceID].includes(delivery.objectID));
    expect(answers.map((delivery) => [delivery.type, delivery.status]).sort()).toEqual([
      ['checkout.session.completed', 200],
      ['invoice.paid', 200],
    ]);
    expect(answers.map((delivery) => JSON.parse(delivery.body).outcome).sort()).toEqual(['duplicate', 'recorded']);
    // The shop's endpoint heard the session too, and let it be: not a shop order.
    const shop = stripe.deliveries.find((delivery) => delivery.url.endsWith(STRIPE_WEBHOOK_PATH));
    expect(shop && JSON.parse(shop.body)).toEqual({ received: true, outcome: 'unknown-session' });

    expect(await premiumOf(ada)).toEqual({
      premium: true,
      until: iso(periodEnd(subscriptionID)),
      channel: 'stripe',
      state: 'active',
    });
    expect(await history(subscriptionID)).toEqual(['purchase']);
    // The period's money, once, for the back office's revenue and Sub IAPs.
    expect(await paymentsOf(subscriptionID)).toEqual([
      expect.objectContaining({
        channel: 'stripe',
        payment_id: invoiceID,
        amount_cents: 799,
        currency: 'USD',
        paid_at: iso(stripe.invoice(invoiceID).status_transitions.paid_at ?? 0),
        refunded_cents: 0,
      }),
    ]);
    const row = await db()
      .selectFrom('subscriptions')
      .select(['user_id', 'plan_id'])
      .where('subscription_id', '=', `stripe:${subscriptionID}`)
      .executeTakeFirst();
    expect(row).toEqual({ user_id: ada.userId, plan_id: 'monthly' });
  });

  it('sells the annual plan for a year', async () => {
    const bo = player();
    const { subscriptionID } = await subscribed(bo, ANNUAL);
    const item = stripe.subscription(subscriptionID).items.data[0];
    expect(item?.price).toMatchObject({ unit_amount: 5999, recurring: { interval: 'year' } });
    const start = new Date((item?.current_period_start ?? 0) * 1000);
    start.setUTCFullYear(start.getUTCFullYear() + 1);
    expect((await premiumOf(bo)).until).toBe(start.toISOString());
  });

  it('renews: a new period’s invoice paid moves premium to its end', async () => {
    const cy = player();
    const { subscriptionID } = await subscribed(cy);
    const first = periodEnd(subscriptionID);
    const invoice = await stripe.renew(subscriptionID);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid' });
    expect(periodEnd(subscriptionID)).toBeGreaterThan(first);
    expect(await premiumOf(cy)).toMatchObject({
      premium: true,
      until: iso(periodEnd(subscriptionID)),
      state: 'active',
    });
    // The subscription's update that comes with the renewal adds nothing to its history.
    expect(await history(subscriptionID)).toEqual(['purchase', 'renew']);
    const payments = await paymentsOf(subscriptionID);
    expect(payments.map((payment) => [payment.payment_id === invoice.id, payment.amount_cents])).toEqual([
      [false, 799],
      [true, 799],
    ]);
  });

  it('turns renewal off for the upcoming period and back on before the period ends', async () => {
    const di = player();
    const { subscriptionID } = await subscribed(di);
    const until = iso(periodEnd(subscriptionID));

    await channel.setRenewal(subscriptionID, false);
    await stripe.settled();
    expect(stripe.subscription(subscriptionID)).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    expect(await premiumOf(di)).toEqual({ premium: true, until, channel: 'stripe', state: 'cancelled' });

    stripe.advanceClock(MINUTE_S);
    await channel.setRenewal(subscriptionID, true);
    await stripe.settled();
    expect(stripe.subscription(subscriptionID).cancel_at_period_end).toBe(false);
    expect(await premiumOf(di)).toEqual({ premium: true, until, channel: 'stripe', state: 'active' });
    expect(await history(subscriptionID)).toEqual(['purchase', 'cancel', 'resume']);
  });

  it('ends premium at the period’s end after a cancel: customer.subscription.deleted', async () => {
    const ed = player();
    const { subscriptionID } = await subscribed(ed);
    await channel.setRenewal(subscriptionID, false);
    await stripe.settled();
    await stripe.endSubscription(subscriptionID);
    expect(stripe.subscription(subscriptionID).status).toBe('canceled');
    expect(await premiumOf(ed)).toEqual({ premium: false, until: null, channel: 'stripe', state: 'expired' });
    // Too late to turn renewal back on: Stripe refuses, in words.
    await expect(channel.setRenewal(subscriptionID, true)).rejects.toMatchObject({
      status: 'aborted',
      message: expect.stringContaining('A canceled subscription can only update'),
    });
  });

  it('holds premium back while a failed renewal is retried, and gives it again when the retry pays', async () => {
    const fa = player();
    const { subscriptionID } = await subscribed(fa);
    const failed = await stripe.failRenewal(subscriptionID);
    expect(stripe.subscription(subscriptionID).status).toBe('past_due');
    expect(await premiumOf(fa)).toEqual({ premium: false, until: null, channel: 'stripe', state: 'billing-retry' });

    const paid = await stripe.renew(subscriptionID);
    expect(paid.id).toBe(failed.id);
    expect(await premiumOf(fa)).toEqual({
      premium: true,
      until: iso(periodEnd(subscriptionID)),
      channel: 'stripe',
      state: 'active',
    });
    expect(await history(subscriptionID)).toEqual(['purchase', 'billing-retry', 'billing-retry', 'renew']);
  });

  it('ends a past-due subscription whose retries ran out', async () => {
    const gi = player();
    const { subscriptionID } = await subscribed(gi);
    await stripe.failRenewal(subscriptionID);
    await stripe.endSubscription(subscriptionID);
    expect(await premiumOf(gi)).toMatchObject({ premium: false, state: 'expired' });
  });

  it('refunds the current period from the back office: refunded once, ended at once', async () => {
    const hu = player();
    const { subscriptionID, invoiceID } = await subscribed(hu);
    await channel.refundCurrentPeriod(subscriptionID, `refund-${subscriptionID}`);
    await stripe.settled();
    const paymentIntent = refundedIntentOf(invoiceID);
    const refundAnswer = billingDeliveries(`ch_${paymentIntent.slice(3)}`).find(
      (delivery) => delivery.type === 'charge.refunded',
    );
    expect(refundAnswer?.status).toBe(200);
    expect(stripe.subscription(subscriptionID).status).toBe('canceled');
    expect(await premiumOf(hu)).toEqual({ premium: false, until: null, channel: 'stripe', state: 'refunded' });

    // Asked again (a retried click): no second refund, nothing changes.
    await channel.refundCurrentPeriod(subscriptionID, `refund-${subscriptionID}`);
    await stripe.settled();
    expect(stripe.refunds(paymentIntent)).toHaveLength(1);
    expect((await premiumOf(hu)).state).toBe('refunded');
    // Refunded and ended in the same second: both in the history, refunded whichever folds first.
    expect((await history(subscriptionID)).sort()).toEqual(['expire', 'purchase', 'refund']);
  });

  it("lets staff refund a card subscription's current period from the player's page, admin-logged, once", async () => {
    const { staff, moderator } = await signUpRoles(app, t.stores.identity, {
      staff: ['staff'],
      moderator: ['moderator'],
    });
    const ivy = player();
    const { subscriptionID } = await subscribed(ivy);
    const refundUrl = `/api/admin/development/subscriptions/${encodeURIComponent(`stripe:${subscriptionID}`)}/refund`;
    const as = (who: SignedIn) => ({ method: 'POST' as const, url: refundUrl, headers: { authorization: who.bearer } });
    const page = await app.inject({
      url: `/api/admin/development/users/${ivy.userId}/subscriptions`,
      headers: { authorization: moderator.bearer },
    });
    expect(page.json().subscriptions[0]).toMatchObject({
      channel: 'stripe',
      plan: 'monthly',
      state: 'active',
      refundable: true,
    });
    expect((await app.inject(as(moderator))).statusCode).toBe(403);
    const refunded = await app.inject(as(staff));
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().subscriptions[0]).toMatchObject({ state: 'refunded', refundable: false });
    expect(await premiumOf(ivy)).toMatchObject({ premium: false, state: 'refunded' });
    const [entry] = await adminLogOf(db(), 'subscription.refund');
    expect(entry).toMatchObject({ admin: staff.userId, data: { userID: ivy.userId, channel: 'stripe' } });
    // Asked again: the period is no longer a paid billing cycle, so nothing more is refunded.
    const again = await app.inject(as(staff));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('not in a paid billing cycle now');
    await stripe.settled();
    expect((await adminLogOf(db(), 'subscription.refund')).length).toBe(1);
    const missing = await app.inject({
      ...as(staff),
      url: '/api/admin/development/subscriptions/stripe%3Anope/refund',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('ends premium on a refund made in Stripe’s Dashboard (charge.refunded), not on a partial one', async () => {
    const io = player();
    const { subscriptionID } = await subscribed(io);
    // A goodwill credit of a dollar: the period stays paid; the money shows it.
    await stripe.refundLatestInvoice(subscriptionID, { amount: 100 });
    const partial = billingDeliveries().findLast((delivery) => delivery.type === 'charge.refunded');
    expect(partial && JSON.parse(partial.body)).toEqual({ received: true, outcome: 'recorded', state: 'active' });
    expect(await premiumOf(io)).toMatchObject({ premium: true, state: 'active' });
    expect(await paymentsOf(subscriptionID)).toEqual([expect.objectContaining({ refunded_cents: 100 })]);
    stripe.advanceClock(MINUTE_S);
    await stripe.refundLatestInvoice(subscriptionID);
    expect(await premiumOf(io)).toMatchObject({ premium: false, state: 'refunded' });
    expect(await paymentsOf(subscriptionID)).toEqual([
      expect.objectContaining({ amount_cents: 799, refunded_cents: 799 }),
    ]);
    const answer = billingDeliveries().findLast((delivery) => delivery.type === 'charge.refunded');
    expect(answer && JSON.parse(answer.body)).toEqual({ received: true, outcome: 'recorded', state: 'refunded' });
  });

  it('folds replayed and out-of-order deliveries to the same state, never backwards', async () => {
    const jo = player();
    const release = stripe.holdWebhooks();
    const { subscriptionID } = await subscribed(jo);
    await stripe.renew(subscriptionID);
    stripe.advanceClock(MINUTE_S);
    await channel.setRenewal(subscriptionID, false);
    stripe.advanceClock(MINUTE_S);
    await channel.setRenewal(subscriptionID, true);
    stripe.advanceClock(MINUTE_S);
    await channel.setRenewal(subscriptionID, false);
    const held = await release();
    expect(held.every((delivery) => delivery.status === 200)).toBe(true);
    const expected = {
      premium: true,
      until: iso(periodEnd(subscriptionID)),
      channel: 'stripe',
      state: 'cancelled',
    };
    expect(await premiumOf(jo)).toEqual(expected);
    const before = await findSubscription(db(), { channel: 'stripe', channelId: subscriptionID });

    // Stripe delivers them all again, newest first and each twice: nothing moves.
    const ours = stripe.events.filter((event) => held.some((delivery) => delivery.eventID === event.id));
    for (const event of [...ours].reverse().flatMap((event) => [event, event])) {
      const answer = await deliverToBilling(event);
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body).outcome).not.toBe('recorded');
    }
    expect(await findSubscription(db(), { channel: 'stripe', channelId: subscriptionID })).toEqual(before);
    expect(await premiumOf(jo)).toEqual(expected);
    expect(await history(subscriptionID)).toEqual(['purchase', 'renew', 'cancel', 'resume', 'cancel']);
  });

  it('folds a subscription’s events delivered newest first to what they add up to in order', async () => {
    const mo = player();
    stripe.holdWebhooks();
    const { subscriptionID } = await subscribed(mo);
    await channel.setRenewal(subscriptionID, false);
    await stripe.endSubscription(subscriptionID);
    const held = stripe.dropHeldWebhooks();
    expect(held.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    for (const event of [...held].reverse()) {
      const answer = await deliverToBilling(event);
      expect(answer.status, answer.body).toBe(200);
    }
    expect(await premiumOf(mo)).toEqual({ premium: false, until: null, channel: 'stripe', state: 'expired' });
    expect(await history(subscriptionID)).toEqual(['purchase', 'cancel', 'expire']);
  });

  it('adds up to the same subscription whatever order, repeats and concurrency Stripe delivers its events in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 3 }),
        async (seed, together) => {
          const who = player();
          stripe.holdWebhooks();
          const { subscriptionID } = await subscribed(who);
          await stripe.renew(subscriptionID);
          await stripe.failRenewal(subscriptionID);
          await stripe.renew(subscriptionID);
          for (const renew of [false, true, false]) {
            stripe.advanceClock(MINUTE_S);
            await channel.setRenewal(subscriptionID, renew);
          }
          await stripe.endSubscription(subscriptionID);
          // And the last period refunded from the Dashboard afterwards.
          stripe.advanceClock(MINUTE_S);
          await stripe.refundLatestInvoice(subscriptionID);
          const held = stripe
            .dropHeldWebhooks()
            .filter((event) => STRIPE_BILLING_EVENTS.some((type) => type === event.type));
          // Each event once or twice, shuffled by the seed.
          const delivered =
            fc.sample(fc.shuffledSubarray([...held, ...held], { minLength: held.length * 2 }), {
              seed,
              numRuns: 1,
            })[0] ?? [];
          for (let at = 0; at < delivered.length; at += together) {
            const answers = await Promise.all(delivered.slice(at, at + together).map(deliverToBilling));
            for (const answer of answers) expect(answer.status, answer.body).toBe(200);
          }
          expect(await findSubscription(db(), { channel: 'stripe', channelId: subscriptionID })).toMatchObject({
            userId: who.userId,
            state: 'refunded',
            periodEnd: iso(periodEnd(subscriptionID)),
          });
          expect(await history(subscriptionID)).toEqual([
            'purchase',
            'renew',
            'billing-retry',
            'billing-retry',
            'renew',
            'cancel',
            'resume',
            'cancel',
            'expire',
            'refund',
          ]);
          // Each period's money once, and the refund of the last whatever came first.
          const payments = await paymentsOf(subscriptionID);
          expect(payments.map((payment) => [payment.amount_cents, payment.refunded_cents])).toEqual([
            [799, 0],
            [799, 0],
            [799, 799],
          ]);
        },
      ),
      { numRuns: 4 },
    );
  });

  it('makes one purchase of the same payment’s events delivered many times at once', async () => {
    const lu = player();
    stripe.holdWebhooks();
    const { subscriptionID, sessionID, invoiceID } = await subscribed(lu);
    // Not let through: these are delivered below, all at once.
    stripe.dropHeldWebhooks();
    const firsts = stripe.events.filter(
      (event) =>
        (event.type === 'checkout.session.completed' && event.data.object.id === sessionID) ||
        (event.type === 'invoice.paid' && event.data.object.id === invoiceID),
    );
    expect(firsts).toHaveLength(2);
    const answers = await Promise.all(
      firsts.flatMap((event) => Array.from({ length: 4 }, () => deliverToBilling(event))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const outcomes = answers.map((answer) => JSON.parse(answer.body).outcome);
    expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(7);
    expect(await history(subscriptionID)).toEqual(['purchase']);
    expect(await paymentsOf(subscriptionID)).toHaveLength(1);
    expect((await premiumOf(lu)).state).toBe('active');
  });

  it('refuses deliveries not signed with the Billing endpoint’s secret: 400, in words, storing nothing', async () => {
    const event = stripe.events.find((each) => each.type === 'invoice.paid');
    if (!event) throw new Error('No invoice.paid raised yet');
    const signed = stripe.signed(event, billing.secret);
    const post = (payload: string, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: STRIPE_BILLING_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        payload,
      });
    const rows = async () => (await db().selectFrom('subscription_events').select('event_id').execute()).length;
    const before = await rows();
    const cases: [string, Awaited<ReturnType<typeof post>>, string][] = [
      [
        'no header',
        await post(signed.payload, {}),
        'Missing the Stripe-Signature header: only Stripe posts events here.',
      ],
      [
        'the shop endpoint’s secret',
        await post(signed.payload, { 'stripe-signature': stripe.sign(signed.payload) }),
        'The Stripe-Signature does not verify this event: No signatures found matching the expected signature for payload.',
      ],
      [
        'a changed body',
        await post(signed.payload.replace('"amount_paid": 799', '"amount_paid": 1'), {
          'stripe-signature': signed.signature,
        }),
        'No signatures found matching the expected signature for payload',
      ],
      [
        'a signed event Outpost cannot read',
        await post('{"id":"evt_x","type":"invoice.paid","created":1,"data":{"object":{"id":"in_x"}}}', {
          'stripe-signature': stripe.sign(
            '{"id":"evt_x","type":"invoice.paid","created":1,"data":{"object":{"id":"in_x"}}}',
            { secret: billing.secret },
          ),
        }),
        'The event does not carry an Invoice Outpost can read.',
      ],
    ];
    for (const [name, response, message] of cases) {
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.message, name).toContain(message);
    }
    expect(await rows()).toBe(before);
  });

  it('acknowledges what is not a premium subscription’s: a shop session, an event it does not read', async () => {
    const session = await new StripeClient({
      apiUrl: stripe.apiUrl,
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
    }).createCheckoutSession({
      orderID: 'shop-order-1',
      lines: [{ stripeID: 'prod_tee', name: 'Tee', unitAmountCents: 2500, quantity: 1 }],
      currency: 'usd',
      customerEmail: 'shop@example.com',
      successUrl: 'http://localhost:3000/shop',
      cancelUrl: 'http://localhost:3000/shop',
      expiresAt: new Date(Date.now() + 60 * 60_000),
      idempotencyKey: 'shop-order-1',
    });
    // Paid on Stripe's page: both endpoints hear the session; neither knows it.
    const paid = await fetch(session.url ?? '', { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const heard = stripe.deliveries.filter((delivery) => delivery.sessionID === session.id);
    expect(heard.map((delivery) => [delivery.url, delivery.status, JSON.parse(delivery.body).outcome]).sort()).toEqual(
      [
        [`${base}${STRIPE_WEBHOOK_PATH}`, 200, 'unknown-session'],
        [billing.url, 200, 'ignored'],
      ].sort(),
    );
    const signed = stripe.event('checkout.session.completed', session.id);
    const payload = JSON.stringify({ id: 'evt_other', type: 'customer.created', created: 1, data: { object: {} } });
    const other = await stripe.deliver(billing.url, {
      event: signed.event,
      payload,
      signature: stripe.sign(payload, { secret: billing.secret }),
    });
    expect(JSON.parse(other.body)).toEqual({ received: true, outcome: 'ignored', state: null });
  });
});

describe.each(TEST_DIALECTS)('the Billing webhook without Stripe on %s', (dialect) => {
  let t: TestStores;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await openTestStores(dialect);
    app = await buildUnreadyTestApp(t);
    const none = { development: undefined, beta: undefined, production: undefined };
    const context = { config: { appEnv: 'development' as const, stripe: none }, payments: { stripe: none } };
    expect(stripeBillingChannelOf({ ...context, game: t.stores.game.development })).toBeUndefined();
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('answers 503 in words to a signed delivery, 400 to an unsigned one', async () => {
    const signed = await app.inject({
      method: 'POST',
      url: STRIPE_BILLING_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(signed.statusCode).toBe(503);
    expect(signed.json().error.message).toBe('Stripe is not set up in this environment, so its events are not taken.');
    const unsigned = await app.inject({ method: 'POST', url: STRIPE_BILLING_WEBHOOK_PATH, payload: {} });
    expect(unsigned.statusCode).toBe(400);
  });
});
