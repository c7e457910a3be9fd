import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  centsToPayPalValue,
  PayPalClient,
  type PayPalClientOptions,
  PayPalError,
  payPalValueToCents,
} from './paypal-client';
import { captureAndVerify } from './settle';
import { type ApproveOptions, type LocalPayPal, startLocalPayPal } from './testing/local-paypal';
import type { OutpostOrderRecord } from './verify-capture';

let paypal: LocalPayPal;

beforeAll(async () => {
  paypal = await startLocalPayPal();
});

afterAll(async () => {
  await paypal.close();
});

function client(options: Partial<PayPalClientOptions> = {}): PayPalClient {
  return new PayPalClient({
    apiUrl: paypal.apiUrl,
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    retryDelayMs: 1,
    ...options,
  });
}

let sequence = 0;

/** Outpost creates the order from its own price, the buyer approves it on PayPal, per `script`. */
async function approvedOrder(
  api: PayPalClient,
  script: ApproveOptions = {},
  amountCents = 1999,
): Promise<OutpostOrderRecord> {
  sequence += 1;
  const customId = `purchase-${sequence}`;
  const created = await api.createOrder({ customId, amountCents, currency: 'USD', description: 'Credit pack' });
  paypal.approve(created.id, script);
  return { orderID: created.id, customId, amountCents, currency: 'USD' };
}

function requestsFor(orderID: string, suffix = '/capture') {
  return paypal.requests.filter((request) => request.path === `/v2/checkout/orders/${orderID}${suffix}`);
}

async function rejection(promise: Promise<unknown>): Promise<PayPalError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PayPalError);
  return error as PayPalError;
}

describe('PayPal amounts', () => {
  it.each([
    [1999, '19.99'],
    [5, '0.05'],
    [10, '0.10'],
    [100, '1.00'],
    [123456789, '1234567.89'],
  ])('%i cents is "%s"', (cents, value) => {
    expect(centsToPayPalValue(cents)).toBe(value);
    expect(payPalValueToCents(value)).toBe(cents);
  });

  it('refuses amounts that are not whole positive cents', () => {
    for (const cents of [0, -1, 19.99, Number.NaN, 2 ** 60])
      expect(() => centsToPayPalValue(cents)).toThrow(RangeError);
    for (const value of ['', '1.999', '-1.00', '1e3', ' 1.00', '1,00', '.5'])
      expect(payPalValueToCents(value)).toBeUndefined();
    expect(payPalValueToCents('7.5')).toBe(750);
  });
});

describe('PayPalClient against a local PayPal', () => {
  it('creates an order from Outpost price with intent CAPTURE and an approve link', async () => {
    const api = client();
    const input = {
      customId: 'pack-small',
      amountCents: 5,
      currency: 'USD',
      description: 'Five cents',
      requestId: 'create-pack-small',
    } as const;
    const created = await api.createOrder(input);
    expect(created.status).toBe('CREATED');
    expect(created.approveUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${created.id}`);
    expect(created.order.purchase_units?.[0]).toMatchObject({
      custom_id: 'pack-small',
      reference_id: 'pack-small',
      amount: { currency_code: 'USD', value: '0.05' },
    });
    // The same request id answers the same order instead of making another.
    const again = await api.createOrder(input);
    expect(again.id).toBe(created.id);
  });

  it('settles an approved order: COMPLETED, with what the transaction record keeps', async () => {
    const api = client();
    const record = await approvedOrder(api);
    const settlement = await captureAndVerify(api, record, `capture-${record.customId}`);
    expect(settlement.verdict).toEqual({ outcome: 'completed', captureId: settlement.transaction.captureId });
    expect(settlement.alreadyCaptured).toBe(false);
    expect(settlement.transaction).toMatchObject({
      orderID: record.orderID,
      orderStatus: 'COMPLETED',
      captureStatus: 'COMPLETED',
      amount: { currency_code: 'USD', value: '19.99' },
      paypalFee: { currency_code: 'USD', value: '1.19' },
      netAmount: { currency_code: 'USD', value: '18.80' },
      customId: record.customId,
      payer: { email_address: 'buyer@example.com', payer_id: 'QYR5Z8XDVJNXQ' },
      shipping: { name: { full_name: 'John Doe' }, address: { postal_code: '95131', country_code: 'US' } },
    });
    expect(settlement.transaction.capturedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(paypal.captureCount(record.orderID)).toBe(1);
  });

  it('reports a declined funding source (422 INSTRUMENT_DECLINED) as declined, not thrown', async () => {
    const api = client();
    const record = await approvedOrder(api, { capture: { kind: 'instrument-declined' } });
    const settlement = await captureAndVerify(api, record, `capture-${record.customId}`);
    expect(settlement.verdict).toMatchObject({ outcome: 'declined', reason: /funding source was declined/ });
    expect(settlement.verdict.outcome !== 'completed' && settlement.verdict.reason).toContain('INSTRUMENT_DECLINED');
    expect(settlement.transaction.debugId).toMatch(/^[0-9a-f]+$/);
    expect(settlement.order).toBeUndefined();
    expect(paypal.captureCount(record.orderID)).toBe(0);
    // A 4xx is PayPal's answer, never retried.
    expect(requestsFor(record.orderID)).toHaveLength(1);
  });

  it('reports a capture whose status is DECLINED as declined', async () => {
    const api = client();
    const record = await approvedOrder(api, { capture: { kind: 'declined' } });
    const settlement = await captureAndVerify(api, record, `capture-${record.customId}`);
    expect(settlement.verdict).toMatchObject({ outcome: 'declined', reason: 'capture is DECLINED' });
    expect(settlement.transaction.captureStatus).toBe('DECLINED');
  });

  it('reports a PENDING capture as pending with its reason', async () => {
    const api = client();
    const record = await approvedOrder(api, { capture: { kind: 'pending', reason: 'ECHECK' } });
    const settlement = await captureAndVerify(api, record, `capture-${record.customId}`);
    expect(settlement.verdict).toMatchObject({ outcome: 'pending', reason: /ECHECK/ });
    expect(settlement.transaction).toMatchObject({ captureStatus: 'PENDING', captureStatusReason: 'ECHECK' });
  });

  it('never completes a capture of another amount or for another custom_id', async () => {
    const api = client();
    const cheaper = await approvedOrder(api, { capturedValue: '0.99' });
    const settlement = await captureAndVerify(api, cheaper, `capture-${cheaper.customId}`);
    expect(settlement.verdict).toMatchObject({ outcome: 'mismatch', reason: /capture amount is 0.99 USD/ });
    expect(settlement.transaction.amount).toEqual({ currency_code: 'USD', value: '0.99' });

    const other = await approvedOrder(api, { capturedCustomId: 'someone-else' });
    expect((await captureAndVerify(api, other, `capture-${other.customId}`)).verdict).toMatchObject({
      outcome: 'mismatch',
      reason: /custom_id is "someone-else"/,
    });
  });

  it('refuses a record whose price was tampered with after the order was made', async () => {
    const api = client();
    const record = await approvedOrder(api, {}, 1999);
    const tampered = { ...record, amountCents: 199 };
    const settlement = await captureAndVerify(api, tampered, `capture-${record.customId}`);
    expect(settlement.verdict).toMatchObject({
      outcome: 'mismatch',
      reason: /order amount is 19.99 USD, expected 199 cents/,
    });
  });

  it('processes an order twice and still captures once: the second finds it captured and reads it back', async () => {
    const api = client();
    const record = await approvedOrder(api);
    const first = await captureAndVerify(api, record, 'first-attempt');
    const second = await captureAndVerify(api, record, 'second-attempt');
    expect(first.verdict.outcome).toBe('completed');
    expect(second).toMatchObject({ alreadyCaptured: true, verdict: first.verdict });
    expect(second.transaction.captureId).toBe(first.transaction.captureId);
    expect(paypal.captureCount(record.orderID)).toBe(1);
    expect(requestsFor(record.orderID).map((request) => request.status)).toEqual([201, 422]);
    expect(requestsFor(record.orderID, '')).toEqual([
      { method: 'GET', path: `/v2/checkout/orders/${record.orderID}`, requestId: undefined, status: 200 },
    ]);
    // The same request id again is answered from PayPal's memory of the first capture.
    const replay = await captureAndVerify(api, record, 'first-attempt');
    expect(replay).toMatchObject({ alreadyCaptured: false, verdict: first.verdict });
    expect(paypal.captureCount(record.orderID)).toBe(1);
  });

  it('retries 5xx with the same PayPal-Request-Id and then succeeds', async () => {
    const api = client();
    const record = await approvedOrder(api, { failCaptures: [500, 503] });
    const settlement = await captureAndVerify(api, record, 'capture-after-outage');
    expect(settlement.verdict.outcome).toBe('completed');
    expect(requestsFor(record.orderID)).toEqual(
      [500, 503, 201].map((status) => ({
        method: 'POST',
        path: `/v2/checkout/orders/${record.orderID}/capture`,
        requestId: 'capture-after-outage',
        status,
      })),
    );
    expect(paypal.captureCount(record.orderID)).toBe(1);
  });

  it('captures once when PayPal captured but its answer was lost: the retry is answered from the first', async () => {
    const api = client();
    const record = await approvedOrder(api, { loseFirstCaptureAnswer: true });
    const settlement = await captureAndVerify(api, record, 'capture-lost-answer');
    expect(settlement).toMatchObject({ alreadyCaptured: false, verdict: { outcome: 'completed' } });
    expect(requestsFor(record.orderID).map((request) => [request.status, request.requestId])).toEqual([
      [500, 'capture-lost-answer'],
      [201, 'capture-lost-answer'],
    ]);
    expect(paypal.captureCount(record.orderID)).toBe(1);
  });

  it('gives up after its attempts with an error naming PayPal and the status', async () => {
    const api = client({ attempts: 2 });
    const record = await approvedOrder(api, { failCaptures: [503, 503, 503] });
    const error = await rejection(captureAndVerify(api, record, 'capture-down'));
    expect(error).toMatchObject({ status: 503, paypalName: 'SERVICE_UNAVAILABLE' });
    expect(error.message).toMatch(
      /^PayPal failed to capture order \w+: Service Unavailable\. \(SERVICE_UNAVAILABLE, debug id \w+\)$/,
    );
    expect(requestsFor(record.orderID)).toHaveLength(2);
    expect(paypal.captureCount(record.orderID)).toBe(0);
  });

  it('throws what PayPal refused, with its name, issue and debug id', async () => {
    const api = client();
    const input = { customId: 'unapproved', amountCents: 100, currency: 'USD', description: 'x' } as const;
    const created = await api.createOrder(input);
    const record = { ...input, orderID: created.id };
    const notApproved = await rejection(captureAndVerify(api, record, 'capture-too-early'));
    expect(notApproved).toMatchObject({ status: 422, paypalName: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_NOT_APPROVED' });
    expect(notApproved.debugId).toMatch(/^[0-9a-f]+$/);
    expect(notApproved.message).toBe(
      `PayPal refused to capture order ${created.id}: the buyer has not approved the order yet (ORDER_NOT_APPROVED, debug id ${notApproved.debugId})`,
    );
    const missing = await rejection(api.getOrder('NOSUCHORDER1'));
    expect(missing).toMatchObject({ status: 404, paypalName: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' });
    expect(missing.message).toContain('PayPal has no order with this id');
    await expect(api.getOrder('../v1/oauth2/token')).rejects.toThrow(/is not a PayPal order id/);
  });

  it('says so when PayPal cannot be reached, after retrying', async () => {
    const api = new PayPalClient({ apiUrl: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', retryDelayMs: 1 });
    const error = await rejection(api.getOrder('ABC'));
    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/^Could not reach PayPal to get an access token after 3 attempts/);
  });

  it('refuses wrong credentials without retrying', async () => {
    const before = paypal.requests.length;
    const api = client({ clientSecret: 'wrong' });
    const error = await rejection(api.getOrder('ABC'));
    expect(error).toMatchObject({ status: 401, paypalName: 'invalid_client' });
    expect(error.message).toMatch(
      /^PayPal refused to get an access token: Client Authentication failed \(invalid_client, debug id \w+\)$/,
    );
    expect(paypal.requests.slice(before)).toHaveLength(1);
  });
});

describe('PayPal access tokens', () => {
  function tokenRequests(): number {
    return paypal.requests.filter((request) => request.path === '/v1/oauth2/token').length;
  }

  it('asks for one token and reuses it, also across concurrent calls', async () => {
    const api = client();
    const before = tokenRequests();
    const record = await approvedOrder(api);
    await Promise.all([api.getOrder(record.orderID), api.getOrder(record.orderID), api.getOrder(record.orderID)]);
    expect(tokenRequests() - before).toBe(1);
  });

  it('renews the token shortly before PayPal says it expires', async () => {
    let now = 1_000_000;
    const api = client({ now: () => now });
    const before = tokenRequests();
    const record = await approvedOrder(api);
    now += (32_400 - 301) * 1000;
    await api.getOrder(record.orderID);
    expect(tokenRequests() - before).toBe(1);
    now += 2000;
    await api.getOrder(record.orderID);
    expect(tokenRequests() - before).toBe(2);
  });

  it('fetches a new token once when PayPal refuses the cached one', async () => {
    const api = client();
    const record = await approvedOrder(api);
    const before = tokenRequests();
    paypal.revokeTokens();
    expect((await api.getOrder(record.orderID)).id).toBe(record.orderID);
    expect(tokenRequests() - before).toBe(1);
    const reads = requestsFor(record.orderID, '').map((request) => request.status);
    expect(reads.slice(-2)).toEqual([401, 200]);
  });

  it('retries a token request PayPal failed with 5xx', async () => {
    const api = client();
    const before = tokenRequests();
    paypal.failNext(1, 500);
    const created = await api.createOrder({
      customId: 'after-token-outage',
      amountCents: 250,
      currency: 'USD',
      description: 'x',
    });
    expect(created.order.purchase_units?.[0]?.amount?.value).toBe('2.50');
    expect(tokenRequests() - before).toBe(2);
  });
});

describe('PayPal subscriptions against a local PayPal', () => {
  async function planOf(api: PayPalClient, tag: string) {
    const product = await api.createProduct(
      { id: `TEST-PRODUCT-${tag}`, name: 'Premium', description: 'x', type: 'DIGITAL' },
      `product-${tag}`,
    );
    // The same request id answers the first product; the same id another time is refused.
    expect(
      (
        await api.createProduct(
          { id: product.id, name: 'Premium', description: 'x', type: 'DIGITAL' },
          `product-${tag}`,
        )
      ).id,
    ).toBe(product.id);
    const again = await rejection(
      api.createProduct({ id: product.id, name: 'Premium', description: 'x', type: 'DIGITAL' }, `other-${tag}`),
    );
    expect(again).toMatchObject({ status: 422, issue: 'DUPLICATE_RESOURCE_IDENTIFIER' });
    const plan = await api.createPlan(
      {
        productId: product.id,
        name: `Monthly ${tag}`,
        description: 'x',
        amountCents: 799,
        currency: 'USD',
        intervalUnit: 'MONTH',
        paymentFailureThreshold: 3,
      },
      `plan-${tag}`,
    );
    return { product, plan };
  }

  it('makes a product and a plan, lists the plan, and reads its billing cycle', async () => {
    const api = client();
    const { product, plan } = await planOf(api, 'A');
    expect(plan.id).toMatch(/^P-/);
    expect((await api.listPlans(product.id)).map((each) => [each.id, each.name, each.billing_cycles])).toEqual([
      [plan.id, 'Monthly A', undefined],
    ]);
    expect((await api.getPlan(plan.id)).billing_cycles?.[0]).toMatchObject({
      tenure_type: 'REGULAR',
      frequency: { interval_unit: 'MONTH', interval_count: 1 },
      pricing_scheme: { fixed_price: { currency_code: 'USD', value: '7.99' } },
    });
    expect((await rejection(api.getProduct('NO-SUCH-PRODUCT'))).status).toBe(404);
  });

  it('subscribes, suspends and activates (204), and says when the status does not allow it', async () => {
    const api = client();
    const { plan } = await planOf(api, 'B');
    const input = {
      planId: plan.id,
      customId: 'player-1',
      brandName: 'Outpost',
      returnUrl: 'https://outpost.example/account',
      cancelUrl: 'https://outpost.example/account',
    };
    const created = await api.createSubscription(input, 'subscribe-B');
    expect(created).toMatchObject({ status: 'APPROVAL_PENDING', subscription: { custom_id: 'player-1' } });
    expect(created.approveUrl).toMatch(/ba_token=BA-/);
    expect((await api.createSubscription(input, 'subscribe-B')).id).toBe(created.id);
    const early = await rejection(api.suspendSubscription(created.id, 'too early'));
    expect(early.message).toMatch(/the subscription's status does not allow this action \(SUBSCRIPTION_STATUS_INVALID/);
    paypal.approveSubscription(created.id);
    const active = await api.getSubscription(created.id);
    expect(active).toMatchObject({ status: 'ACTIVE', billing_info: { last_payment: { amount: { value: '7.99' } } } });
    expect(active.billing_info?.next_billing_time).toBeDefined();
    await expect(api.suspendSubscription(created.id, 'renewal off')).resolves.toBeUndefined();
    expect((await api.getSubscription(created.id)).status).toBe('SUSPENDED');
    await api.activateSubscription(created.id, 'renewal on');
    const [payment] = await api.listSubscriptionTransactions(created.id, {
      start: '2020-01-01T00:00:00Z',
      end: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(payment).toMatchObject({ status: 'COMPLETED', amount_with_breakdown: { gross_amount: { value: '7.99' } } });
    expect(await api.getSale(payment?.id ?? '')).toMatchObject({
      state: 'completed',
      billing_agreement_id: created.id,
    });
    await api.refundCapture(payment?.id ?? '', { amountCents: 799, currency: 'USD', requestId: 'refund-B' });
    expect((await api.getSale(payment?.id ?? '')).state).toBe('refunded');
    await api.cancelSubscription(created.id, 'refunded');
    expect((await api.getSubscription(created.id)).status).toBe('CANCELLED');
  });

  it("verifies a webhook delivery's signature as PayPal does: SUCCESS for the bytes it signed, FAILURE otherwise", async () => {
    const api = client();
    const webhookId = paypal.addWebhook('http://127.0.0.1:9/hook');
    const event = paypal.webhookEvents().at(-1);
    if (!event) throw new Error('no event');
    const { headers, body } = paypal.webhookRequest(event, webhookId);
    const input = {
      authAlgo: headers['paypal-auth-algo'] ?? '',
      certUrl: headers['paypal-cert-url'] ?? '',
      transmissionId: headers['paypal-transmission-id'] ?? '',
      transmissionSig: headers['paypal-transmission-sig'] ?? '',
      transmissionTime: headers['paypal-transmission-time'] ?? '',
      webhookId,
      event: body,
    };
    expect(await api.verifyWebhookSignature(input)).toBe('SUCCESS');
    expect(await api.verifyWebhookSignature({ ...input, event: body.replace(event.id, 'WH-OTHER') })).toBe('FAILURE');
    expect(await api.verifyWebhookSignature({ ...input, webhookId: 'OTHERWEBHOOK1' })).toBe('FAILURE');
    // The certificate is served where the header says, as PEM.
    expect(await (await fetch(input.certUrl)).text()).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });
});
