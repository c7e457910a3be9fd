import type { GatherDashboardResult, ModerationDashboard } from '@outpost/contracts/backoffice';
import { PRODUCT_STATUS, type Product, type ProductStatus } from '@outpost/contracts/products';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUp, signUpWithProfile } from '../identity/testing';
import { putReports } from '../moderation/queries';
import { enqueueRun, JobRunner } from '../platform/jobs/runner';
import { createProductThrough, newProductInput, saveInput, saveProductThrough } from '../products/testing';
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
        past: { unresolvedReports: weekAgo(5), recentSales: weekAgo(9) },
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
      previous: { unresolvedReports: 5, recentSales: 9 },
      attention: { failedJobs: 4, failedPushes: 6, ordersToPack: 8, ordersToShip: 10, unusedIngestKeys: 11 },
    });

    const status = await gatherGameStatus({ game: db, identity }, { creditPurchasesCount: onThisStore(5) });
    expect(status.dashboardData).toMatchObject({ creditPurchasesCount: 5, subscriptionPurchasesCount: 0 });
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

  /** The game reports each player seen `agoMs` before now (presence events, through the ingestion API). */
  async function seen(env: string, players: readonly { userId: string; agoMs: number }[]): Promise<void> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/ingest/${env}/events`,
      headers: { authorization: `Bearer ${GAME_KEY}` },
      payload: {
        events: players.map(({ userId, agoMs }) => ({
          id: `presence-${env}-${userId}-${agoMs}-${Math.random()}`,
          type: 'presence',
          at: new Date(Date.now() - agoMs).toISOString(),
          userID: userId,
        })),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ refused: [] });
  }

  it('gives Game Status through the callable: players the game saw in the last 5 minutes there, purchases 0 until the shop', async () => {
    // Signed in on the web, but not seen in the game: not active.
    const response = await gather('production', staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: { dashboardData: { activePlayers: 0, creditPurchasesCount: 0, subscriptionPurchasesCount: 0 } },
    });

    const other = await signUp(t.app, { email: 'dash-other@example.com' });
    await seen('production', [
      { userId: staff.userId, agoMs: MINUTE },
      { userId: player.userId, agoMs: 4 * MINUTE },
      { userId: other.userId, agoMs: 6 * MINUTE },
    ]);
    expect(await activePlayers('production')).toBe(2);
    // Each environment counts its own game's presence.
    expect(await activePlayers('beta')).toBe(0);
    // Seen again: still one player; an older report does not move them back.
    await seen('production', [
      { userId: other.userId, agoMs: 0 },
      { userId: player.userId, agoMs: 10 * MINUTE },
    ]);
    expect(await activePlayers('production')).toBe(3);
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
