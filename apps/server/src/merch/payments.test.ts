import {
  type AdminMerchOrder,
  MERCH_MESSAGES,
  type MerchOrder,
  type MerchPaymentResult,
  orderProfileSchema,
} from '@outpost/contracts/merch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpPlayers, signUpWithProfile } from '../identity/testing';
import { credit } from '../ledger/ledger';
import { type LocalPayPal, startLocalPayPal } from '../payments/paypal/testing/local-paypal';
import { StripeClient } from '../payments/stripe/stripe-client';
import { type LocalStripe, startLocalStripe } from '../payments/stripe/testing/local-stripe';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { expireMerchReservations, placeMerchOrder, settleStripeCheckoutIn } from './merch-orders';
import { saveOrderProfile } from './order-profile';
import { STRIPE_WEBHOOK_PATH } from './stripe-webhook';
import {
  payWithCredits,
  placeOrder,
  putTestProduct,
  setOrderProfile,
  validOrderProfile,
  varietyStock,
} from './testing';

const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('merch payments with PayPal and Stripe, and their refunds, on %s', (dialect) => {
  let t: TestApp;
  let paypal: LocalPayPal;
  let stripe: LocalStripe;
  let staff: SignedIn;
  let crowd: SignedIn[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    [paypal, stripe] = await Promise.all([startLocalPayPal(), startLocalStripe()]);
    t = await buildTestApp(dialect, {
      config: {
        paypal: {
          development: { apiUrl: paypal.apiUrl, clientId: paypal.clientId, clientSecret: paypal.clientSecret },
          beta: undefined,
          production: undefined,
        },
        stripe: {
          development: { apiUrl: stripe.apiUrl, secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret },
          beta: undefined,
          production: undefined,
        },
      },
    });
    staff = await signUpWithProfile(t.app, (id, keys) => setProfileKeys(t.stores.identity, id, keys), {
      email: `staff-${dialect}@example.com`,
      displayName: `staff-${dialect}`,
      keys: ['staff'],
    });
    crowd = await signUpPlayers(t.app, t.stores.identity, `payer-${dialect}`, 30);
  });
  afterAll(async () => {
    await t?.cleanup();
    await Promise.all([paypal?.close(), stripe?.close()]);
  });

  async function shopper(): Promise<SignedIn> {
    const player = crowd.pop();
    if (!player) throw new Error('The test needs a larger crowd.');
    expect((await setOrderProfile(t.app, player)).statusCode).toBe(200);
    return player;
  }

  /** A player orders `quantity` of a fresh product with `stock` units, paying with `payment`. */
  async function order(productID: string, payment: 'paypal' | 'stripe', { stock = 5, quantity = 1 } = {}) {
    await putTestProduct(db(), { productID, price: 2500, varieties: [['m', stock]] });
    const player = await shopper();
    const placed = await placeOrder(t.app, player, { lines: [{ productID, varietyID: 'm', quantity }], payment });
    expect(placed.statusCode, placed.body).toBe(200);
    return { player, order: placed.json() as MerchOrder };
  }

  const processPayPal = (player: SignedIn, paypalOrderID: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/fn/process-paypal-order?orderID=${encodeURIComponent(paypalOrderID)}`,
      headers: { authorization: player.bearer },
    });

  const orderRow = (orderID: string) =>
    db().selectFrom('merch_orders').selectAll().where('order_id', '=', orderID).executeTakeFirstOrThrow();
  const paymentOf = (orderID: string) =>
    db().selectFrom('payment_orders').selectAll().where('order_id', '=', orderID).executeTakeFirstOrThrow();

  const refund = (orderID: string, amountCents: number, environment = 'development') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/${environment}/merch/orders/${orderID}/refunds`,
      headers: { authorization: staff.bearer },
      payload: { amountCents, reason: 'Arrived damaged' },
    });

  describe('PayPal', () => {
    it('pays an approved order once, also when processed twice at the same time', async () => {
      const { player, order: placed } = await order('pp-tee', 'paypal', { quantity: 2 });
      expect(placed).toMatchObject({ status: 'reserved', payment: 'paypal', total: 5000 });
      const paypalOrderID = placed.paypalOrderID as string;
      expect(paypalOrderID).toEqual(expect.any(String));
      paypal.approve(paypalOrderID);

      const answers = await Promise.all([processPayPal(player, paypalOrderID), processPayPal(player, paypalOrderID)]);
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect((answer.json() as MerchPaymentResult).order).toMatchObject({ orderID: placed.orderID, status: 'paid' });
      }
      expect(paypal.captureCount(paypalOrderID)).toBe(1);
      expect((await orderRow(placed.orderID)).status).toBe('paid');
      expect((await paymentOf(placed.orderID)).status).toBe('completed');
      expect(await varietyStock(db(), 'pp-tee', 'm')).toBe(3);
      const again = await processPayPal(player, paypalOrderID);
      expect((again.json() as MerchPaymentResult).order.status).toBe('paid');
      expect(paypal.captureCount(paypalOrderID)).toBe(1);
    });

    it('leaves a declined payment reserved and records the decline', async () => {
      const { player, order: placed } = await order('pp-declined', 'paypal');
      paypal.approve(placed.paypalOrderID as string, { capture: { kind: 'instrument-declined' } });
      const answer = await processPayPal(player, placed.paypalOrderID as string);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.details).toEqual({ status: 'declined' });
      expect((await orderRow(placed.orderID)).status).toBe('reserved');
      expect((await paymentOf(placed.orderID)).status).toBe('declined');
      expect(await varietyStock(db(), 'pp-declined', 'm')).toBe(4);
    });

    it('captures an approval that comes after the reservation lapsed, while the stock is still there', async () => {
      const { player, order: placed } = await order('pp-late', 'paypal', { quantity: 2 });
      await expireMerchReservations(db(), new Date(Date.now() + 16 * MINUTE));
      expect((await orderRow(placed.orderID)).status).toBe('expired');
      expect(await varietyStock(db(), 'pp-late', 'm')).toBe(5);
      paypal.approve(placed.paypalOrderID as string);
      const answer = await processPayPal(player, placed.paypalOrderID as string);
      expect(answer.statusCode, answer.body).toBe(200);
      expect((answer.json() as MerchPaymentResult).order.status).toBe('paid');
      expect(await varietyStock(db(), 'pp-late', 'm')).toBe(3);
    });

    it('captures nothing when the reservation lapsed and the stock sold meanwhile', async () => {
      const { player, order: placed } = await order('pp-gone', 'paypal', { stock: 1 });
      await expireMerchReservations(db(), new Date(Date.now() + 16 * MINUTE));
      const rival = await shopper();
      await credit(db(), { userId: rival.userId, amount: 5000, reason: 'reward', reference: `grant:${rival.userId}` });
      const bought = await placeOrder(t.app, rival, {
        lines: [{ productID: 'pp-gone', varietyID: 'm', quantity: 1 }],
        payment: 'credits',
      });
      expect((await payWithCredits(t.app, rival, (bought.json() as MerchOrder).orderID)).statusCode).toBe(200);

      paypal.approve(placed.paypalOrderID as string);
      const answer = await processPayPal(player, placed.paypalOrderID as string);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(MERCH_MESSAGES.reservationLapsed);
      expect(paypal.captureCount(placed.paypalOrderID as string)).toBe(0);
      expect((await orderRow(placed.orderID)).status).toBe('expired');
      expect(await varietyStock(db(), 'pp-gone', 'm')).toBe(0);
    });

    it('holds nothing and captures nothing for an order the player has not approved on PayPal', async () => {
      const { player, order: placed } = await order('pp-unapproved', 'paypal');
      const before = (await orderRow(placed.orderID)).reserved_until;
      const answer = await processPayPal(player, placed.paypalOrderID as string);
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(MERCH_MESSAGES.paypalNotApproved);
      expect((await orderRow(placed.orderID)).reserved_until).toBe(before);
      await expireMerchReservations(db(), new Date(Date.now() + 16 * MINUTE));
      const lapsed = await processPayPal(player, placed.paypalOrderID as string);
      expect(lapsed.statusCode).toBe(409);
      expect(await varietyStock(db(), 'pp-unapproved', 'm')).toBe(5);
      expect(paypal.captureCount(placed.paypalOrderID as string)).toBe(0);
    });

    it('takes a lapsed order’s stock once when two late settlements race, and pays it once', async () => {
      const { player, order: placed } = await order('pp-race', 'paypal', { stock: 4, quantity: 2 });
      await expireMerchReservations(db(), new Date(Date.now() + 16 * MINUTE));
      expect(await varietyStock(db(), 'pp-race', 'm')).toBe(4);
      paypal.approve(placed.paypalOrderID as string);
      const answers = await Promise.all([
        processPayPal(player, placed.paypalOrderID as string),
        processPayPal(player, placed.paypalOrderID as string),
        processPayPal(player, placed.paypalOrderID as string),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect((await orderRow(placed.orderID)).status).toBe('paid');
      expect(await varietyStock(db(), 'pp-race', 'm')).toBe(2);
      expect(paypal.captureCount(placed.paypalOrderID as string)).toBe(1);
    });
  });

  describe('stock moves under contention', () => {
    it('places, cancels and lapses orders of the same products in opposite line orders without waiting in a circle', async () => {
      await putTestProduct(db(), { productID: 'pair-a', price: 100, varieties: [['m', 40]] });
      await putTestProduct(db(), { productID: 'pair-b', price: 100, varieties: [['m', 40]] });
      const players = await Promise.all(Array.from({ length: 8 }, () => shopper()));
      for (const player of players) {
        await credit(db(), {
          userId: player.userId,
          amount: 10_000,
          reason: 'reward',
          reference: `grant:${player.userId}`,
        });
      }
      const lines = (first: string, second: string) => [
        { productID: first, varietyID: 'm', quantity: 1 },
        { productID: second, varietyID: 'm', quantity: 1 },
      ];
      const placed = await Promise.all(
        players.map((player, index) =>
          placeOrder(t.app, player, {
            lines: index % 2 === 0 ? lines('pair-a', 'pair-b') : lines('pair-b', 'pair-a'),
            payment: 'credits',
          }),
        ),
      );
      expect(placed.map((answer) => answer.statusCode)).toEqual(players.map(() => 200));
      // Half cancel while the other half are placed again in the other order, and the sweeper lapses what is left.
      const orders = placed.map((answer) => answer.json() as MerchOrder);
      const moves = await Promise.all([
        ...players.slice(0, 4).map((player, index) =>
          t.app.inject({
            method: 'POST',
            url: `/api/shop/merch/orders/${orders[index]?.orderID}/cancel`,
            headers: { authorization: player.bearer },
          }),
        ),
        ...players.slice(4).map((player, index) =>
          placeOrder(t.app, player, {
            lines: index % 2 === 0 ? lines('pair-b', 'pair-a') : lines('pair-a', 'pair-b'),
            payment: 'credits',
          }),
        ),
        expireMerchReservations(db(), new Date(Date.now() + 16 * MINUTE)).then(() => ({ statusCode: 200 })),
      ]);
      // A cancel the sweeper beat is refused as no longer waiting for payment; nothing fails.
      expect(moves.slice(0, 4).every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
      expect(moves.slice(4).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      await expireMerchReservations(db(), new Date(Date.now() + 16 * MINUTE));
      expect(await varietyStock(db(), 'pair-a', 'm')).toBe(40);
      expect(await varietyStock(db(), 'pair-b', 'm')).toBe(40);
    });
  });

  describe('refunds', () => {
    /** A card order paid through Stripe's webhook. */
    async function paidByCard(productID: string) {
      const { order: placed } = await order(productID, 'stripe');
      const sessionID = (await paymentOf(placed.orderID)).stripe_session_id as string;
      const paymentIntent = stripe.complete(sessionID).payment_intent as string;
      const signed = stripe.event('checkout.session.completed', sessionID);
      const delivered = await t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
        payload: signed.payload,
      });
      expect(delivered.json()).toMatchObject({ outcome: 'paid' });
      return { orderID: placed.orderID, paymentIntent };
    }

    it('refunds a card payment at Stripe in parts, refusing more than is left, until it is refunded', async () => {
      const { orderID, paymentIntent } = await paidByCard('rf-card');
      const part = await refund(orderID, 1000);
      expect(part.statusCode, part.body).toBe(200);
      const afterPart = part.json() as AdminMerchOrder;
      expect(afterPart).toMatchObject({ status: 'paid', refundedCents: 1000 });
      const [stripeRefund] = stripe.refunds(paymentIntent);
      expect(stripeRefund).toMatchObject({ amount: 1000, status: 'succeeded' });
      expect(afterPart.refunds).toEqual([
        expect.objectContaining({
          amountCents: 1000,
          credits: null,
          providerReference: stripeRefund?.id,
          status: 'done',
        }),
      ]);
      const refundCall = stripe.requests.findLast((request) => request.path === '/v1/refunds');
      expect(refundCall?.idempotencyKey).toBe(`refund-${afterPart.refunds[0]?.refundID}`);

      const tooMuch = await refund(orderID, 1501);
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().error).toMatchObject({
        message: MERCH_MESSAGES.refundTooLarge,
        details: { fields: { amountCents: MERCH_MESSAGES.refundTooLarge } },
      });
      expect(stripe.refunds(paymentIntent)).toHaveLength(1);

      const rest = await refund(orderID, 1500);
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json()).toMatchObject({ status: 'refunded', refundedCents: 2500 });
      expect(stripe.refunds(paymentIntent).map((each) => each.amount)).toEqual([1000, 1500]);
      const rows = await db().selectFrom('merch_refunds').selectAll().where('order_id', '=', orderID).execute();
      expect(rows.map((row) => [row.amount_cents, row.provider_reference?.slice(0, 3)])).toEqual([
        [1000, 're_'],
        [1500, 're_'],
      ]);
    });

    it('keeps a refund Stripe did not answer pending, and retries it under its own key', async () => {
      const { orderID, paymentIntent } = await paidByCard('rf-card-down');
      const before = stripe.requests.length;
      stripe.failNext(3, 500);
      const answer = await refund(orderID, 500);
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.message).toBe(
        'Stripe did not answer; the refund stays pending. Ask for the same refund again to retry it: it is never made twice.',
      );
      expect(stripe.refunds(paymentIntent)).toEqual([]);
      const [pending] = await db().selectFrom('merch_refunds').selectAll().where('order_id', '=', orderID).execute();
      expect(pending).toMatchObject({ amount_cents: 500, status: 'pending', provider_reference: null });
      expect((await orderRow(orderID)).refunded_cents).toBe(500);
      // Another amount while one is pending is refused: the pending one is retried first.
      const other = await refund(orderID, 700);
      expect(other.statusCode).toBe(409);
      expect(other.json().error.message).toContain('A refund of 500 cents is pending at Stripe');
      // The same refund again: sent under the same key, made once.
      const retried = await refund(orderID, 500);
      expect(retried.statusCode, retried.body).toBe(200);
      expect((retried.json() as AdminMerchOrder).refunds).toEqual([
        expect.objectContaining({ amountCents: 500, status: 'done', providerReference: expect.stringMatching(/^re_/) }),
      ]);
      expect(stripe.refunds(paymentIntent).map((each) => each.amount)).toEqual([500]);
      const keys = stripe.requests
        .slice(before)
        .filter((request) => request.path === '/v1/refunds')
        .map((request) => request.idempotencyKey);
      expect(new Set(keys)).toEqual(new Set([`refund-${pending?.refund_id}`]));
    });

    it('undoes a refund Stripe refused, so nothing is recorded', async () => {
      const { orderID, paymentIntent } = await paidByCard('rf-card-refused');
      await db()
        .updateTable('payment_orders')
        .set({ stripe_payment_intent: 'pi_unknown' })
        .where('order_id', '=', orderID)
        .execute();
      const answer = await refund(orderID, 500);
      expect(answer.statusCode).toBe(409);
      expect(stripe.refunds(paymentIntent)).toEqual([]);
      expect((await orderRow(orderID)).refunded_cents).toBe(0);
      expect(await db().selectFrom('merch_refunds').selectAll().where('order_id', '=', orderID).execute()).toEqual([]);
      const log = await db().selectFrom('admin_log').select('action').where('data', 'like', `%${orderID}%`).execute();
      expect(log.map((entry) => entry.action)).toEqual(['merchOrder.refund', 'merchOrder.refundRefused']);
    });

    it('refunds a PayPal payment at PayPal in parts, on the capture that paid the order', async () => {
      const { player, order: placed } = await order('rf-paypal', 'paypal');
      const paypalOrderID = placed.paypalOrderID as string;
      paypal.approve(paypalOrderID);
      expect((await processPayPal(player, paypalOrderID)).statusCode).toBe(200);
      const [captureId] = paypal.captureIds(paypalOrderID);

      const part = await refund(placed.orderID, 1000);
      expect(part.statusCode, part.body).toBe(200);
      expect(part.json()).toMatchObject({ status: 'paid', refundedCents: 1000 });
      const refunds = paypal.refunds(captureId as string);
      expect(refunds.map((each) => each.amount)).toEqual([{ currency_code: 'USD', value: '10.00' }]);
      expect((part.json() as AdminMerchOrder).refunds[0]?.providerReference).toBe(refunds[0]?.id);
      const refundCall = paypal.requests.findLast((request) => request.path.endsWith('/refund'));
      expect(refundCall).toMatchObject({
        path: `/v2/payments/captures/${captureId}/refund`,
        requestId: `refund-${(part.json() as AdminMerchOrder).refunds[0]?.refundID}`,
      });

      const tooMuch = await refund(placed.orderID, 2000);
      expect(tooMuch.statusCode).toBe(400);
      const rest = await refund(placed.orderID, 1500);
      expect(rest.statusCode, rest.body).toBe(200);
      expect(rest.json()).toMatchObject({ status: 'refunded', refundedCents: 2500 });
      expect(paypal.refunds(captureId as string).map((each) => each.amount.value)).toEqual(['10.00', '15.00']);
      const again = await refund(placed.orderID, 1);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(MERCH_MESSAGES.refundUnpaid);
    });

    it('says so when the order’s provider is not set up for its environment', async () => {
      // A card order in beta, whose Stripe this app does not have: paid at Stripe, settled as the webhook would.
      const beta = t.stores.game.beta;
      const player = crowd.pop() as SignedIn;
      await saveOrderProfile(beta, player.userId, z.parse(orderProfileSchema, validOrderProfile()));
      await putTestProduct(beta, { productID: 'rf-beta', price: 2500, varieties: [['m', 3]] });
      const betaStripe = new StripeClient({
        apiUrl: stripe.apiUrl,
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
      });
      const placed = await placeMerchOrder(
        beta,
        player.userId,
        { lines: [{ productID: 'rf-beta', varietyID: 'm', quantity: 1 }], payment: 'stripe' },
        { paypal: undefined, stripe: betaStripe, shopUrl: 'http://localhost:3000/shop/' },
      );
      const payment = await beta
        .selectFrom('payment_orders')
        .selectAll()
        .where('order_id', '=', placed.orderID)
        .executeTakeFirstOrThrow();
      const session = stripe.complete(payment.stripe_session_id as string);
      await beta.transaction().execute((trx) =>
        settleStripeCheckoutIn(
          trx,
          {
            sessionID: session.id,
            orderID: session.client_reference_id,
            amountTotal: session.amount_total,
            currency: session.currency,
            paymentStatus: session.payment_status,
            paymentIntent: session.payment_intent,
          },
          new Date(),
        ),
      );
      expect((await beta.selectFrom('merch_orders').select('status').executeTakeFirstOrThrow()).status).toBe('paid');

      const answer = await refund(placed.orderID, 500, 'beta');
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.message).toBe(
        'Stripe is not set up for beta (STRIPE_BETA_*), so this card payment cannot be refunded from here.',
      );
      expect(stripe.refunds(session.payment_intent as string)).toEqual([]);
    });
  });
});
