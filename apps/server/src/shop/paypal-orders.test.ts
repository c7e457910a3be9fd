import { type Order, type PackPurchaseResult, SHOP_MESSAGES, type SpinResult } from '@outpost/contracts/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers } from '../identity/testing';
import { getBalance } from '../ledger/ledger';
import { PayPalClient } from '../payments/paypal/paypal-client';
import { type ApproveOptions, type LocalPayPal, startLocalPayPal } from '../payments/paypal/testing/local-paypal';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { countCreditPurchases } from './pack-and-spin-orders';
import { putTestMachine, putTestPack, stockLeft } from './testing';

describe.each(TEST_DIALECTS)('paying with PayPal on %s', (dialect) => {
  let t: TestApp;
  let paypal: LocalPayPal;
  let players: SignedIn[];
  let next = 0;
  const db = () => t.stores.game.development;
  const player = () => players[next++] as SignedIn;

  beforeAll(async () => {
    paypal = await startLocalPayPal();
    const config = { apiUrl: paypal.apiUrl, clientId: paypal.clientId, clientSecret: paypal.clientSecret };
    t = await buildTestApp(dialect, {
      config: { paypal: { development: config, beta: undefined, production: undefined } },
    });
    players = await signUpPlayers(t.app, t.stores.identity, `payer-${dialect}`, 16);
    await putTestPack(t.stores.game.development, { packID: 'vault', credits: 2600, costUSD: 1999 });
    await putTestPack(t.stores.game.development, { packID: 'gone', credits: 10, costUSD: 99, available: false });
  });
  afterAll(async () => {
    await t?.cleanup();
    await paypal?.close();
  });

  async function order(caller: SignedIn, payload: object): Promise<Order> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      headers: { authorization: caller.bearer },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Order;
  }

  /** The player picks the pack; PayPal's buttons approve the order Outpost created, per `script`. */
  async function approvedPackOrder(caller: SignedIn, script: ApproveOptions = {}): Promise<Order> {
    const created = await order(caller, { kind: 'credit-pack', packID: 'vault', payment: 'paypal' });
    paypal.approve(created.paypalOrderID ?? '', script);
    return created;
  }

  const processOrder = (caller: SignedIn, paypalOrderID: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/fn/process-paypal-order?orderID=${encodeURIComponent(paypalOrderID)}`,
      headers: { authorization: caller.bearer },
    });

  async function transactions(paypalOrderID: string) {
    return db()
      .selectFrom('paypal_transactions')
      .selectAll()
      .where('order_id', '=', paypalOrderID)
      .orderBy('id')
      .execute();
  }

  it('lets pages load PayPal’s buttons and tells the shop its client id', async () => {
    const csp = String((await t.app.inject({ url: '/shop/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://*.paypal.com https://*.paypalobjects.com;");
    expect(csp).toContain("frame-src 'self' https://*.paypal.com https://*.paypalobjects.com;");
    expect((await t.app.inject({ url: '/api/shop' })).json()).toMatchObject({ paypalClientId: paypal.clientId });
  });

  it("creates PayPal's order from Outpost's own price, with our order id as custom_id", async () => {
    const caller = player();
    const created = await order(caller, { kind: 'credit-pack', packID: 'vault', payment: 'paypal', costUSD: 1 });
    expect(created).toMatchObject({
      kind: 'credit-pack',
      payment: 'paypal',
      amountCents: 1999,
      credits: 2600,
      status: 'created',
    });
    const atPayPal = await new PayPalClient({
      apiUrl: paypal.apiUrl,
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
    }).getOrder(created.paypalOrderID ?? '');
    expect(atPayPal.purchase_units?.[0]).toMatchObject({
      custom_id: created.orderID,
      amount: { currency_code: 'USD', value: '19.99' },
    });
  });

  it('credits an approved pack once, also when processed twice at the same time, and records the capture', async () => {
    const caller = player();
    const created = await approvedPackOrder(caller);
    const paypalOrderID = created.paypalOrderID ?? '';
    const [first, second] = await Promise.all([
      processOrder(caller, paypalOrderID),
      processOrder(caller, paypalOrderID),
    ]);
    for (const response of [first, second]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ orderID: created.orderID, status: 'completed', credits: 2600 });
    }
    // The dashboard's Credit IAPs (24hrs) counts it once.
    const iaps = await countCreditPurchases(db());
    expect(iaps).toBeGreaterThanOrEqual(1);
    const again = (await processOrder(caller, paypalOrderID)).json() as PackPurchaseResult;
    expect(await countCreditPurchases(db())).toBe(iaps);
    expect(await countCreditPurchases(db(), new Date(Date.now() + 86_400_001))).toBe(0);
    expect(again.balance).toBe(2600);
    expect(await getBalance(db(), caller.userId)).toBe(2600);
    expect(paypal.captureCount(paypalOrderID)).toBe(1);
    const ledger = await db().selectFrom('credit_ledger').selectAll().where('user_id', '=', caller.userId).execute();
    expect(ledger).toEqual([
      expect.objectContaining({ amount: 2600, reason: 'purchase', reference: `paypal:${paypalOrderID}` }),
    ]);
    const recorded = await transactions(paypalOrderID);
    expect(recorded.length).toBeGreaterThanOrEqual(1);
    expect(recorded.every((row) => row.result === 'completed' && row.user_id === caller.userId)).toBe(true);
    expect(JSON.parse(recorded[0]?.amounts ?? '{}')).toMatchObject({
      expected: { value: 1999, currency: 'USD', customId: created.orderID },
      captured: { currency_code: 'USD', value: '19.99' },
    });
  });

  it.each([
    [
      'a declined funding source',
      { capture: { kind: 'instrument-declined' } },
      'declined',
      'The payment has not completed, so nothing was charged for it here.',
    ],
    [
      'a capture declined',
      { capture: { kind: 'declined' } },
      'declined',
      'The payment has not completed, so nothing was charged for it here.',
    ],
    [
      'a pending capture',
      { capture: { kind: 'pending', reason: 'PENDING_REVIEW' } },
      'pending',
      'PayPal is still processing this payment. Nothing is granted until it completes.',
    ],
    [
      'a tampered amount',
      { capturedValue: '0.01' },
      'mismatch',
      'The payment does not match the order; nothing was granted. Contact support.',
    ],
    [
      'another order’s custom_id',
      { capturedCustomId: 'someone-else' },
      'mismatch',
      'The payment does not match the order; nothing was granted. Contact support.',
    ],
  ] as const)('grants nothing for %s and records the outcome', async (_name, script, result, message) => {
    const caller = player();
    const created = await approvedPackOrder(caller, script as ApproveOptions);
    const paypalOrderID = created.paypalOrderID ?? '';
    const response = await processOrder(caller, paypalOrderID);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ message, details: { status: result } });
    expect(await getBalance(db(), caller.userId)).toBe(0);
    expect((await transactions(paypalOrderID)).map((row) => row.result)).toEqual([result]);
    const stored = await db()
      .selectFrom('payment_orders')
      .select('status')
      .where('order_id', '=', created.orderID)
      .executeTakeFirst();
    expect(stored?.status).toBe(result);
  });

  it('retries PayPal’s 5xx answers under the same PayPal-Request-Id and credits once it captures', async () => {
    const caller = player();
    const created = await approvedPackOrder(caller, { failCaptures: [500, 503] });
    const paypalOrderID = created.paypalOrderID ?? '';
    const response = await processOrder(caller, paypalOrderID);
    expect(response.statusCode, response.body).toBe(200);
    expect(await getBalance(db(), caller.userId)).toBe(2600);
    const captures = paypal.requests.filter(
      (request) => request.path === `/v2/checkout/orders/${paypalOrderID}/capture`,
    );
    expect(captures.map((request) => request.status)).toEqual([500, 503, 201]);
    expect(new Set(captures.map((request) => request.requestId))).toEqual(new Set([`capture-${created.orderID}`]));
  });

  it('reads an order captured before (ORDER_ALREADY_CAPTURED) back and credits it once', async () => {
    const caller = player();
    const created = await approvedPackOrder(caller);
    const paypalOrderID = created.paypalOrderID ?? '';
    // Someone captured it with another request id (a second device, an earlier deploy).
    await new PayPalClient({
      apiUrl: paypal.apiUrl,
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
    }).captureOrder(paypalOrderID, 'elsewhere');
    const response = await processOrder(caller, paypalOrderID);
    expect(response.statusCode, response.body).toBe(200);
    expect(await getBalance(db(), caller.userId)).toBe(2600);
    expect(JSON.parse((await transactions(paypalOrderID))[0]?.amounts ?? '{}')).toMatchObject({
      alreadyCaptured: true,
    });
  });

  it('refuses another player’s order, unknown orders and unavailable packs', async () => {
    const owner = player();
    const created = await approvedPackOrder(owner);
    const thief = player();
    const stolen = await processOrder(thief, created.paypalOrderID ?? '');
    expect([stolen.statusCode, stolen.json().error.message]).toEqual([403, 'This order belongs to another player.']);
    expect(paypal.captureCount(created.paypalOrderID ?? '')).toBe(0);
    expect((await processOrder(owner, 'NO-SUCH-ORDER')).statusCode).toBe(404);
    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      headers: { authorization: owner.bearer },
      payload: { kind: 'credit-pack', packID: 'gone', payment: 'paypal' },
    });
    expect([hidden.statusCode, hidden.json().error.message]).toEqual([409, 'This credit pack is not available.']);
  });

  it('spins once for an approved PayPal spin (request-spin), and turns a payment for a sold-out machine into credits', async () => {
    await putTestMachine(db(), {
      machineID: 'paid-spin',
      costCredits: 100,
      costUSD: 99,
      prizes: [{ prizeID: 'only', weight: 1, stock: 1 }],
    });
    const requestSpin = (caller: SignedIn, paypalOrderID: string, userID?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/fn/request-spin?paypalOrderID=${paypalOrderID}${userID ? `&userID=${userID}` : ''}`,
        headers: { authorization: caller.bearer },
      });

    const lucky = player();
    const first = await order(lucky, { kind: 'spin', machineID: 'paid-spin', payment: 'paypal' });
    expect(first.amountCents).toBe(99);
    paypal.approve(first.paypalOrderID ?? '');
    // A spin is settled by request-spin: the function that settles packs and merch refuses it, capturing nothing.
    const misrouted = await processOrder(lucky, first.paypalOrderID ?? '');
    expect([misrouted.statusCode, misrouted.json().error.message]).toEqual([400, SHOP_MESSAGES.wrongPayment]);
    expect(paypal.captureCount(first.paypalOrderID ?? '')).toBe(0);
    const [spun, replay] = await Promise.all([
      requestSpin(lucky, first.paypalOrderID ?? ''),
      requestSpin(lucky, first.paypalOrderID ?? '', lucky.userId),
    ]);
    expect(spun.statusCode, spun.body).toBe(200);
    expect((spun.json() as SpinResult).spinID).toBe((replay.json() as SpinResult).spinID);
    expect((spun.json() as SpinResult).prize.prizeID).toBe('only');
    expect(await stockLeft(db(), 'paid-spin')).toBe(0);

    const late = player();
    const second = await order(late, { kind: 'spin', machineID: 'paid-spin', payment: 'paypal' });
    paypal.approve(second.paypalOrderID ?? '');
    const soldOut = await requestSpin(late, second.paypalOrderID ?? '');
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().error.message).toBe(
      'Sold out: every prize of this machine has been won. Your payment was added to your balance as 100 credits instead.',
    );
    expect(await getBalance(db(), late.userId)).toBe(100);
    const settledBefore = await requestSpin(late, second.paypalOrderID ?? '');
    expect([settledBefore.statusCode, settledBefore.json().error.message]).toEqual([
      409,
      'This order was settled as 100 credits, since the machine could no longer spin.',
    ]);
    expect(await getBalance(db(), late.userId)).toBe(100);
    expect((await requestSpin(late, second.paypalOrderID ?? '', 'someone-else')).statusCode).toBe(403);
  });
});

describe.each(TEST_DIALECTS)('the shop without PayPal on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('says PayPal is off, and the shop itself still answers', async () => {
    await putTestPack(t.stores.game.development, { packID: 'vault', credits: 2600, costUSD: 1999 });
    const [caller] = await signUpPlayers(t.app, t.stores.identity, `nopaypal-${dialect}`, 1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/shop/orders',
      headers: { authorization: caller?.bearer ?? '' },
      payload: { kind: 'credit-pack', packID: 'vault', payment: 'paypal' },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toBe(
      'PayPal payments are not set up here yet; everything paid in credits still works.',
    );
    const shop = await t.app.inject({ method: 'GET', url: '/api/shop' });
    expect(shop.json()).toMatchObject({ paypalClientId: null, packs: [expect.objectContaining({ packID: 'vault' })] });
  });
});
