import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GatherDashboardResult, Revenue } from '@outpost/contracts/backoffice';
import type { SubscriberListPage } from '@outpost/contracts/subscriptions/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signUpRoles } from '../identity/testing';
import {
  googlePlayConfigOf,
  type LocalGooglePlay,
  startLocalGooglePlay,
} from '../store-purchases/google-play/testing/local-google-play';
import { grantStorePurchase, reverseStorePurchase } from '../store-purchases/purchases';
import type { VerifiedStoreTransaction } from '../store-purchases/store-report';
import { recordSubscriptionEvent, recordSubscriptionPayment, recordSubscriptionRefund } from '../subscriptions/index';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const iso = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
const day = (daysAgo: number) => iso(daysAgo).slice(0, 10);

/*
 * The back office's money, checked against known sales on every channel: a PayPal pack and a card
 * merch order on the web, a Stripe and a PayPal subscription, App Store and Google Play purchases,
 * and their refunds; the revenue view, the Game Status tiles and the subscribers list agree with them.
 * A Google Play pack goes the whole way: bought in a local Google Play, reported by the game over
 * HTTP, its price read from Google's Orders API.
 */
describe.each(TEST_DIALECTS)('the money in the back office on %s', (dialect) => {
  let t: TestApp;
  let play: LocalGooglePlay;
  let folder: string;
  let accounts: Record<'staff' | 'alice' | 'bob', SignedIn>;
  const db = () => t.stores.game.development;
  const admin = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: accounts.staff.bearer } });

  const storeTransaction = (overrides: Partial<VerifiedStoreTransaction>): VerifiedStoreTransaction => ({
    store: 'app-store',
    transactionId: 'tx',
    productId: 'pack-500',
    type: 'consumable',
    purchasedAt: iso(0),
    amount: { cents: 499, currency: 'USD' },
    environment: 'sandbox',
    ...overrides,
  });

  /** The game reports a Google Play pack its player bought; answers the HTTP status. */
  async function buyOnGooglePlay(who: SignedIn, options: { priceCents: number; currency: string }) {
    const token = await t.app.inject({
      method: 'GET',
      url: '/api/store/account-token',
      headers: { authorization: who.bearer },
    });
    const purchaseToken = play.buyProduct({ productId: 'pack-500', accountId: token.json().accountToken, ...options });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/store/google-play/purchases',
      headers: { authorization: who.bearer },
      payload: { productId: 'pack-500', purchaseToken, type: 'consumable' },
    });
    return response.statusCode;
  }

  beforeAll(async () => {
    play = await startLocalGooglePlay();
    folder = mkdtempSync(path.join(tmpdir(), 'outpost-revenue-play-'));
    t = await buildTestApp(dialect, {
      config: {
        googlePlay: {
          development: googlePlayConfigOf(play, folder),
          beta: undefined,
          production: undefined,
        },
      },
    });
    accounts = await signUpRoles(t.app, t.stores.identity, { staff: ['staff'], alice: [], bob: [] });
    const { alice, bob } = accounts;
    await db()
      .insertInto('credit_packs')
      .values({
        pack_id: 'pack-500',
        name: '500',
        credits: 500,
        cost_usd: 499,
        available: 1,
        created_at: iso(9),
        updated_at: iso(9),
      })
      .execute();
    // The web: a PayPal credit pack today, a card payment two days ago, one still pending (no money).
    const order = {
      pack_id: 'pack-500',
      machine_id: null,
      credits: 500,
      currency: 'USD',
      paypal_order_id: null,
      stripe_session_id: null,
      stripe_payment_intent: null,
    };
    await db()
      .insertInto('payment_orders')
      .values([
        {
          ...order,
          order_id: 'o-1',
          user_id: alice.userId,
          kind: 'credit-pack',
          payment: 'paypal',
          amount_cents: 499,
          status: 'completed',
          created_at: iso(0),
          settled_at: iso(0),
        },
        {
          ...order,
          order_id: 'o-2',
          user_id: bob.userId,
          kind: 'credit-pack',
          payment: 'stripe',
          amount_cents: 999,
          status: 'completed',
          created_at: iso(2),
          settled_at: iso(2),
        },
        {
          ...order,
          order_id: 'o-3',
          user_id: bob.userId,
          kind: 'credit-pack',
          payment: 'paypal',
          amount_cents: 1999,
          status: 'pending',
          created_at: iso(0),
          settled_at: null,
        },
      ])
      .execute();
    // The stores: an App Store pack today, refunded today; a Google Play premium period today.
    await grantStorePurchase(
      db(),
      { transaction: storeTransaction({ transactionId: 'apple-1' }), subscriptionReports: [] },
      alice.userId,
    );
    await reverseStorePurchase(db(), { store: 'app-store', transactionId: 'apple-1', kind: 'refund', at: iso(0) });
    await grantStorePurchase(
      db(),
      {
        transaction: storeTransaction({
          store: 'google-play',
          transactionId: 'GPA.1',
          subscriptionId: 'token-1',
          productId: 'premium.monthly',
          type: 'subscription',
          expiresAt: iso(-30),
          amount: { cents: 799, currency: 'USD' },
        }),
        subscriptionReports: [],
      },
      bob.userId,
    );
    // The web's subscriptions: Stripe monthly paid yesterday and refunded in part today; PayPal annual 40 days ago.
    const stripe = { channel: 'stripe', channelId: 'sub_1', userId: alice.userId, planId: 'monthly' } as const;
    await recordSubscriptionEvent(db(), stripe, { eventId: 'e1', kind: 'purchase', at: iso(1), until: iso(-29) });
    await recordSubscriptionPayment(db(), stripe, {
      paymentId: 'in_1',
      amountCents: 799,
      currency: 'usd',
      paidAt: iso(1),
    });
    await recordSubscriptionRefund(db(), { channel: 'stripe', paymentId: 'in_1', refundedCents: 300, at: iso(0) });
    await recordSubscriptionRefund(db(), { channel: 'stripe', paymentId: 'in_1', refundedCents: 200, at: iso(0) });
    const paypal = { channel: 'paypal', channelId: 'I-1', userId: bob.userId, planId: 'annual' } as const;
    await recordSubscriptionEvent(db(), paypal, { eventId: 'e2', kind: 'purchase', at: iso(40), until: iso(-325) });
    await recordSubscriptionEvent(db(), paypal, { eventId: 'e3', kind: 'cancel', at: iso(3) });
    await recordSubscriptionPayment(db(), paypal, {
      paymentId: 'S-1',
      amountCents: 6999,
      currency: 'USD',
      paidAt: iso(40),
    });
    // Google Play packs today: alice's at €10.99 as Google's order states it; bob's while Outpost's
    // service account may not see Google's orders (granted all the same, with no money to count).
    expect(await buyOnGooglePlay(alice, { priceCents: 1099, currency: 'EUR' })).toBe(200);
    play.withholdFinancialData(true);
    expect(await buyOnGooglePlay(bob, { priceCents: 499, currency: 'USD' })).toBe(200);
    play.withholdFinancialData(false);
  });
  afterAll(async () => {
    await t.cleanup();
    await play.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('adds up gross, refunds and net per channel and day from every channel, in the range asked', async () => {
    const response = await admin(`/api/admin/development/revenue?from=${day(30)}&to=${day(0)}`);
    expect(response.statusCode, response.body).toBe(200);
    const revenue = response.json() as Revenue;
    const line = (channel: string, gross: number, refund: number) => ({
      channel,
      currency: 'USD',
      grossCents: gross,
      refundCents: refund,
      netCents: gross - refund,
    });
    const euros = { ...line('google-play', 1099, 0), currency: 'EUR' };
    expect(revenue.totals).toEqual([
      line('stripe', 999 + 799, 300),
      line('paypal', 499, 0),
      line('app-store', 499, 499),
      euros,
      line('google-play', 799, 0),
    ]);
    expect(revenue.days).toEqual([
      { day: day(2), ...line('stripe', 999, 0) },
      { day: day(1), ...line('stripe', 799, 0) },
      { day: day(0), ...line('stripe', 0, 300) },
      { day: day(0), ...line('paypal', 499, 0) },
      { day: day(0), ...line('app-store', 499, 499) },
      { day: day(0), ...euros },
      { day: day(0), ...line('google-play', 799, 0) },
    ]);
    // Bob's Google Play pack, whose price Google would not show, is granted and kept without an amount.
    const bobs = await admin(`/api/admin/development/users/${accounts.bob.userId}/store-purchases`);
    expect(bobs.json().purchases).toEqual([
      expect.objectContaining({ store: 'google-play', kind: 'credit-pack', credits: 500, amountCents: null }),
      expect.objectContaining({ store: 'google-play', kind: 'premium', amountCents: 799 }),
    ]);
    const older = (await admin(`/api/admin/development/revenue?from=${day(45)}&to=${day(31)}`)).json() as Revenue;
    expect(older.totals).toEqual([line('paypal', 6999, 0)]);
  });

  it('refuses a backwards or too long range in words', async () => {
    const backwards = await admin(`/api/admin/development/revenue?from=${day(0)}&to=${day(3)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('The range must start on or before its last day.');
    const long = await admin('/api/admin/development/revenue?from=2024-01-01&to=2026-01-01');
    expect(long.json().error.message).toContain('Choose at most 366 days at once.');
    expect((await admin('/api/admin/development/revenue?from=yesterday&to=today')).statusCode).toBe(400);
  });

  it("counts the last 24 hours' credit packs and subscription periods from every channel on the Game Status tiles", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/callable/development-admin-gatherRouterDashboardCallable',
      headers: { authorization: accounts.staff.bearer },
      payload: { data: null },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { dashboardData } = (response.json() as { data: GatherDashboardResult }).data;
    // Packs: PayPal's today, the App Store's today (refunded, but bought) and Google Play's two
    // (one without its price); the card pack was two days ago.
    expect(dashboardData.creditPurchasesCount).toBe(4);
    // Periods: Google Play's today; Stripe's was paid 24 hours ago to the millisecond, so not within the last 24.
    expect(dashboardData.subscriptionPurchasesCount).toBe(1);
  });

  it('lists subscribers by channel, plan and state with a count of each, the players named', async () => {
    const all = (await admin('/api/admin/development/subscribers')).json() as SubscriberListPage;
    expect(all.total).toBe(3);
    expect(all.summary).toEqual(
      expect.arrayContaining([
        { channel: 'stripe', state: 'active', count: 1 },
        { channel: 'paypal', state: 'cancelled', count: 1 },
        { channel: 'google-play', state: 'active', count: 1 },
      ]),
    );
    const annual = (await admin('/api/admin/development/subscribers?plan=annual')).json() as SubscriberListPage;
    expect(annual.rows).toEqual([
      expect.objectContaining({
        channel: 'paypal',
        plan: 'annual',
        state: 'cancelled',
        player: expect.objectContaining({ displayName: 'bob-role' }),
      }),
    ]);
    const cancelled = (await admin('/api/admin/development/subscribers?state=cancelled&channel=stripe')).json();
    expect(cancelled.total).toBe(0);
    const wrong = await admin('/api/admin/development/subscribers?state=paused');
    expect(wrong.statusCode).toBe(400);
  });
});
