import type { AddressInfo } from 'node:net';
import { MERCH_MESSAGES, type MerchCatalogue, type MerchOrder } from '@outpost/contracts/merch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers } from '../identity/testing';
import { credit } from '../ledger/ledger';
import { StripeClient } from '../payments/stripe/stripe-client';
import { type LocalStripe, type SignedEvent, startLocalStripe } from '../payments/stripe/testing/local-stripe';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { expireMerchReservations } from './merch-orders';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook';
import { payWithCredits, placeOrder, putTestProduct, readyToShop, setOrderProfile, varietyStock } from './testing';

const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('paying merch by card (Stripe Checkout) on %s', (dialect) => {
  let t: TestApp;
  let stripe: LocalStripe;
  let crowd: SignedIn[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    stripe = await startLocalStripe();
    const settings = { apiUrl: stripe.apiUrl, secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret };
    t = await buildTestApp(dialect, {
      config: { stripe: { development: settings, beta: undefined, production: undefined } },
    });
    crowd = await signUpPlayers(t.app, t.stores.identity, `card-${dialect}`, 40);
  });
  afterAll(async () => {
    await t?.cleanup();
    await stripe?.close();
  });

  async function shopper(): Promise<SignedIn> {
    const player = crowd.pop();
    if (!player) throw new Error('The test needs a larger crowd.');
    expect((await setOrderProfile(t.app, player)).statusCode).toBe(200);
    return player;
  }

  /** A player orders `quantity` of a product with `stock` units and is sent to Stripe Checkout. */
  async function cardOrder(productID: string, { stock = 5, quantity = 1 } = {}) {
    await putTestProduct(db(), { productID, price: 2500, varieties: [['m', stock]] });
    const player = await shopper();
    const placed = await placeOrder(t.app, player, {
      lines: [{ productID, varietyID: 'm', quantity }],
      payment: 'stripe',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json() as MerchOrder;
    const payment = await paymentOf(order.orderID);
    return { player, order, sessionID: payment.stripe_session_id as string };
  }

  const paymentOf = (orderID: string) =>
    db().selectFrom('payment_orders').selectAll().where('order_id', '=', orderID).executeTakeFirstOrThrow();
  const orderRow = (orderID: string) =>
    db().selectFrom('merch_orders').selectAll().where('order_id', '=', orderID).executeTakeFirstOrThrow();
  const eventRows = () => db().selectFrom('stripe_events').selectAll().orderBy('event_id').execute();

  /** Delivers an event as Stripe does: its exact bytes, its signature header. */
  const deliver = (signed: Pick<SignedEvent, 'payload' | 'signature'>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature, ...headers },
      payload: signed.payload,
    });

  /** Everything a delivered event may change. */
  async function snapshot(orderID: string) {
    const line = await db()
      .selectFrom('merch_order_lines')
      .selectAll()
      .where('order_id', '=', orderID)
      .executeTakeFirstOrThrow();
    const ledger = await db()
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string | number>().as('rows'))
      .executeTakeFirstOrThrow();
    return {
      order: await orderRow(orderID),
      payment: await paymentOf(orderID),
      events: await eventRows(),
      ledger: Number(ledger.rows),
      stock: await varietyStock(db(), line.product_id, line.variety_id),
    };
  }

  it('sends the player to a Checkout Session at Outpost’s price, with the stock reserved', async () => {
    const catalogue = (await t.app.inject({ url: '/api/shop/merch' })).json() as MerchCatalogue;
    expect(catalogue.payments.stripe).toBe(true);
    const { order, sessionID } = await cardOrder('card-tee', { quantity: 2 });
    expect(order).toMatchObject({ status: 'reserved', payment: 'stripe', total: 5000, totalCredits: null });
    expect(order.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionID}`);
    expect(await varietyStock(db(), 'card-tee', 'm')).toBe(3);
    expect(stripe.session(sessionID)).toMatchObject({
      amount_total: 5000,
      currency: 'usd',
      client_reference_id: order.orderID,
      metadata: { orderID: order.orderID },
      customer_email: 'player@example.com',
      status: 'open',
    });
    expect(stripe.session(sessionID).success_url).toBe(
      `http://localhost:3000/shop/?order=${order.orderID}&checkout=success`,
    );
  });

  it('pays the order on a verified checkout.session.completed, once, however often Stripe delivers it', async () => {
    const { order, sessionID } = await cardOrder('card-hoodie');
    const paymentIntent = stripe.complete(sessionID).payment_intent;
    const signed = stripe.event('checkout.session.completed', sessionID);
    const first = await deliver(signed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'paid' });
    const paid = await snapshot(order.orderID);
    expect(paid.order).toMatchObject({ status: 'paid', reserved_until: null, checkout_url: null });
    expect(paid.payment).toMatchObject({ status: 'completed', stripe_payment_intent: paymentIntent });
    expect(paid.stock).toBe(4);
    expect(paid.events.filter((row) => row.event_id === signed.event.id)).toEqual([
      expect.objectContaining({ type: 'checkout.session.completed', order_id: order.orderID, outcome: 'paid' }),
    ]);

    const replayed = await deliver(signed);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await snapshot(order.orderID)).toEqual(paid);

    // Another event about the same payment (Stripe delivers at least once) finds it paid.
    const again = await deliver(stripe.event('checkout.session.completed', sessionID));
    expect(again.json()).toEqual({ received: true, outcome: 'already-paid' });
    expect((await orderRow(order.orderID)).version).toBe(paid.order.version);
  });

  it('handles the same event delivered twice at once exactly once', async () => {
    const { order, sessionID } = await cardOrder('card-twice');
    stripe.complete(sessionID);
    const signed = stripe.event('checkout.session.completed', sessionID);
    const answers = await Promise.all([deliver(signed), deliver(signed)]);
    expect(answers.map((answer) => answer.json().outcome).sort()).toEqual(['duplicate', 'paid']);
    expect((await orderRow(order.orderID)).status).toBe('paid');
    expect((await eventRows()).filter((row) => row.event_id === signed.event.id)).toHaveLength(1);
  });

  it('refuses deliveries Stripe did not sign with 400, storing nothing', async () => {
    const { order, sessionID } = await cardOrder('card-forged');
    stripe.complete(sessionID);
    const signed = stripe.event('checkout.session.completed', sessionID);
    const before = await snapshot(order.orderID);
    const unixNow = Math.floor(Date.now() / 1000);
    const cases: [string, Promise<{ statusCode: number; json(): { error: { message: string } } }>, string][] = [
      [
        'no header',
        t.app.inject({
          method: 'POST',
          url: STRIPE_WEBHOOK_PATH,
          headers: { 'content-type': 'application/json' },
          payload: signed.payload,
        }),
        'Missing the Stripe-Signature header: only Stripe posts events here.',
      ],
      [
        'another secret',
        deliver({ ...signed, signature: stripe.sign(signed.payload, { secret: 'whsec_not_ours' }) }),
        'The Stripe-Signature does not verify this event: No signatures found matching the expected signature for payload.',
      ],
      [
        'a changed body',
        deliver({ ...signed, payload: signed.payload.replace('"amount_total": 2500', '"amount_total": 2501') }),
        'No signatures found matching the expected signature for payload',
      ],
      [
        'an old signature',
        deliver({ ...signed, signature: stripe.sign(signed.payload, { timestamp: unixNow - 600 }) }),
        'Timestamp outside the tolerance zone',
      ],
      ['a garbled header', deliver({ ...signed, signature: 'garbage' }), 'Unable to extract timestamp and signatures'],
      [
        'a signed body that is not JSON',
        deliver({ payload: 'not json', signature: stripe.sign('not json') }),
        'the signed body is not JSON',
      ],
      [
        'a signed body that is not an event',
        deliver({ payload: '{"hello":"world"}', signature: stripe.sign('{"hello":"world"}') }),
        'The signed body is not a Stripe event.',
      ],
    ];
    for (const [name, answer, message] of cases) {
      const response = await answer;
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.message, name).toContain(message);
    }
    expect(await snapshot(order.orderID)).toEqual(before);
    expect(before.order.status).toBe('reserved');
  });

  it('does not ship an order when Stripe took another amount than the order’s: the money is owed back', async () => {
    const { order, sessionID } = await cardOrder('card-tampered');
    stripe.complete(sessionID, { amountTotal: 1 });
    const answer = await deliver(stripe.event('checkout.session.completed', sessionID));
    expect(answer.json()).toEqual({ received: true, outcome: 'mismatch' });
    expect((await orderRow(order.orderID)).status).toBe('refund-due');
    expect((await paymentOf(order.orderID)).status).toBe('mismatch');
    expect(await varietyStock(db(), 'card-tampered', 'm')).toBe(5);
  });

  it('gives the stock back when the session expires at Stripe', async () => {
    const { order, sessionID } = await cardOrder('card-lapsed', { quantity: 3 });
    expect(await varietyStock(db(), 'card-lapsed', 'm')).toBe(2);
    stripe.expire(sessionID);
    const signed = stripe.event('checkout.session.expired', sessionID);
    expect((await deliver(signed)).json()).toEqual({ received: true, outcome: 'released' });
    expect(await orderRow(order.orderID)).toMatchObject({ status: 'expired', reserved_until: null });
    expect(await varietyStock(db(), 'card-lapsed', 'm')).toBe(5);
    expect((await deliver(signed)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await varietyStock(db(), 'card-lapsed', 'm')).toBe(5);
  });

  it('pays a delayed payment only when it succeeds', async () => {
    const { order, sessionID } = await cardOrder('card-delayed');
    stripe.complete(sessionID, { paymentStatus: 'unpaid' });
    const completed = await deliver(stripe.event('checkout.session.completed', sessionID));
    expect(completed.json()).toEqual({ received: true, outcome: 'awaiting-payment' });
    expect((await orderRow(order.orderID)).status).toBe('reserved');
    expect((await paymentOf(order.orderID)).status).toBe('created');

    stripe.asyncPaymentSucceeded(sessionID);
    const succeeded = await deliver(stripe.event('checkout.session.async_payment_succeeded', sessionID));
    expect(succeeded.json()).toEqual({ received: true, outcome: 'paid' });
    expect((await orderRow(order.orderID)).status).toBe('paid');
    expect(await varietyStock(db(), 'card-delayed', 'm')).toBe(4);
  });

  it('gives the stock back when a delayed payment fails', async () => {
    const { order, sessionID } = await cardOrder('card-bounced');
    stripe.complete(sessionID, { paymentStatus: 'unpaid' });
    await deliver(stripe.event('checkout.session.completed', sessionID));
    stripe.asyncPaymentFailed(sessionID);
    const failed = await deliver(stripe.event('checkout.session.async_payment_failed', sessionID));
    expect(failed.json()).toEqual({ received: true, outcome: 'released' });
    expect((await orderRow(order.orderID)).status).toBe('expired');
    expect(await varietyStock(db(), 'card-bounced', 'm')).toBe(5);
  });

  it('takes the stock again for a payment that lands after our sweeper lapsed the reservation', async () => {
    const { order, sessionID } = await cardOrder('card-late', { quantity: 2 });
    expect(await expireMerchReservations(db(), new Date(Date.now() + 46 * MINUTE))).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.orderID)).status).toBe('expired');
    expect(await varietyStock(db(), 'card-late', 'm')).toBe(5);

    stripe.complete(sessionID);
    const answer = await deliver(stripe.event('checkout.session.completed', sessionID));
    expect(answer.json()).toEqual({ received: true, outcome: 'paid' });
    expect((await orderRow(order.orderID)).status).toBe('paid');
    expect(await varietyStock(db(), 'card-late', 'm')).toBe(3);
  });

  it('owes the player a refund when the payment lands after the lapsed stock was sold', async () => {
    const { order, sessionID } = await cardOrder('card-gone', { stock: 1 });
    await expireMerchReservations(db(), new Date(Date.now() + 46 * MINUTE));
    const rival = await shopper();
    await credit(db(), { userId: rival.userId, amount: 5000, reason: 'reward', reference: `grant:${rival.userId}` });
    const bought = await placeOrder(t.app, rival, {
      lines: [{ productID: 'card-gone', varietyID: 'm', quantity: 1 }],
      payment: 'credits',
    });
    expect((await payWithCredits(t.app, rival, (bought.json() as MerchOrder).orderID)).statusCode).toBe(200);

    stripe.complete(sessionID);
    const answer = await deliver(stripe.event('checkout.session.completed', sessionID));
    expect(answer.json()).toEqual({ received: true, outcome: 'refund-due' });
    expect(await orderRow(order.orderID)).toMatchObject({ status: 'refund-due', paid_at: expect.any(String) });
    expect((await paymentOf(order.orderID)).status).toBe('completed');
    expect(await varietyStock(db(), 'card-gone', 'm')).toBe(0);
  });

  it('ends the Checkout Session at Stripe when the player cancels, then gives the stock back', async () => {
    const { player, order, sessionID } = await cardOrder('card-cancel', { quantity: 2 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shop/merch/orders/${order.orderID}/cancel`,
      headers: { authorization: player.bearer },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', checkoutUrl: null });
    expect(stripe.session(sessionID)).toMatchObject({ status: 'expired', url: null });
    expect(stripe.requests.some((request) => request.path === `/v1/checkout/sessions/${sessionID}/expire`)).toBe(true);
    expect(await varietyStock(db(), 'card-cancel', 'm')).toBe(5);
    // Stripe then tells us the session expired; the order is already settled as cancelled.
    const expired = await deliver(stripe.event('checkout.session.expired', sessionID));
    expect(expired.json()).toEqual({ received: true, outcome: 'not-reserved' });
    expect((await orderRow(order.orderID)).status).toBe('cancelled');
  });

  it('refuses to cancel an order the player has just paid on Stripe’s page; the webhook then pays it', async () => {
    const { player, order, sessionID } = await cardOrder('card-paid-first');
    stripe.complete(sessionID);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shop/merch/orders/${order.orderID}/cancel`,
      headers: { authorization: player.bearer },
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe(MERCH_MESSAGES.notAwaitingPayment);
    expect((await orderRow(order.orderID)).status).toBe('reserved');
    expect((await deliver(stripe.event('checkout.session.completed', sessionID))).json().outcome).toBe('paid');
  });

  it('keeps the reservation when Stripe cannot be reached to end the session of a cancelled order', async () => {
    const { player, order, sessionID } = await cardOrder('card-cancel-down');
    stripe.failNext(3, 503);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shop/merch/orders/${order.orderID}/cancel`,
      headers: { authorization: player.bearer },
    });
    expect(cancelled.statusCode).toBe(503);
    expect(cancelled.json().error.message).toBe(
      'Card payments could not be reached. Nothing was charged; try again in a moment.',
    );
    expect((await orderRow(order.orderID)).status).toBe('reserved');
    expect(stripe.session(sessionID).status).toBe('open');
  });

  it('answers 503 when Stripe cannot be reached to start the checkout, and gives the stock back', async () => {
    await putTestProduct(db(), { productID: 'card-down', price: 2500, varieties: [['m', 5]] });
    const player = await shopper();
    stripe.failNext(3, 500);
    const placed = await placeOrder(t.app, player, {
      lines: [{ productID: 'card-down', varietyID: 'm', quantity: 2 }],
      payment: 'stripe',
    });
    expect(placed.statusCode).toBe(503);
    expect(placed.json().error.message).toBe(
      'Card payments could not be reached. Nothing was charged; try again in a moment.',
    );
    expect(await varietyStock(db(), 'card-down', 'm')).toBe(5);
    const orders = await db().selectFrom('merch_orders').selectAll().where('user_id', '=', player.userId).execute();
    expect(orders.map((row) => row.status)).toEqual(['cancelled']);
  });

  it('acknowledges events it does not read, and sessions that are not Outpost’s', async () => {
    const payload = JSON.stringify({
      id: 'evt_not_checkout',
      object: 'event',
      // Every event Stripe sends carries its creation time.
      created: Math.floor(Date.now() / 1000),
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_123', object: 'payment_intent' } },
    });
    const ignored = await deliver({ payload, signature: stripe.sign(payload) });
    expect(ignored.json()).toEqual({ received: true, outcome: 'ignored' });

    const elsewhere = await new StripeClient({
      apiUrl: stripe.apiUrl,
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
    }).createCheckoutSession({
      orderID: 'another-shop-order',
      lines: [{ stripeID: 'prod_other', name: 'Other', unitAmountCents: 100, quantity: 1 }],
      currency: 'usd',
      customerEmail: 'someone@example.com',
      successUrl: 'https://elsewhere.example/ok',
      cancelUrl: 'https://elsewhere.example/cancel',
      expiresAt: new Date(Date.now() + 60 * MINUTE),
      idempotencyKey: 'checkout-another-shop-order',
    });
    stripe.complete(elsewhere.id);
    const unknown = await deliver(stripe.event('checkout.session.completed', elsewhere.id));
    expect(unknown.json()).toEqual({ received: true, outcome: 'unknown-session' });
    const rows = await eventRows();
    expect(rows.find((row) => row.event_id === 'evt_not_checkout')).toMatchObject({
      outcome: 'ignored',
      order_id: null,
    });
  });

  it('takes a delivery over real HTTP, as Stripe posts it', async () => {
    const { order, sessionID } = await cardOrder('card-http');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    stripe.complete(sessionID);
    const answer = await stripe.deliver(
      `http://127.0.0.1:${port}${STRIPE_WEBHOOK_PATH}`,
      stripe.event('checkout.session.completed', sessionID),
    );
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true, outcome: 'paid' });
    expect((await orderRow(order.orderID)).status).toBe('paid');
  });
});

describe.each(TEST_DIALECTS)('merch without Stripe on %s', (dialect) => {
  let t: TestApp;
  let player: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [player] = (await signUpPlayers(t.app, t.stores.identity, `no-card-${dialect}`, 1)) as [SignedIn];
    await readyToShop(t.app, t.stores.game.development, player, 10_000);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it('says card payments are off, refuses to place a card order, and still sells for credits', async () => {
    await putTestProduct(t.stores.game.development, { productID: 'offline-tee', varieties: [['m', 2]] });
    const catalogue = (await t.app.inject({ url: '/api/shop/merch' })).json() as MerchCatalogue;
    expect(catalogue.payments).toMatchObject({ credits: true, stripe: false });
    const line = { productID: 'offline-tee', varietyID: 'm', quantity: 1 };
    const card = await placeOrder(t.app, player, { lines: [line], payment: 'stripe' });
    expect(card.statusCode).toBe(503);
    expect(card.json().error.message).toBe(MERCH_MESSAGES.stripeOff);
    expect(await varietyStock(t.stores.game.development, 'offline-tee', 'm')).toBe(2);
    const credits = await placeOrder(t.app, player, { lines: [line], payment: 'credits' });
    expect(credits.statusCode, credits.body).toBe(200);
  });

  it('refuses webhook deliveries: 503 for a signed one, 400 for one without a signature', async () => {
    const signed = await t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(signed.statusCode).toBe(503);
    expect(signed.json().error.message).toBe('Stripe is not set up in this environment, so its events are not taken.');
    const unsigned = await t.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload: {} });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.stores.game.development.selectFrom('stripe_events').selectAll().execute()).toEqual([]);
  });
});
