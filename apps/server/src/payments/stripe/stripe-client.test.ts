import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateSubscriptionCheckoutInput } from './billing-api';
import type { CreateCheckoutSessionInput } from './checkout-api';
import {
  CheckoutSessionCompletedError,
  StripeApiError,
  StripeClient,
  type StripeClientOptions,
  StripePriceMismatchError,
  verifyStripeWebhook,
  WebhookSignatureError,
} from './stripe-client';
import { type LocalStripe, startLocalStripe } from './testing/local-stripe';

const MINUTE = 60_000;

let stripe: LocalStripe;

beforeAll(async () => {
  stripe = await startLocalStripe();
  stripe.definePrice('price_hoodie_m', { unitAmount: 5999, currency: 'usd', product: 'prod_hoodie' });
});

afterAll(async () => {
  await stripe.close();
});

function client(options: Partial<StripeClientOptions> = {}): StripeClient {
  return new StripeClient({
    apiUrl: stripe.apiUrl,
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    ...options,
  });
}

let sequence = 0;

function sessionInput(overrides: Partial<CreateCheckoutSessionInput> = {}): CreateCheckoutSessionInput {
  sequence += 1;
  const orderID = `order-${sequence}-${Date.now()}`;
  return {
    orderID,
    lines: [{ stripeID: 'prod_tee_m', name: 'Tee (M)', unitAmountCents: 2500, quantity: 2 }],
    currency: 'usd',
    customerEmail: 'rae@example.com',
    successUrl: `http://localhost:3000/shop/?order=${orderID}&checkout=success`,
    cancelUrl: `http://localhost:3000/shop/?order=${orderID}&checkout=cancelled`,
    expiresAt: new Date(Date.now() + 30 * MINUTE),
    idempotencyKey: `checkout-${orderID}`,
    ...overrides,
  };
}

function requestsTo(path: string) {
  return stripe.requests.filter((request) => request.path === path);
}

async function rejection<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

describe('StripeClient against a local Stripe', () => {
  it('makes no session when a Price charges other than the shop’s price', async () => {
    stripe.definePrice('price_cap_old', { unitAmount: 1999, currency: 'usd', product: 'prod_cap' });
    const before = requestsTo('/v1/checkout/sessions').length;
    const input = sessionInput({
      lines: [{ stripeID: 'price_cap_old', name: 'Cap (Default)', unitAmountCents: 2499, quantity: 1 }],
    });
    const error = await rejection(client().createCheckoutSession(input), StripePriceMismatchError);
    expect(error).toMatchObject({
      priceID: 'price_cap_old',
      stripe: { unitAmount: 1999, currency: 'usd' },
      outpost: { unitAmount: 2499, currency: 'usd' },
    });
    expect(requestsTo('/v1/checkout/sessions')).toHaveLength(before);
  });

  it('creates a Checkout Session for the order: a Price as the price, anything else at Outpost’s price', async () => {
    const input = sessionInput({
      lines: [
        { stripeID: 'price_hoodie_m', name: 'Hoodie (M)', unitAmountCents: 5999, quantity: 1 },
        { stripeID: 'prod_tee_m', name: 'Tee (M)', unitAmountCents: 2500, quantity: 2 },
        { stripeID: '', name: 'Sticker (Default)', unitAmountCents: 300, quantity: 3 },
      ],
    });
    const session = await client().createCheckoutSession(input);
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);

    const [request] = requestsTo('/v1/checkout/sessions').slice(-1);
    expect(request?.idempotencyKey).toBe(input.idempotencyKey);
    expect(request?.params).toMatchObject({
      mode: 'payment',
      client_reference_id: input.orderID,
      metadata: { orderID: input.orderID },
      customer_email: 'rae@example.com',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      line_items: [
        { price: 'price_hoodie_m', quantity: '1' },
        { price_data: { currency: 'usd', unit_amount: '2500', product: 'prod_tee_m' }, quantity: '2' },
        {
          price_data: { currency: 'usd', unit_amount: '300', product_data: { name: 'Sticker (Default)' } },
          quantity: '3',
        },
      ],
    });
    expect(request?.params.payment_method_types).toBeUndefined();
    expect(stripe.session(session.id)).toMatchObject({
      amount_total: 5999 + 5000 + 900,
      currency: 'usd',
      client_reference_id: input.orderID,
      status: 'open',
      payment_status: 'unpaid',
    });
  });

  it('asks for a session Stripe accepts when the order wants 30 minutes from a moment ago', async () => {
    // Stripe measures its 30-minute floor from when the request lands; 30 minutes from the order's clock is already less.
    const session = await client().createCheckoutSession(
      sessionInput({ expiresAt: new Date(Date.now() - 5_000 + 30 * MINUTE) }),
    );
    const lasts = session.expiresAt.getTime() - Date.now();
    expect(lasts).toBeGreaterThan(30 * MINUTE);
    expect(lasts).toBeLessThanOrEqual(31 * MINUTE + 1_000);
    expect(stripe.session(session.id).expires_at * 1000).toBe(session.expiresAt.getTime());
  });

  it('creates one session for one order, however often it is asked (Idempotency-Key)', async () => {
    const input = sessionInput();
    const first = await client().createCheckoutSession(input);
    const second = await client().createCheckoutSession(input);
    expect(second.id).toBe(first.id);
    const requests = requestsTo('/v1/checkout/sessions').filter((r) => r.idempotencyKey === input.idempotencyKey);
    expect(requests.map((request) => request.replayed)).toEqual([false, true]);
    // The same key for another request is Stripe's idempotency_error, not a second session.
    const other = await rejection(
      client().createCheckoutSession({
        ...input,
        lines: [{ stripeID: 'prod_tee_m', name: 'Tee (M)', unitAmountCents: 2500, quantity: 3 }],
      }),
      StripeApiError,
    );
    expect(other).toMatchObject({ status: 400, type: 'idempotency_error' });
  });

  it('retries a 5xx under the same Idempotency-Key and then succeeds', async () => {
    const input = sessionInput();
    stripe.failNext(1, 503);
    const session = await client().createCheckoutSession(input);
    const requests = requestsTo('/v1/checkout/sessions').filter((r) => r.idempotencyKey === input.idempotencyKey);
    expect(requests.map((request) => request.status)).toEqual([503, 200]);
    expect(stripe.session(session.id).client_reference_id).toBe(input.orderID);
  });

  it('makes one session when Stripe made it but the answer was lost: the retry is answered from the first', async () => {
    const input = sessionInput();
    stripe.loseNextAnswers(1);
    const session = await client().createCheckoutSession(input);
    const requests = requestsTo('/v1/checkout/sessions').filter((r) => r.idempotencyKey === input.idempotencyKey);
    expect(requests.map((request) => [request.status, request.replayed])).toEqual([
      [200, false],
      [200, true],
    ]);
    expect(stripe.session(session.id).id).toBe(session.id);
  });

  it('gives up after its retries with an error naming Stripe and the status', async () => {
    stripe.failNext(2, 500);
    const error = await rejection(
      client({ maxNetworkRetries: 1 }).createCheckoutSession(sessionInput()),
      StripeApiError,
    );
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/^Stripe failed to create a Checkout Session: An unknown error occurred/);
  });

  it('refuses a wrong key at once, without retrying', async () => {
    const before = stripe.requests.length;
    const error = await rejection(
      client({ secretKey: 'sk_test_not_this_account_1234' }).createCheckoutSession(sessionInput()),
      StripeApiError,
    );
    expect(error.status).toBe(401);
    expect(error.message).toContain('Invalid API Key provided: sk_test_');
    expect(error.message).not.toContain('not_this_account');
    expect(stripe.requests.length - before).toBe(1);
  });

  it('says what Stripe refused, with its code and request id', async () => {
    const error = await rejection(
      client().createCheckoutSession(
        sessionInput({ lines: [{ stripeID: 'price_unknown', name: 'Gone', unitAmountCents: 100, quantity: 1 }] }),
      ),
      StripeApiError,
    );
    expect(error).toMatchObject({ status: 404, type: 'invalid_request_error', code: 'resource_missing' });
    expect(error.message).toMatch(
      /^Stripe refused to read Price price_unknown: No such price: 'price_unknown' \(resource_missing, request req_/,
    );
  });

  it('says so when Stripe cannot be reached', async () => {
    const error = await rejection(
      client({ apiUrl: 'http://127.0.0.1:9', maxNetworkRetries: 0 }).createCheckoutSession(sessionInput()),
      StripeApiError,
    );
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/^Could not reach Stripe to create a Checkout Session/);
  });

  it('expires an open session; one that already lapsed is fine; one already paid is not cancellable', async () => {
    const api = client();
    const open = await api.createCheckoutSession(sessionInput());
    await api.expireCheckoutSession(open.id);
    expect(stripe.session(open.id)).toMatchObject({ status: 'expired', url: null });
    await api.expireCheckoutSession(open.id);

    const lapsed = await api.createCheckoutSession(sessionInput());
    stripe.expire(lapsed.id);
    await api.expireCheckoutSession(lapsed.id);

    const paid = await api.createCheckoutSession(sessionInput());
    stripe.complete(paid.id);
    const error = await rejection(api.expireCheckoutSession(paid.id), CheckoutSessionCompletedError);
    expect(error.sessionID).toBe(paid.id);
    expect(stripe.session(paid.id).status).toBe('complete');

    const unknown = await rejection(api.expireCheckoutSession('cs_test_nothing'), StripeApiError);
    expect(unknown).toMatchObject({ status: 404, code: 'resource_missing' });
  });

  it('refunds a payment in parts, once per key, and never more than is left', async () => {
    const api = client();
    const session = await api.createCheckoutSession(sessionInput());
    const paymentIntent = stripe.complete(session.id).payment_intent as string;

    const part = await api.refund({ paymentIntent, amountCents: 1000, idempotencyKey: 'refund-a-0' });
    expect(part.id).toMatch(/^re_/);
    expect(part.status).toBe('succeeded');
    const again = await api.refund({ paymentIntent, amountCents: 1000, idempotencyKey: 'refund-a-0' });
    expect(again.id).toBe(part.id);
    expect(stripe.refunds(paymentIntent).map((refund) => refund.amount)).toEqual([1000]);
    const [request] = requestsTo('/v1/refunds').slice(-1);
    expect(request?.params).toEqual({ payment_intent: paymentIntent, amount: '1000' });

    const tooMuch = await rejection(
      api.refund({ paymentIntent, amountCents: 4001, idempotencyKey: 'refund-a-1000' }),
      StripeApiError,
    );
    expect(tooMuch).toMatchObject({ status: 400, code: 'amount_too_large' });
    await api.refund({ paymentIntent, amountCents: 4000, idempotencyKey: 'refund-a-1000-b' });
    expect(stripe.refunds(paymentIntent).map((refund) => refund.amount)).toEqual([1000, 4000]);
    const done = await rejection(
      api.refund({ paymentIntent, amountCents: 1, idempotencyKey: 'refund-a-5000' }),
      StripeApiError,
    );
    expect(done).toMatchObject({ status: 400, code: 'charge_already_refunded' });
  });

  it('retries a refund whose answer was lost and refunds once', async () => {
    const api = client();
    const session = await api.createCheckoutSession(sessionInput());
    const paymentIntent = stripe.complete(session.id).payment_intent as string;
    stripe.loseNextAnswers(1);
    const refund = await api.refund({ paymentIntent, amountCents: 5000, idempotencyKey: `refund-${session.id}` });
    expect(stripe.refunds(paymentIntent)).toEqual([expect.objectContaining({ id: refund.id, amount: 5000 })]);
  });
});

describe('Stripe webhook signatures', () => {
  it('verifies what the local Stripe signs, as the SDK does', async () => {
    const api = client();
    const session = await api.createCheckoutSession(sessionInput());
    stripe.complete(session.id);
    const signed = stripe.event('checkout.session.completed', session.id);
    expect(signed.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = verifyStripeWebhook(Buffer.from(signed.payload), signed.signature, stripe.webhookSecret);
    expect(event).toMatchObject({
      id: signed.event.id,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: session.id, payment_status: 'paid' } },
    });
  });

  it.each([
    [
      'another secret',
      (payload: string) => stripe.sign(payload, { secret: 'whsec_someone_else' }),
      'No signatures found matching the expected signature for payload',
    ],
    [
      'a signature older than five minutes',
      (payload: string) => stripe.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      'Timestamp outside the tolerance zone',
    ],
    [
      'a signature dated more than five minutes ahead',
      (payload: string) => stripe.sign(payload, { timestamp: Math.floor(Date.now() / 1000) + 3600 }),
      'Timestamp outside the tolerance zone',
    ],
    [
      'a signature dated ahead behind a stray letter',
      (payload: string) => {
        const ahead = Math.floor(Date.now() / 1000) + 86_400;
        return stripe.sign(payload, { timestamp: ahead }).replace(`t=${ahead}`, `t=${ahead}z`);
      },
      'Timestamp outside the tolerance zone',
    ],
    [
      'a signature dated ahead behind an earlier timestamp',
      (payload: string) => {
        const ahead = Math.floor(Date.now() / 1000) + 86_400;
        return `t=${Math.floor(Date.now() / 1000)},${stripe.sign(payload, { timestamp: ahead })}`;
      },
      'Timestamp outside the tolerance zone',
    ],
    ['a header without a timestamp', () => 'v1=abc', 'Unable to extract timestamp and signatures from header'],
    [
      'a header without a v1 signature',
      () => `t=${Math.floor(Date.now() / 1000)},v0=abc`,
      'No signatures found with expected scheme',
    ],
  ])('refuses %s', (_case, signatureFor, reason) => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed' });
    let error: unknown;
    try {
      verifyStripeWebhook(Buffer.from(payload), signatureFor(payload), stripe.webhookSecret);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect((error as Error).message).toBe(reason);
  });

  it('refuses a body changed after signing', () => {
    const payload = JSON.stringify({ id: 'evt_2', object: 'event', data: { object: { amount_total: 5000 } } });
    const signature = stripe.sign(payload);
    const changed = payload.replace('5000', '1');
    expect(() => verifyStripeWebhook(Buffer.from(changed), signature, stripe.webhookSecret)).toThrow(
      WebhookSignatureError,
    );
  });
});

describe('StripeClient’s Billing against a local Stripe', () => {
  const premium = (userId: string, overrides: Partial<CreateSubscriptionCheckoutInput> = {}) => ({
    userId,
    planId: 'monthly',
    productName: 'Premium, monthly',
    unitAmountCents: 799,
    currency: 'usd',
    interval: 'month' as const,
    customerEmail: 'rae@example.com',
    successUrl: 'http://localhost:3000/account?premium=welcome',
    cancelUrl: 'http://localhost:3000/account',
    idempotencyKey: `premium-${userId}`,
    ...overrides,
  });

  it('makes a subscription-mode session for the plan, the player in its reference and the subscription’s metadata, once per key', async () => {
    const first = await client().createSubscriptionCheckout(premium('player-a'));
    const again = await client().createSubscriptionCheckout(premium('player-a'));
    expect(again.id).toBe(first.id);
    expect(stripe.session(first.id)).toMatchObject({
      mode: 'subscription',
      amount_total: 799,
      client_reference_id: 'player-a',
      metadata: { userId: 'player-a', planId: 'monthly' },
    });
    const [request] = requestsTo('/v1/checkout/sessions').filter((each) => each.idempotencyKey === 'premium-player-a');
    expect(request?.params).toMatchObject({
      line_items: [{ price_data: { recurring: { interval: 'month' }, unit_amount: '799' }, quantity: '1' }],
      subscription_data: { metadata: { userId: 'player-a', planId: 'monthly' } },
    });
    expect(request?.params).not.toHaveProperty('expires_at');
  });

  it('makes the subscription when paid, turns its renewal off and on, and refunds and ends it once', async () => {
    const { id } = await client().createSubscriptionCheckout(premium('player-b'));
    const session = stripe.complete(id);
    await stripe.settled();
    const subscriptionID = session.subscription ?? '';
    const periodEnd = stripe.subscription(subscriptionID).items.data[0]?.current_period_end;
    expect(await client().retrieveSubscription(subscriptionID)).toEqual({
      id: subscriptionID,
      status: 'active',
      cancelAtPeriodEnd: false,
      cancelAt: null,
      endedAt: null,
      currentPeriodEnd: periodEnd,
      metadata: { userId: 'player-b', planId: 'monthly' },
      latestInvoice: session.invoice,
    });
    expect(await client().setCancelAtPeriodEnd(subscriptionID, true)).toMatchObject({
      cancelAtPeriodEnd: true,
      cancelAt: periodEnd,
    });
    expect((await client().setCancelAtPeriodEnd(subscriptionID, false)).cancelAtPeriodEnd).toBe(false);
    expect(await client().retrieveInvoice(session.invoice ?? '')).toMatchObject({
      billingReason: 'subscription_create',
      status: 'paid',
      amountPaid: 799,
      subscription: { id: subscriptionID, metadata: { userId: 'player-b', planId: 'monthly' } },
      period: { end: periodEnd },
    });

    await client().refundLatestInvoiceAndCancel(subscriptionID, 'refund-b');
    await client().refundLatestInvoiceAndCancel(subscriptionID, 'refund-b');
    expect(stripe.subscription(subscriptionID).status).toBe('canceled');
    const refunded = stripe.events.findLast((event) => event.type === 'charge.refunded');
    if (!refunded) throw new Error('No charge.refunded raised');
    const paymentIntent = (refunded.data.object as { payment_intent: string }).payment_intent;
    expect(stripe.refunds(paymentIntent)).toEqual([
      expect.objectContaining({ amount: 799, metadata: { subscription: subscriptionID, invoice: session.invoice } }),
    ]);
    // Invoices no longer name their payment: Invoice Payments map it back.
    expect((await client().invoiceOfPayment(paymentIntent))?.id).toBe(session.invoice);
  });

  it('finds no invoice for a shop payment, and refuses a recurring price in payment mode', async () => {
    const shop = await client().createCheckoutSession(sessionInput());
    const paymentIntent = stripe.complete(shop.id).payment_intent ?? '';
    expect(await client().invoiceOfPayment(paymentIntent)).toBeNull();

    stripe.definePrice('price_premium_monthly', { unitAmount: 799, currency: 'usd', recurring: { interval: 'month' } });
    const input = sessionInput({
      lines: [{ stripeID: 'price_premium_monthly', name: 'Premium', unitAmountCents: 799, quantity: 1 }],
    });
    const error = await rejection(client().createCheckoutSession(input), StripeApiError);
    expect(error.message).toContain('You specified `payment` mode but passed a recurring price.');
  });
});
