import type { GatherDashboardResult, ModerationDashboard } from '@outpost/contracts/backoffice';
import type { LiveStats } from '@outpost/contracts/game-data';
import { PRODUCT_STATUS, type Product, type ProductStatus } from '@outpost/contracts/products';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUp, signUpWithProfile } from '../identity/testing';
import { putReports } from '../moderation/queries';
import { enqueueRun, JobRunner } from '../platform/jobs/runner';
import { createProductThrough, newProductInput, saveInput, saveProductThrough } from '../products/testing';
import { recordSubscriptionEvent, recordSubscriptionPayment } from '../subscriptions/index';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { gatherGameStatus, readModerationDashboard } from './dashboard';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const GAME_KEY = 'dashboard-test-game-server-key-of-32-characters';
const DAY = 24 * HOUR;

describe.each(TEST_DIALECTS)('the admin dashboard on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let player: SignedIn;
  /** An admin: the live stats are theirs to see. */
  let liveViewer: SignedIn;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      config: { ingestKeys: { development: GAME_KEY, beta: GAME_KEY, production: GAME_KEY } },
    });
    const setKeys = (id: string, keys: string[]) => setProfileKeys(t.stores.identity, id, keys);
    staff = await signUpWithProfile(t.app, setKeys, {
      email: 'dash-mod@example.com',
      displayName: 'dash-mod',
      keys: ['moderator', 'staff'],
    });
    player = await signUpWithProfile(t.app, setKeys, { email: 'dash-player@example.com', displayName: 'dash-player' });
    liveViewer = await signUpWithProfile(t.app, setKeys, {
      email: 'dash-live@example.com',
      displayName: 'dash-live',
      keys: ['admin'],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function figures(env: string): Promise<ModerationDashboard['figures']> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${env}/dashboard`,
      headers: { authorization: staff.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as ModerationDashboard).figures;
  }

  async function gather(env: string, caller: SignedIn | null, payload: unknown = { data: null }) {
    return t.app.inject({
      method: 'POST',
      url: `/api/callable/${env}-admin-gatherRouterDashboardCallable`,
      headers: caller ? { authorization: caller.bearer } : {},
      payload: payload as Record<string, unknown>,
    });
  }

  async function activePlayers(env = 'development'): Promise<number> {
    const response = await gather(env, staff);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: GatherDashboardResult }).data.dashboardData.activePlayers;
  }

  /** Moves one account's sessions in time, as if last used `usedAgoMs` ago. */
  async function ageSessions(userId: string, usedAgoMs: number, expiresInMs = 6 * DAY): Promise<void> {
    const now = Date.now();
    await t.stores.identity
      .updateTable('auth_sessions')
      .set({
        updated_at: new Date(now - usedAgoMs).toISOString(),
        expires_at: new Date(now + expiresInMs).toISOString(),
      })
      .where('user_id', '=', userId)
      .execute();
  }

  it('counts live products of the chosen environment only, and nothing made up', async () => {
    // A fresh test store has no demo data.
    expect(await figures('beta')).toEqual({
      // Reports: none in a fresh store.
      unresolvedReports: 0,
      trendingIssues: 0,
      // No account is suspended.
      suspendedPlayers: 0,
      liveProducts: 0,
      // Merch sales: none in a fresh store.
      recentSales: 0,
    });

    const created = await createProductThrough(
      t.app,
      staff.bearer,
      'beta',
      newProductInput({ productID: 'dash-hoodie' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    // Created Inactive: not live yet.
    expect((await figures('beta')).liveProducts).toBe(0);

    let product = created.json() as Product;
    const setStatus = async (status: ProductStatus) => {
      const saved = await saveProductThrough(
        t.app,
        staff.bearer,
        'beta',
        'dash-hoodie',
        saveInput(product, { status }),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      product = saved.json() as Product;
    };
    await setStatus(PRODUCT_STATUS.active);
    expect((await figures('beta')).liveProducts).toBe(1);
    expect((await figures('development')).liveProducts).toBe(0);
    await setStatus(PRODUCT_STATUS.archived);
    expect((await figures('beta')).liveProducts).toBe(0);
  });

  it('answers each figure with the query a domain plugged in, on the environment’s store', async () => {
    const db = t.stores.game.development;
    const { identity } = t.stores;
    const onThisStore = (value: number) => async (stores: { game: unknown; identity: unknown }) =>
      stores.game === db && stores.identity === identity ? value : -1;
    const now = new Date('2026-12-01T12:00:00Z');
    const weekAgo = (value: number) => async (stores: { game: unknown }, at: Date) =>
      stores.game === db && at.getTime() === now.getTime() - 7 * DAY ? value : -1;
    const dashboard = await readModerationDashboard(
      { game: db, identity },
      {
        figures: {
          unresolvedReports: onThisStore(3),
          trendingIssues: onThisStore(1),
          suspendedPlayers: onThisStore(2),
          liveProducts: onThisStore(7),
          recentSales: onThisStore(12),
        },
        past: {
          unresolvedReports: weekAgo(5),
          trendingIssues: weekAgo(2),
          suspendedPlayers: weekAgo(4),
          recentSales: weekAgo(9),
        },
        attention: {
          failedJobs: onThisStore(4),
          failedPushes: onThisStore(6),
          ordersToPack: onThisStore(8),
          ordersToShip: onThisStore(10),
          unusedIngestKeys: onThisStore(11),
        },
      },
      now,
    );
    expect(dashboard).toEqual({
      figures: { unresolvedReports: 3, trendingIssues: 1, suspendedPlayers: 2, liveProducts: 7, recentSales: 12 },
      previous: { unresolvedReports: 5, trendingIssues: 2, suspendedPlayers: 4, recentSales: 9 },
      attention: { failedJobs: 4, failedPushes: 6, ordersToPack: 8, ordersToShip: 10, unusedIngestKeys: 11 },
    });

    const dayAgo = (value: number) => async (stores: { game: unknown }, at: Date) =>
      stores.game === db && at.getTime() === now.getTime() - DAY ? value : -1;
    const status = await gatherGameStatus(
      { game: db, identity },
      { now: { creditPurchasesCount: onThisStore(5) }, past: { creditPurchasesCount: dayAgo(6) } },
      now,
    );
    expect(status).toEqual({
      dashboardData: { activePlayers: 0, creditPurchasesCount: 5, subscriptionPurchasesCount: 0 },
      previous: { activePlayers: 0, creditPurchasesCount: 6, subscriptionPurchasesCount: 0 },
    });
  });

  it('compares the unresolved reports with a week ago, and lists what needs attention, from each domain’s data', async () => {
    const env = 'production';
    const read = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${env}/dashboard`,
        headers: { authorization: staff.bearer },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ModerationDashboard;
    };
    const before = await read();
    expect(before.attention).toEqual({
      failedJobs: expect.any(Number),
      failedPushes: 0,
      ordersToPack: 0,
      ordersToShip: 0,
      unusedIngestKeys: 0,
    });
    const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
    const report = (id: string, filedDaysAgo: number, resolvedDaysAgo: number | null) => ({
      report_id: id,
      category: 'harassment' as const,
      target: '@dash-target',
      text: 'Spams the lobby.',
      reporter: null,
      source: 'game',
      created_at: ago(filedDaysAgo),
      resolved: resolvedDaysAgo === null ? 0 : 1,
      resolved_by: null,
      resolved_at: resolvedDaysAgo === null ? null : ago(resolvedDaysAgo),
      resolution: resolvedDaysAgo === null ? null : 'Warned.',
    });
    await putReports(t.stores.game[env], [
      // Open then and now.
      report('dash-old-open', 10, null),
      // Open a week ago, resolved since.
      report('dash-old-fixed', 10, 3),
      // Resolved before the week began: in neither.
      report('dash-long-fixed', 10, 9),
      // Filed this week.
      report('dash-new-1', 2, null),
      report('dash-new-2', 1, null),
    ]);
    const admin = await signUpWithProfile(t.app, (id, keys) => setProfileKeys(t.stores.identity, id, keys), {
      email: 'dash-admin@example.com',
      displayName: 'dash-admin',
      keys: ['admin'],
    });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/admin/${env}/ingest-keys`,
      headers: { authorization: admin.bearer },
      payload: { name: 'Never set up' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const failing = { name: 'dashboard.test-failing', maxAttempts: 1 };
    await enqueueRun(t.stores.identity, failing, {});
    const runner = new JobRunner({
      db: t.stores.identity,
      definitions: [
        {
          ...failing,
          run: async () => {
            throw new Error('Nothing to reach.');
          },
        },
      ],
      log: { info() {}, error() {} },
      instanceId: 'dashboard-test',
    });
    await runner.runDue();

    const after = await read();
    expect(after.figures.unresolvedReports).toBe(before.figures.unresolvedReports + 3);
    expect(after.previous.unresolvedReports).toBe(before.previous.unresolvedReports + 2);
    expect(after.attention).toEqual({
      ...before.attention,
      failedJobs: before.attention.failedJobs + 1,
      unusedIngestKeys: 1,
    });
  });

  /** The game's servers report events through the ingestion API, each dated `agoMs` before now. */
  async function ingest(env: string, events: readonly Record<string, unknown>[]): Promise<void> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/${env}/events`,
      headers: { authorization: `Bearer ${GAME_KEY}` },
      payload: { events: events.map((event) => ({ id: `dash-${Math.random()}`, ...event })) },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refused: [] });
  }
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
  const mapReport = (mapID: string, activeNow: number, agoMs: number) => ({
    type: 'map-presence',
    at: ago(agoMs),
    mapID,
    activeNow,
  });

  async function liveStatsActiveNow(env: string): Promise<number> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/${env}/live-stats`,
      headers: { authorization: liveViewer.bearer },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as LiveStats).activeNow;
  }

  it('gives Active Users as the live stats’ Active now: the maps’ reports of the last 5 minutes, one figure', async () => {
    // Signed in on the web, nothing reported by the game: no one active, on both screens.
    const response = await gather('production', staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: {
        dashboardData: { activePlayers: 0, creditPurchasesCount: 0, subscriptionPurchasesCount: 0 },
        previous: { activePlayers: 0, creditPurchasesCount: 0, subscriptionPurchasesCount: 0 },
      },
    });
    expect(await liveStatsActiveNow('production')).toBe(0);

    // Players seen (user-presence) are not what either screen counts: the maps' reports are.
    await ingest('production', [{ type: 'presence', at: ago(MINUTE), userID: player.userId }]);
    await ingest('production', [
      mapReport('harbor', 42, MINUTE),
      mapReport('canyon', 17, 4 * MINUTE),
      // Older than 5 minutes: the map's last count, not active now.
      mapReport('quarry', 6, 6 * MINUTE),
    ]);
    expect(await activePlayers('production')).toBe(59);
    expect(await liveStatsActiveNow('production')).toBe(59);
    // Each environment counts its own game's maps.
    expect(await activePlayers('beta')).toBe(0);
    expect(await liveStatsActiveNow('beta')).toBe(0);

    // A newer report replaces the map's count; an older one arriving late does not move it back.
    await ingest('production', [mapReport('harbor', 40, 0), mapReport('canyon', 30, 10 * MINUTE)]);
    expect(await activePlayers('production')).toBe(57);
    expect(await liveStatsActiveNow('production')).toBe(57);
  });

  it('compares Active Users and the purchases of the last 24 hours with the 24 hours before, from each channel’s rows', async () => {
    const env = 'development';
    const db = t.stores.game[env];
    const buyer = await signUp(t.app, { email: 'dash-buyer@example.com' });
    const HOURS = (hours: number) => hours * HOUR;

    // Maps: this time yesterday, mesa's latest report then (9, after 11) and ridge's, if within its 5 minutes.
    await ingest(env, [
      mapReport('mesa', 11, DAY + 3 * MINUTE),
      mapReport('mesa', 9, DAY + 2 * MINUTE),
      mapReport('ridge', 4, DAY + MINUTE),
      // Reported more than 5 minutes before that moment: not active then.
      mapReport('dunes', 50, DAY + 10 * MINUTE),
      // Reported after it: mesa's count then is still 9.
      mapReport('mesa', 70, DAY - 30 * MINUTE),
      // Now.
      mapReport('mesa', 7, MINUTE),
      mapReport('ridge', 5, 2 * MINUTE),
    ]);

    // Credit packs on the web (payment orders) and in the game's stores.
    const order = (id: string, settledAgo: number, status = 'completed') => ({
      order_id: `dash-order-${id}`,
      user_id: buyer.userId,
      kind: 'credit-pack',
      payment: 'paypal',
      pack_id: 'pack-500',
      machine_id: null,
      amount_cents: 499,
      credits: 500,
      currency: 'USD',
      paypal_order_id: null,
      stripe_session_id: null,
      stripe_payment_intent: null,
      status,
      created_at: ago(settledAgo + MINUTE),
      settled_at: ago(settledAgo),
    });
    await db
      .insertInto('payment_orders')
      .values([
        order('now', HOURS(2)),
        order('pending', HOURS(1), 'pending'),
        order('before-1', HOURS(30)),
        order('before-2', HOURS(47)),
        order('older', HOURS(50)),
      ])
      .execute();
    const storePurchase = (id: string, kind: 'credit-pack' | 'premium', purchasedAgo: number) => ({
      store: 'app-store',
      transaction_id: `dash-tx-${id}`,
      user_id: buyer.userId,
      product_id: kind === 'premium' ? 'premium-monthly' : 'pack-500',
      kind,
      credits: kind === 'premium' ? null : 500,
      subscription_id: kind === 'premium' ? `dash-sub-${id}` : null,
      amount_cents: 499,
      currency: 'USD',
      environment: 'sandbox',
      purchased_at: ago(purchasedAgo),
      granted_at: ago(purchasedAgo),
      reversal: null,
      reversed_at: null,
      credits_taken_back: null,
    });
    await db
      .insertInto('store_purchases')
      .values([
        storePurchase('pack-now', 'credit-pack', HOURS(3)),
        storePurchase('pack-before', 'credit-pack', HOURS(30)),
        storePurchase('premium-now', 'premium', HOURS(5)),
        storePurchase('premium-before', 'premium', HOURS(40)),
        storePurchase('premium-older', 'premium', HOURS(49)),
      ])
      .execute();
    // Premium periods paid on the web: a new subscription yesterday and its renewal today, and another's period.
    const stripe = { channel: 'stripe', channelId: 'sub_dash', userId: buyer.userId, planId: 'monthly' } as const;
    await recordSubscriptionEvent(db, stripe, {
      eventId: 'dash-e1',
      kind: 'purchase',
      at: ago(HOURS(45)),
      until: ago(-DAY),
    });
    for (const [paymentId, paidAgo] of [
      ['in_dash_1', HOURS(45)],
      ['in_dash_2', HOURS(25)],
      ['in_dash_3', HOURS(1)],
    ] as const) {
      await recordSubscriptionPayment(db, stripe, {
        paymentId,
        amountCents: 799,
        currency: 'usd',
        paidAt: ago(paidAgo),
      });
    }

    const response = await gather(env, staff);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: GatherDashboardResult }).data).toEqual({
      dashboardData: {
        // mesa 7 + ridge 5, what the live stats say.
        activePlayers: 12,
        // The web's pack 2 hours ago (not the pending one), the App Store's 3 hours ago.
        creditPurchasesCount: 2,
        // The App Store's premium 5 hours ago, the web's renewal an hour ago.
        subscriptionPurchasesCount: 2,
      },
      previous: {
        // mesa 9 + ridge 4 this time yesterday.
        activePlayers: 13,
        // The web's packs 30 and 47 hours ago, the App Store's 30 hours ago; 50 hours is older than the period.
        creditPurchasesCount: 3,
        // The App Store's premium 40 hours ago, the web's periods 45 and 25 hours ago.
        subscriptionPurchasesCount: 3,
      },
    });
    expect(await liveStatsActiveNow(env)).toBe(12);
  });

  it('compares trending issues and suspended players with a week ago, from the reports’ and suspensions’ times', async () => {
    const env = 'beta';
    const read = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${env}/dashboard`,
        headers: { authorization: staff.bearer },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ModerationDashboard;
    };
    const before = await read();
    const WEEK = 7 * DAY;
    let n = 0;
    const reports = (target: string, count: number, filedAgo: number, resolvedAgo: number | null = null) =>
      Array.from({ length: count }, () => ({
        report_id: `dash-trend-${n++}`,
        category: 'cheating' as const,
        target,
        text: 'Flies through walls.',
        reporter: null,
        source: 'game',
        created_at: ago(filedAgo),
        resolved: resolvedAgo === null ? 0 : 1,
        resolved_by: null,
        resolved_at: resolvedAgo === null ? null : ago(resolvedAgo),
        resolution: resolvedAgo === null ? null : 'Banned.',
      }));
    await putReports(t.stores.game[env], [
      // Trending a week ago, resolved since.
      ...reports('@trend-then', 3, WEEK + 2 * HOUR, 3 * DAY),
      // Trending a week ago and still unresolved, but no longer in the last 24 hours.
      ...reports('@trend-old', 3, WEEK + HOUR),
      // Resolved before that moment: not trending then.
      ...reports('@trend-fixed', 3, WEEK + 3 * HOUR, WEEK + HOUR),
      // Two a week ago and one filed after that moment: trending neither then nor now.
      ...reports('@trend-late', 2, WEEK + HOUR),
      ...reports('@trend-late', 1, WEEK - HOUR),
      // Trending now.
      ...reports('@trend-now', 3, HOUR),
    ]);

    const players = await Promise.all(
      ['lifted', 'new', 'ended', 'held'].map((name) => signUp(t.app, { email: `dash-suspended-${name}@example.com` })),
    );
    const suspension = (who: SignedIn, startsAgo: number, endsAgo: number | null, liftedAgo: number | null) => ({
      suspension_id: `dash-suspension-${who.userId}`,
      user_id: who.userId,
      reason: 'Cheating.',
      starts_at: ago(startsAgo),
      ends_at: endsAgo === null ? null : ago(endsAgo),
      suspended_by: staff.userId,
      environment: env,
      report_id: null,
      lifted_at: liftedAgo === null ? null : ago(liftedAgo),
      lifted_by: liftedAgo === null ? null : staff.userId,
      lift_note: liftedAgo === null ? null : 'Appealed.',
    });
    const [lifted, renewed, ended, held] = players as [SignedIn, SignedIn, SignedIn, SignedIn];
    await t.stores.identity
      .insertInto('account_suspensions')
      .values([
        // Held a week ago, lifted since.
        suspension(lifted, 10 * DAY, null, 3 * DAY),
        // Suspended two days ago.
        suspension(renewed, 2 * DAY, null, null),
        // Ended before the week began.
        suspension(ended, 10 * DAY, 8 * DAY, null),
        // Held then and now: until five days from now.
        suspension(held, 10 * DAY, -5 * DAY, null),
      ])
      .execute();

    const after = await read();
    expect(after.figures.trendingIssues - before.figures.trendingIssues).toBe(1);
    expect(after.previous.trendingIssues - before.previous.trendingIssues).toBe(2);
    expect(after.figures.suspendedPlayers - before.figures.suspendedPlayers).toBe(2);
    expect(after.previous.suspendedPlayers - before.previous.suspendedPlayers).toBe(2);
  });

  let skipped = 0;
  /** The player's next call, each after the seconds a verified session is taken on its token's word. */
  async function meLater() {
    skipped += 11_000;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + skipped });
    try {
      return await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: player.bearer } });
    } finally {
      vi.useRealTimers();
    }
  }

  /** When the player's newest session was last used, as its row says. */
  async function lastUsed(): Promise<number> {
    const sessions = await t.stores.identity
      .selectFrom('auth_sessions')
      .select('updated_at')
      .where('user_id', '=', player.userId)
      .execute();
    return Math.max(...sessions.map((row) => new Date(row.updated_at).getTime()));
  }

  it('slides a session used more than an hour after its last move (updateAge, not the library’s day)', async () => {
    await ageSessions(player.userId, 25 * HOUR, 7 * DAY - 25 * HOUR);
    const me = await meLater();
    expect(me.statusCode, me.body).toBe(200);
    expect(Date.now() + skipped - (await lastUsed())).toBeLessThan(60_000);

    // Used 2 hours ago: the library's default (a day) would leave updated_at there.
    await ageSessions(player.userId, 2 * HOUR, 7 * DAY - 2 * HOUR);
    await meLater();
    expect(Date.now() + skipped - (await lastUsed())).toBeLessThan(60_000);
  });

  it('refuses anonymous callers (401) and plain players (403), and asks for {data}', async () => {
    for (const env of ['development', 'beta', 'production']) {
      expect((await gather(env, null)).statusCode).toBe(401);
      const refused = await gather(env, player);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/beta/dashboard' })).statusCode).toBe(401);
    const dashboard = await t.app.inject({
      method: 'GET',
      url: '/api/admin/beta/dashboard',
      headers: { authorization: player.bearer },
    });
    expect(dashboard.statusCode).toBe(403);

    const noData = await gather('development', staff, {});
    expect(noData.statusCode).toBe(400);
    expect(noData.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect((await gather('development', staff, { data: { extra: 1 } })).statusCode).toBe(400);
  });
});
