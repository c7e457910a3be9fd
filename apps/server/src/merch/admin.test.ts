import type { AdminMerchOrder, EcomProduct, MerchContact, MerchOrder } from '@outpost/contracts/merch';
import type { Product } from '@outpost/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers, signUpRoles } from '../identity/testing';
import { getBalance } from '../ledger/ledger';
import { saveInput, saveProductThrough } from '../products/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { payWithCredits, placeOrder, putTestProduct, readyToShop, varietyStock } from './testing';

describe.each(TEST_DIALECTS)('the merch back office on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let moderator: SignedIn;
  let crowd: SignedIn[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: { merchContact: { max: 3, windowMs: 60_000 } } });
    ({ staff, moderator } = await signUpRoles(t.app, t.stores.identity, {
      staff: ['staff'],
      moderator: ['moderator'],
    }));
    crowd = await signUpPlayers(t.app, t.stores.identity, `merch-admin-${dialect}`, 24);
    await putTestProduct(db(), {
      productID: 'hoodie',
      price: 5999,
      varieties: [
        ['s', 10],
        ['m', 10],
      ],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const call = (caller: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: caller.bearer }, ...(payload ? { payload } : {}) });

  /** A player's order of hoodies paid in credits. */
  async function paidOrder(quantity = 1): Promise<{ player: SignedIn; order: MerchOrder }> {
    const player = crowd.pop() as SignedIn;
    await readyToShop(t.app, db(), player, 100_000);
    const placed = await placeOrder(t.app, player, {
      lines: [{ productID: 'hoodie', varietyID: 'm', quantity }],
      payment: 'credits',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json() as MerchOrder;
    const paid = await payWithCredits(t.app, player, order.orderID);
    expect(paid.statusCode, paid.body).toBe(200);
    return { player, order };
  }

  it('packs and ships a paid order; the player sees the status and tracking reference', async () => {
    const { player, order } = await paidOrder();
    const list = await call(staff, 'GET', '/api/admin/development/merch/orders?pageSize=20');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows[0]).toMatchObject({ orderID: order.orderID, status: 'paid' });
    // The buyer is named: their account, not only its id.
    const buyer = { userID: player.userId, displayName: null, email: player.email };
    expect(list.json().rows[0].buyer).toEqual(buyer);
    expect((await call(staff, 'GET', `/api/admin/development/merch/orders/${order.orderID}`)).json().buyer).toEqual(
      buyer,
    );

    const url = `/api/admin/development/merch/orders/${order.orderID}/fulfilment`;
    const loaded = (
      await call(staff, 'GET', `/api/admin/development/merch/orders/${order.orderID}`)
    ).json() as AdminMerchOrder;
    expect(loaded).toMatchObject({ status: 'paid', refunds: [], shipping: { address: { city: 'Portland' } } });
    const noTracking = await call(staff, 'PUT', url, {
      status: 'shipped',
      trackingReference: ' ',
      version: loaded.version,
    });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().error.message).toContain('Add the tracking reference');
    const packed = await call(staff, 'PUT', url, { status: 'packed', version: loaded.version });
    expect(packed.statusCode, packed.body).toBe(200);
    expect(packed.json()).toMatchObject({ status: 'packed', packedAt: expect.any(String) });
    const shipped = await call(staff, 'PUT', url, {
      status: 'shipped',
      trackingReference: 'TRACK-123',
      version: (packed.json() as AdminMerchOrder).version,
    });
    expect(shipped.json()).toMatchObject({ status: 'shipped', trackingReference: 'TRACK-123' });

    const mine = await t.app.inject({ url: '/api/account/orders', headers: { authorization: player.bearer } });
    expect(mine.json().rows[0]).toMatchObject({ status: 'shipped', trackingReference: 'TRACK-123' });
    const log = await db().selectFrom('admin_log').select(['action', 'data']).orderBy('id').execute();
    expect(log.filter((entry) => entry.action.startsWith('merchOrder.')).map((entry) => entry.action)).toEqual([
      'merchOrder.pack',
      'merchOrder.ship',
    ]);
  });

  it('refuses to pack an order not paid yet, and two concurrent moves of one order move it once', async () => {
    const player = crowd.pop() as SignedIn;
    await readyToShop(t.app, db(), player, 10_000);
    const reserved = (
      await placeOrder(t.app, player, {
        lines: [{ productID: 'hoodie', varietyID: 's', quantity: 1 }],
        payment: 'credits',
      })
    ).json() as MerchOrder;
    const refused = await call(staff, 'PUT', `/api/admin/development/merch/orders/${reserved.orderID}/fulfilment`, {
      status: 'packed',
      version: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Only paid orders can be packed or shipped.');

    // Two admins who opened the order at the same version: one change goes through, the other is told to reload.
    const { order } = await paidOrder();
    const url = `/api/admin/development/merch/orders/${order.orderID}`;
    const { version } = (await call(staff, 'GET', url)).json() as AdminMerchOrder;
    const both = await Promise.all([
      call(staff, 'PUT', `${url}/fulfilment`, { status: 'packed', version }),
      call(staff, 'PUT', `${url}/fulfilment`, { status: 'shipped', trackingReference: 'T-1', version }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((response) => response.statusCode === 409)?.json().error.message).toBe(
      'Someone changed this order after you opened it; reload it and try again.',
    );
  });

  it('refunds an order paid in credits in parts: credits back to the player, refunded at the end', async () => {
    const { player, order } = await paidOrder(2);
    const before = await getBalance(db(), player.userId);
    const url = `/api/admin/development/merch/orders/${order.orderID}/refunds`;
    const part = await call(staff, 'POST', url, { amountCents: 5999, reason: 'One hoodie arrived torn.' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      status: 'paid',
      refundedCents: 5999,
      refunds: [
        {
          amountCents: 5999,
          credits: 5999,
          admin: staff.userId,
          refundedBy: { userID: staff.userId, displayName: 'staff-role', email: 'staff@example.com' },
        },
      ],
    });
    expect(await getBalance(db(), player.userId)).toBe(before + 5999);
    const tooMuch = await call(staff, 'POST', url, { amountCents: 6000, reason: 'Too much.' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('A refund cannot be more than what was paid and not yet refunded.');
    const rest = await call(staff, 'POST', url, { amountCents: 5999, reason: 'The other one too.' });
    expect((rest.json() as AdminMerchOrder).status).toBe('refunded');
    expect(await getBalance(db(), player.userId)).toBe(before + 2 * 5999);
    const ledger = await db()
      .selectFrom('credit_ledger')
      .select(['reason', 'amount'])
      .where('user_id', '=', player.userId)
      .execute();
    expect(ledger.filter((row) => row.reason === 'refund').map((row) => row.amount)).toEqual([5999, 5999]);
    const again = await call(staff, 'POST', url, { amountCents: 1, reason: 'More.' });
    expect(again.statusCode).toBe(409);
  });

  it('keeps orders and contact messages from moderators and players, and environments apart', async () => {
    const { order } = await paidOrder();
    expect((await call(moderator, 'GET', '/api/admin/development/merch/orders')).statusCode).toBe(403);
    expect((await call(moderator, 'GET', `/api/admin/development/merch/orders/${order.orderID}`)).statusCode).toBe(403);
    expect((await call(moderator, 'GET', '/api/admin/development/merch/contacts')).statusCode).toBe(403);
    expect((await call(moderator, 'GET', '/api/admin/development/ecom-products')).statusCode).toBe(200);
    const beta = await call(staff, 'GET', `/api/admin/beta/merch/orders/${order.orderID}`);
    expect(beta.statusCode).toBe(404);
    const filtered = await call(
      staff,
      'GET',
      `/api/admin/development/merch/orders?status=reserved&search=${order.orderID}`,
    );
    expect(filtered.json().total).toBe(0);
    const bad = await call(staff, 'GET', '/api/admin/development/merch/orders?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('takes contact messages from the shop, rate limited, and lists them for staff', async () => {
    const player = crowd.pop() as SignedIn;
    const send = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shop/merch/contact',
        headers,
        payload: { email: 'Fan@Example.com', name: 'Fan', subject: 'Sizes', message: 'Does the hoodie run small?' },
      });
    const signedIn = await send({ authorization: player.bearer });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ email: 'fan@example.com', userID: player.userId });
    const visitor = await send();
    expect((visitor.json() as MerchContact).userID).toBeNull();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/shop/merch/contact',
      payload: { email: 'fan@example.com', name: 'Fan', subject: 'Hi', message: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Write your message.');
    // Three attempts a minute in this app, refused ones included.
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    const list = await call(staff, 'GET', '/api/admin/development/merch/contacts?search=hoodie');
    expect(list.json()).toMatchObject({ total: 2 });
  });

  it('lists each variety with its stock, reservations and sales', async () => {
    await putTestProduct(db(), { productID: 'ecom-pin', price: 500, varieties: [['default', 6, 'price_pin']] });
    const player = crowd.pop() as SignedIn;
    await readyToShop(t.app, db(), player, 5000);
    const paid = (
      await placeOrder(t.app, player, {
        lines: [{ productID: 'ecom-pin', varietyID: 'default', quantity: 2 }],
        payment: 'credits',
      })
    ).json() as MerchOrder;
    await payWithCredits(t.app, player, paid.orderID);
    await placeOrder(t.app, player, {
      lines: [{ productID: 'ecom-pin', varietyID: 'default', quantity: 1 }],
      payment: 'credits',
    });
    const list = await call(moderator, 'GET', '/api/admin/development/ecom-products?search=ecom-pin');
    expect(list.json().rows as EcomProduct[]).toEqual([
      expect.objectContaining({ productID: 'ecom-pin', stripeID: 'price_pin', stock: 3, reserved: 1, sold: 2 }),
    ]);
  });

  it('prices merch in credits from config/merch, changed by staff only', async () => {
    expect((await call(moderator, 'GET', '/api/admin/development/config/merch')).json()).toEqual({
      creditsPerUSD: 100,
    });
    expect(
      (await call(moderator, 'PUT', '/api/admin/development/config/merch', { creditsPerUSD: 150 })).statusCode,
    ).toBe(403);
    const zero = await call(staff, 'PUT', '/api/admin/development/config/merch', { creditsPerUSD: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toContain('Credits per US dollar must be at least 1.');
    expect((await call(staff, 'PUT', '/api/admin/development/config/merch', { creditsPerUSD: 150 })).statusCode).toBe(
      200,
    );
    const catalogue = await t.app.inject({ url: '/api/shop/merch' });
    const hoodie = catalogue.json().products.find((product: { productID: string }) => product.productID === 'hoodie');
    expect(hoodie.priceCredits).toBe(8999);
    await call(staff, 'PUT', '/api/admin/development/config/merch', { creditsPerUSD: 100 });
  });

  it('refuses a product save loaded before a sale, so the sale’s stock is not overwritten', async () => {
    await putTestProduct(db(), { productID: 'stale', price: 1000, varieties: [['default', 5]] });
    const loaded = (await call(staff, 'GET', '/api/admin/development/products/stale')).json() as Product;
    const { order } = await (async () => {
      const player = crowd.pop() as SignedIn;
      await readyToShop(t.app, db(), player, 10_000);
      const placed = await placeOrder(t.app, player, {
        lines: [{ productID: 'stale', varietyID: 'default', quantity: 2 }],
        payment: 'credits',
      });
      return { order: placed.json() as MerchOrder };
    })();
    expect(order.status).toBe('reserved');
    const save = await saveProductThrough(t.app, staff.bearer, 'development', 'stale', saveInput(loaded));
    expect(save.statusCode).toBe(409);
    expect(save.json().error.message).toContain('players ordered it');
    expect(await varietyStock(db(), 'stale', 'default')).toBe(3);
    // Reloaded and raised by 4: the lifetime counts 4 more units, whatever the sale took.
    const reloaded = (await call(staff, 'GET', '/api/admin/development/products/stale')).json() as Product;
    const input = saveInput(reloaded);
    const raised = await saveProductThrough(t.app, staff.bearer, 'development', 'stale', {
      ...input,
      varieties: input.varieties.map((variety) => ({ ...variety, quantity: 7 })),
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((raised.json() as Product).varieties[0]).toMatchObject({ quantity: 7, lifetimeQuantity: 9 });
  });

  it('counts merch paid in the last seven days and going out as Recent Sales', async () => {
    const recentSales = async () =>
      (await call(moderator, 'GET', '/api/admin/development/dashboard')).json().figures.recentSales as number;
    const before = await recentSales();
    await paidOrder();
    expect(await recentSales()).toBe(before + 1);
    // Neither an order refunded in full, one owed back, nor one paid eight days ago counts.
    const refunded = await paidOrder();
    await call(staff, 'POST', `/api/admin/development/merch/orders/${refunded.order.orderID}/refunds`, {
      amountCents: refunded.order.total,
      reason: 'Changed their mind.',
    });
    const owed = await paidOrder();
    await db()
      .updateTable('merch_orders')
      .set({ status: 'refund-due' })
      .where('order_id', '=', owed.order.orderID)
      .execute();
    const old = await paidOrder();
    await db()
      .updateTable('merch_orders')
      .set({ paid_at: new Date(Date.now() - 8 * 86_400_000).toISOString() })
      .where('order_id', '=', old.order.orderID)
      .execute();
    expect(await recentSales()).toBe(before + 1);
  });

  it('returns exactly an order’s credits over refunds in parts, whatever the rate', async () => {
    await call(staff, 'PUT', '/api/admin/development/config/merch', { creditsPerUSD: 75 });
    try {
      const { player, order } = await paidOrder();
      expect(order.totalCredits).toBe(4500);
      const before = await getBalance(db(), player.userId);
      const url = `/api/admin/development/merch/orders/${order.orderID}/refunds`;
      for (const amountCents of [1333, 1333, 5999 - 2 * 1333]) {
        const refunded = await call(staff, 'POST', url, { amountCents, reason: 'In parts.' });
        expect(refunded.statusCode, refunded.body).toBe(200);
      }
      expect(await getBalance(db(), player.userId)).toBe(before + 4500);
    } finally {
      await call(staff, 'PUT', '/api/admin/development/config/merch', { creditsPerUSD: 100 });
    }
  });
});
