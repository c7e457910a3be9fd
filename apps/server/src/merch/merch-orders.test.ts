import type { MerchCatalogue, MerchOrder, MerchPaymentResult, SavedOrderProfile } from '@outpost/contracts/merch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpPlayers } from '../identity/testing';
import { getBalance, spend } from '../ledger/ledger';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { expireMerchReservations } from './merch-orders';
import {
  payWithCredits,
  placeOrder,
  putTestProduct,
  readyToShop,
  setOrderProfile,
  validOrderProfile,
  varietyStock,
} from './testing';

const MINUTE = 60_000;

describe.each(TEST_DIALECTS)('merch orders on %s', (dialect) => {
  let t: TestApp;
  let crowd: SignedIn[] = [];
  const db = () => t.stores.game.development;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    crowd = await signUpPlayers(t.app, t.stores.identity, `merch-${dialect}`, 230);
  });
  afterAll(async () => {
    await t.cleanup();
  });

  /** A player with an order profile and, if asked, credits. */
  async function shopper(credits = 0): Promise<SignedIn> {
    const player = crowd.pop();
    if (!player) throw new Error('The test needs a larger crowd.');
    return readyToShop(t.app, db(), player, credits);
  }

  describe('the order profile', () => {
    it('saves a valid profile and reads it back', async () => {
      const player = crowd.pop() as SignedIn;
      const empty = await t.app.inject({
        url: '/api/account/order-profile',
        headers: { authorization: player.bearer },
      });
      expect(empty.json()).toEqual({ profile: null, updatedAt: null });
      const saved = await setOrderProfile(t.app, player, validOrderProfile({ email: ' Rae@Example.com ' }));
      expect(saved.statusCode, saved.body).toBe(200);
      const read = await t.app.inject({ url: '/api/account/order-profile', headers: { authorization: player.bearer } });
      const body = read.json() as SavedOrderProfile;
      expect(body.profile).toMatchObject({
        email: 'rae@example.com',
        firstName: 'Rae',
        shippingAddress: { country: 'US' },
      });
      expect(body.updatedAt).toEqual(expect.any(String));
    });

    it.each([
      [
        'a missing city',
        { shippingAddress: { ...validOrderProfile().shippingAddress, city: '  ' } },
        'City is required.',
      ],
      ['a bad email', { email: 'not-an-address' }, 'Enter the email address we can reach you at.'],
      [
        'a US address without a ZIP code',
        { shippingAddress: { ...validOrderProfile().shippingAddress, zipcode: '' } },
        'US ZIP codes have 5 digits',
      ],
      [
        'an unknown country',
        { shippingAddress: { ...validOrderProfile().shippingAddress, country: 'QQ' } },
        'Pick the country we ship to.',
      ],
      ['a calling code without +', { countryCode: '44' }, 'country calling code'],
      [
        'a shirt size off the list',
        { sizes: { shirtSize: 'XXXXL', hoodieSize: '', pantSize: '', shoeSize: '' } },
        'Shirt size: pick one of',
      ],
    ])('refuses %s with a message naming the field', async (_case, change, message) => {
      const player = crowd.pop() as SignedIn;
      const response = await setOrderProfile(t.app, player, { ...validOrderProfile(), ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      const read = await t.app.inject({ url: '/api/account/order-profile', headers: { authorization: player.bearer } });
      expect(read.json().profile).toBeNull();
    });

    it('needs a signed-in player', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/fn/set-order-profile',
        payload: validOrderProfile(),
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('the catalogue', () => {
    it('lists Active products with their stock and credit price, not the others', async () => {
      await putTestProduct(db(), {
        productID: 'cat-hoodie',
        price: 5999,
        varieties: [
          ['s', 3],
          ['m', 0],
        ],
      });
      await putTestProduct(db(), { productID: 'cat-hidden', status: 0, varieties: [['default', 5]] });
      const response = await t.app.inject({ url: '/api/shop/merch' });
      expect(response.statusCode, response.body).toBe(200);
      const catalogue = response.json() as MerchCatalogue;
      expect(catalogue.payments).toEqual({ credits: true, paypalClientId: null, stripe: false });
      const hoodie = catalogue.products.find((product) => product.productID === 'cat-hoodie');
      expect(hoodie).toMatchObject({
        price: 5999,
        priceCredits: 5999,
        orderable: true,
        soldOut: false,
        varieties: [
          { varietyID: 's', stock: 3 },
          { varietyID: 'm', stock: 0 },
        ],
      });
      expect(catalogue.products.some((product) => product.productID === 'cat-hidden')).toBe(false);
    });
  });

  describe('paying in credits', () => {
    it('reserves stock when placed, charges once when paid, and the player sees the order', async () => {
      await putTestProduct(db(), {
        productID: 'tee',
        price: 2500,
        varieties: [
          ['m', 5],
          ['l', 5],
        ],
      });
      const player = await shopper(10_000);
      const placed = await placeOrder(t.app, player, {
        lines: [
          { productID: 'tee', varietyID: 'M', quantity: 2 },
          { productID: 'tee', varietyID: 'l', quantity: 1 },
        ],
        payment: 'credits',
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = placed.json() as MerchOrder;
      expect(order).toMatchObject({
        status: 'reserved',
        payment: 'credits',
        total: 7500,
        totalCredits: 7500,
        lines: [
          { productID: 'tee', varietyID: 'm', quantity: 2, unitPrice: 2500, varietyName: 'Size M' },
          { productID: 'tee', varietyID: 'l', quantity: 1, unitPrice: 2500 },
        ],
        shipping: { firstName: 'Rae', address: { city: 'Portland' } },
      });
      expect(await varietyStock(db(), 'tee', 'm')).toBe(3);

      const paid = await payWithCredits(t.app, player, order.orderID);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ order: { status: 'paid', paidAt: expect.any(String) }, balance: 2500 });
      const again = await payWithCredits(t.app, player, order.orderID);
      expect((again.json() as MerchPaymentResult).balance).toBe(2500);
      const ledger = await db().selectFrom('credit_ledger').selectAll().where('user_id', '=', player.userId).execute();
      expect(ledger.filter((row) => row.reason === 'merch')).toEqual([
        expect.objectContaining({ amount: -7500, reference: `merch:${order.orderID}` }),
      ]);
      expect(await varietyStock(db(), 'tee', 'm')).toBe(3);

      const mine = await t.app.inject({ url: '/api/account/orders', headers: { authorization: player.bearer } });
      expect(mine.json()).toMatchObject({ total: 1, rows: [{ orderID: order.orderID, status: 'paid' }] });
    });

    it('holds no stock for credits the player does not have, and refuses a payment the balance no longer covers', async () => {
      await putTestProduct(db(), { productID: 'cap', price: 2000, varieties: [['default', 2]] });
      const poor = await shopper(500);
      const refused = await placeOrder(t.app, poor, {
        lines: [{ productID: 'cap', varietyID: 'default', quantity: 1 }],
        payment: 'credits',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        message: 'You do not have enough credits for this order.',
        details: { balance: 500, cost: 2000 },
      });
      expect(await varietyStock(db(), 'cap', 'default')).toBe(2);

      // Credits spent elsewhere between placing and paying: the payment is refused, the stock stays held.
      const player = await shopper(2000);
      const order = (
        await placeOrder(t.app, player, {
          lines: [{ productID: 'cap', varietyID: 'default', quantity: 1 }],
          payment: 'credits',
        })
      ).json() as MerchOrder;
      await spend(db(), {
        userId: player.userId,
        amount: 1500,
        reason: 'spin',
        reference: `elsewhere:${player.userId}`,
      });
      const short = await payWithCredits(t.app, player, order.orderID);
      expect(short.statusCode).toBe(409);
      expect(short.json().error.details).toEqual({ balance: 500, cost: 2000 });
      expect(await getBalance(db(), player.userId)).toBe(500);
      expect(await varietyStock(db(), 'cap', 'default')).toBe(1);
    });

    it('lets a player hold at most three orders waiting for payment', async () => {
      await putTestProduct(db(), { productID: 'sticker', price: 100, varieties: [['default', 10]] });
      const player = await shopper(10_000);
      const place = () =>
        placeOrder(t.app, player, {
          lines: [{ productID: 'sticker', varietyID: 'default', quantity: 1 }],
          payment: 'credits',
        });
      const held = [await place(), await place(), await place()];
      expect(held.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      const fourth = await place();
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json().error.message).toBe(
        'You have 3 orders waiting for payment: pay or cancel one of them (on your account page) first.',
      );
      expect(await varietyStock(db(), 'sticker', 'default')).toBe(7);
      const [first] = held.map((response) => response.json() as MerchOrder);
      await payWithCredits(t.app, player, first?.orderID ?? '');
      expect((await place()).statusCode).toBe(200);
    });

    it('cancels a reservation and gives its stock back', async () => {
      await putTestProduct(db(), { productID: 'mug', price: 1500, varieties: [['default', 4]] });
      const player = await shopper(10_000);
      const order = (
        await placeOrder(t.app, player, {
          lines: [{ productID: 'mug', varietyID: 'default', quantity: 3 }],
          payment: 'credits',
        })
      ).json() as MerchOrder;
      expect(await varietyStock(db(), 'mug', 'default')).toBe(1);
      const other = crowd.pop() as SignedIn;
      const stranger = await t.app.inject({
        method: 'POST',
        url: `/api/shop/merch/orders/${order.orderID}/cancel`,
        headers: { authorization: other.bearer },
      });
      expect(stranger.statusCode).toBe(403);
      const cancelled = await t.app.inject({
        method: 'POST',
        url: `/api/shop/merch/orders/${order.orderID}/cancel`,
        headers: { authorization: player.bearer },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
      expect(await varietyStock(db(), 'mug', 'default')).toBe(4);
    });

    it('lets an unpaid reservation expire, returning its stock; paying it afterwards is refused', async () => {
      await putTestProduct(db(), { productID: 'pin', price: 900, varieties: [['default', 2]] });
      const player = await shopper(5000);
      const order = (
        await placeOrder(t.app, player, {
          lines: [{ productID: 'pin', varietyID: 'default', quantity: 2 }],
          payment: 'credits',
        })
      ).json() as MerchOrder;
      expect(await varietyStock(db(), 'pin', 'default')).toBe(0);
      expect(await expireMerchReservations(db(), new Date(Date.now() + 5 * MINUTE))).toBe(0);
      expect(await expireMerchReservations(db(), new Date(Date.now() + 16 * MINUTE))).toBeGreaterThanOrEqual(1);
      expect(await varietyStock(db(), 'pin', 'default')).toBe(2);
      const late = await payWithCredits(t.app, player, order.orderID);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.details).toEqual({ status: 'expired' });
      expect(await getBalance(db(), player.userId)).toBe(5000);
    });

    it('refuses an order without an order profile, one over the stock, and products not on sale', async () => {
      await putTestProduct(db(), { productID: 'scarf', varieties: [['default', 1]] });
      await putTestProduct(db(), { productID: 'old', status: 2, varieties: [['default', 9]] });
      const noProfile = crowd.pop() as SignedIn;
      const refused = await placeOrder(t.app, noProfile, {
        lines: [{ productID: 'scarf', varietyID: 'default', quantity: 1 }],
        payment: 'credits',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('Add your shipping details (your order profile) before checking out.');
      const player = await shopper();
      const tooMany = await placeOrder(t.app, player, {
        lines: [{ productID: 'scarf', varietyID: 'default', quantity: 2 }],
        payment: 'credits',
      });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().error.message).toContain('Sold out');
      const archived = await placeOrder(t.app, player, {
        lines: [{ productID: 'old', varietyID: 'default', quantity: 1 }],
        payment: 'credits',
      });
      expect(archived.statusCode).toBe(404);
      const noVariety = await placeOrder(t.app, player, {
        lines: [{ productID: 'scarf', varietyID: 'xl', quantity: 1 }],
        payment: 'credits',
      });
      expect(noVariety.statusCode).toBe(404);
      expect(await varietyStock(db(), 'scarf', 'default')).toBe(1);
      const stripe = await placeOrder(t.app, player, {
        lines: [{ productID: 'scarf', varietyID: 'default', quantity: 1 }],
        payment: 'stripe',
      });
      expect(stripe.statusCode).toBe(503);
      expect(stripe.json().error.message).toContain('Card payments (Stripe) are not set up here yet');
    });

    it('sells 50 units to exactly 50 of 200 concurrent checkouts, with the ledger balanced', async () => {
      await putTestProduct(db(), { productID: 'limited', price: 100, varieties: [['default', 50]] });
      const players = await Promise.all(Array.from({ length: 200 }, () => shopper(1000)));
      const outcomes = await Promise.all(
        players.map(async (player) => {
          const placed = await placeOrder(t.app, player, {
            lines: [{ productID: 'limited', varietyID: 'default', quantity: 1 }],
            payment: 'credits',
          });
          if (placed.statusCode !== 200) return { placed: placed.statusCode, message: placed.json().error.message };
          const paid = await payWithCredits(t.app, player, (placed.json() as MerchOrder).orderID);
          return { placed: 200, paid: paid.statusCode };
        }),
      );
      expect(outcomes.filter((outcome) => outcome.paid === 200)).toHaveLength(50);
      const refused = outcomes.filter((outcome) => outcome.placed !== 200);
      expect(refused).toHaveLength(150);
      expect(refused.every((outcome) => outcome.placed === 409 && String(outcome.message).startsWith('Sold out'))).toBe(
        true,
      );
      expect(await varietyStock(db(), 'limited', 'default')).toBe(0);
      const charged = await db()
        .selectFrom('credit_ledger')
        .select((eb) => eb.fn.sum<string | number>('amount').as('total'))
        .where('reason', '=', 'merch')
        .where(
          'user_id',
          'in',
          players.map((player) => player.userId),
        )
        .executeTakeFirstOrThrow();
      expect(Number(charged.total)).toBe(-50 * 100);
      const paidOrders = await db()
        .selectFrom('merch_orders')
        .select((eb) => eb.fn.countAll<string | number>().as('total'))
        .where('status', '=', 'paid')
        .where(
          'user_id',
          'in',
          players.map((player) => player.userId),
        )
        .executeTakeFirstOrThrow();
      expect(Number(paidOrders.total)).toBe(50);
    });
  });
});
