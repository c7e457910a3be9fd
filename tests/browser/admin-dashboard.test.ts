import type { GatherDashboardResult, ModerationDashboard } from '@outpost/contracts/backoffice';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putReports } from '../../apps/server/src/moderation/queries';
import { countLiveProducts } from '../../apps/server/src/products/queries';
import { type Account, grantKeys, newAccount, signUpThroughUi } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { callApi, MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

const GAME_KEY = 'browser-dashboard-game-server-key-0123456789';
// No demo data: the figures and their changes are this file's rows alone.
const fixture = useSite({ INGEST_DEVELOPMENT_KEY: GAME_KEY, SEED_DEMO_DATA: 'false' });
let admin: Account;
let session: { context: BrowserContext; page: Page };

const MODERATION = ['Unresolved Reports', 'Trending Issues', 'Suspended Players', 'Live Products', 'Recent Sales (7d)'];
const GAME_STATUS = ['Active Users', 'Credit IAPs (24hrs)', 'Sub IAPs (24hrs)'];

beforeAll(async () => {
  admin = newAccount('dash');
  session = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
  await signUpThroughUi(session.page, fixture.site, admin);
  await grantKeys(fixture.site, admin.email, ['admin']);
  await seedBothPeriods();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/**
 * Rows in this period and the one before for every compared tile, so each has a change to show: the game's map
 * reports now and a day ago (Active Users is the live stats' Active now), credit packs and premium periods of both
 * 24 hours, reports that trend now and trended a week ago, and suspensions held then and now.
 */
async function seedBothPeriods(): Promise<void> {
  const { game, identity } = fixture.site.server.stores;
  const { id } = await identity
    .selectFrom('auth_users')
    .select('id')
    .where('email', '=', admin.email)
    .executeTakeFirstOrThrow();
  const reported = await fetch(`${fixture.site.url}/api/ingest/development/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${GAME_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      events: [
        { id: 'dash-map-now', type: 'map-presence', at: ago(60_000), mapID: 'dash-harbor', activeNow: 3 },
        { id: 'dash-map-then', type: 'map-presence', at: ago(DAY + 60_000), mapID: 'dash-harbor', activeNow: 8 },
      ],
    }),
  });
  expect(await reported.json()).toMatchObject({ stored: 2, refused: [] });

  const order = (n: number, settledAgo: number) => ({
    order_id: `dash-pack-${n}`,
    user_id: id,
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
    status: 'completed',
    created_at: ago(settledAgo),
    settled_at: ago(settledAgo),
  });
  await game.development
    .insertInto('payment_orders')
    .values([order(1, 2 * HOUR), order(2, 30 * HOUR), order(3, 40 * HOUR)])
    .execute();
  const premium = (n: number, purchasedAgo: number) => ({
    store: 'google-play',
    transaction_id: `dash-premium-${n}`,
    user_id: id,
    product_id: 'premium-monthly',
    kind: 'premium',
    credits: null,
    subscription_id: `dash-sub-${n}`,
    amount_cents: 799,
    currency: 'USD',
    environment: 'sandbox',
    purchased_at: ago(purchasedAgo),
    granted_at: ago(purchasedAgo),
    reversal: null,
    reversed_at: null,
    credits_taken_back: null,
  });
  await game.development
    .insertInto('store_purchases')
    .values([premium(1, HOUR), premium(2, 3 * HOUR), premium(3, 26 * HOUR)])
    .execute();

  let n = 0;
  const reports = (target: string, filedAgo: number, resolvedAgo: number | null) =>
    Array.from({ length: 3 }, () => ({
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
  await putReports(game.development, [
    ...reports('@dash-then-1', 7 * DAY + HOUR, 2 * DAY),
    ...reports('@dash-then-2', 7 * DAY + 2 * HOUR, 2 * DAY),
    ...reports('@dash-now', HOUR, null),
  ]);

  const suspension = (n: number, startsAgo: number, liftedAgo: number | null) => ({
    suspension_id: `dash-suspension-${n}`,
    user_id: `dash-suspended-${n}`,
    reason: 'Cheating.',
    starts_at: ago(startsAgo),
    ends_at: null,
    suspended_by: id,
    environment: 'development',
    report_id: null,
    lifted_at: liftedAgo === null ? null : ago(liftedAgo),
    lifted_by: liftedAgo === null ? null : id,
    lift_note: null,
  });
  await identity
    .insertInto('account_suspensions')
    .values([suspension(1, 10 * DAY, 2 * DAY), suspension(2, 9 * DAY, 2 * DAY), suspension(3, DAY, null)])
    .execute();
}

/** The change a tile says: "+3 against 7 days ago", "−2 against …", "Same as …". */
const changeOf = (now: number, before: number, against: string) =>
  now === before ? `Same as ${against}` : `${now > before ? '+' : '−'}${Math.abs(now - before)} against ${against}`;

/** Each tile with a change, and what its change is against. */
const COMPARED: readonly [label: string, against: string][] = [
  ['Unresolved Reports', '7 days ago'],
  ['Trending Issues', '7 days ago'],
  ['Suspended Players', '7 days ago'],
  ['Recent Sales (7d)', 'the 7 days before'],
  ['Active Users', '24 hours ago'],
  ['Credit IAPs (24hrs)', 'the 24 hours before'],
  ['Sub IAPs (24hrs)', 'the 24 hours before'],
];

afterAll(async () => {
  await session?.context.close();
});

const group = (page: Page, title: string) => page.getByRole('region', { name: title });
/** A tile's figure: the definition that follows its term. */
const figure = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
const figureText = async (page: Page, label: string) => (await figure(page, label).innerText()).trim();
/** The lines under a tile's figure: its change, then what it counts. */
const tileLines = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[position() > 1]');

const gameStatus = (page: Page) =>
  callApi<{ data: GatherDashboardResult }>(
    page,
    'POST',
    '/api/callable/development-admin-gatherRouterDashboardCallable',
    {
      data: null,
    },
  );
const moderationFigures = (page: Page) => callApi<ModerationDashboard>(page, 'GET', '/api/admin/development/dashboard');

async function openDashboard(page: Page): Promise<void> {
  await page.goto(`${fixture.site.url}/admin`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await group(page, 'Moderation & Reports').waitFor();
  await page.locator('dl[aria-busy="false"]').nth(1).waitFor();
}

describe('the admin dashboard', () => {
  it('shows the tiles of docs/product.md §2.9, the Game Status callable’s figures and no made-up number', async () => {
    const { page } = session;
    const called = page.waitForRequest((request) =>
      request.url().endsWith('/api/callable/development-admin-gatherRouterDashboardCallable'),
    );
    await openDashboard(page);
    expect((await called).postDataJSON()).toEqual({ data: null });

    const moderation = group(page, 'Moderation & Reports');
    expect(await moderation.locator('dt').allInnerTexts()).toEqual(MODERATION);
    const status = group(page, 'Game Status');
    await status.getByRole('heading', { level: 2, name: 'Game Status' }).waitFor();
    expect(await status.locator('dt').allInnerTexts()).toEqual(GAME_STATUS);

    // What the callable answers is what the tiles show.
    const { dashboardData } = (await gameStatus(page)).data;
    expect(dashboardData.activePlayers).toBe(3);
    expect(await figureText(page, 'Active Users')).toBe(String(dashboardData.activePlayers));
    expect(await figureText(page, 'Credit IAPs (24hrs)')).toBe(String(dashboardData.creditPurchasesCount));
    expect(await figureText(page, 'Sub IAPs (24hrs)')).toBe(String(dashboardData.subscriptionPurchasesCount));

    // The reports' figures are the dashboard's answer, with what they count under them.
    const { figures } = await moderationFigures(page);
    expect(await figureText(page, 'Unresolved Reports')).toBe(String(figures.unresolvedReports));
    expect(await figureText(page, 'Trending Issues')).toBe(String(figures.trendingIssues));
    await moderation.getByText('Reports from players and the game that no moderator has resolved.').waitFor();
    // Recent Sales counts the merch orders paid in the last 7 days: none yet on a fresh store.
    expect(await figureText(page, 'Recent Sales (7d)')).toBe('0');
    await moderation.getByText('Merch orders paid in the last 7 days; fully refunded ones are left out.').waitFor();
    expect(await page.getByText('24', { exact: true }).count()).toBe(0);

    const link = moderation.getByRole('link', { name: 'Digital Doubles' });
    expect(await link.getAttribute('href')).toBe('/admin/products/list');
    // The access facts and the Admin Log link stay.
    await page.getByText('Environment: development').waitFor();
    await consoleScreen(page).getByRole('link', { name: 'Admin Log' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('says the same Active Users as the live stats’ Active now: one figure, the maps’ current reports', async () => {
    const { page } = session;
    await openDashboard(page);
    const activeUsers = await figureText(page, 'Active Users');
    expect(activeUsers).toBe('3');
    await group(page, 'Game Status').getByRole('link', { name: 'Active Users' }).click();
    await page.waitForURL(/\/admin\/live/);
    await expect.poll(() => figureText(page, 'Active now')).toBe(activeUsers);
  });

  it('counts Live Products of the selected environment, and counts again when a product turns Active', async () => {
    const { page } = session;
    await openDashboard(page);
    const { game } = fixture.site.server.stores;
    const before = await countLiveProducts(game.development);
    expect(await figureText(page, 'Live Products')).toBe(String(before));

    const created = (await callApi(page, 'POST', '/api/admin/development/products', {
      productID: 'dash-jacket',
      name: 'Scavenger Jacket',
      description: 'Digital double of the scavenger jacket.',
      price: 5900,
      isDigitalDouble: true,
      releaseDate: null,
      varieties: [{ varietyID: 'default', varietyName: 'Default', stripeID: '', quantity: 4 }],
    })) as { version: number; varieties: { varietyID: string; varietyName: string; quantity: number }[] };
    // Created Inactive: an admin coming back to the dashboard sees the same figure.
    await consoleScreen(page).getByRole('link', { name: 'Admin Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Log' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Home' }).click();
    await page.locator('dl[aria-busy="false"]').nth(1).waitFor();
    expect(await figureText(page, 'Live Products')).toBe(String(before));

    await callApi(page, 'PUT', '/api/admin/development/products/dash-jacket', {
      product: {
        name: 'Scavenger Jacket',
        description: 'Digital double of the scavenger jacket.',
        price: 5900,
        isDigitalDouble: true,
        releaseDate: null,
        status: 1,
        varieties: created.varieties.map((variety) => ({ ...variety, stripeID: 'prod_jacket' })),
        images: [],
        version: created.version,
      },
    });
    // Back on the dashboard within the minute the app caches other answers: the figure is asked again.
    await consoleScreen(page).getByRole('link', { name: 'Admin Log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Log' }).waitFor();
    await page.getByRole('navigation', { name: 'Admin', exact: true }).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => figureText(page, 'Live Products')).toBe(String(before + 1));

    // Another environment has its own products.
    await page.getByLabel('Environment').selectOption('beta');
    await page.getByText('Environment: beta').waitFor();
    await expect.poll(() => figureText(page, 'Live Products')).toBe(String(await countLiveProducts(game.beta)));
    await page.getByLabel('Environment').selectOption('development');
    await page.getByText('Environment: development').waitFor();
  });

  it('says when the figures could not be loaded and loads them again on request', async () => {
    const { page } = session;
    await page.route('**/api/callable/*-admin-gatherRouterDashboardCallable', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { status: 'UNAVAILABLE', message: 'The game servers are resting.' } }),
      }),
    );
    await page.goto(`${fixture.site.url}/admin`);
    const status = group(page, 'Game Status');
    const alert = status.getByRole('alert');
    await alert.getByText('These figures could not be loaded. The game servers are resting.').waitFor();
    expect(await status.locator('dt').count()).toBe(0);
    // The other group does not depend on it.
    await expect.poll(() => figureText(page, 'Live Products')).toMatch(/^\d+$/);

    await page.unroute('**/api/callable/*-admin-gatherRouterDashboardCallable');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => figureText(page, 'Active Users')).toMatch(/^\d+$/);
    expect(await status.getByRole('alert').count()).toBe(0);
  });

  it('shows every compared tile’s change against the period before, opens each tile’s list, and lists what needs attention', async () => {
    const { page } = session;
    // A key made and never used: the game server it is for was never set up.
    await callApi(page, 'POST', '/api/admin/development/ingest-keys', { name: 'Never set up' });
    for (const viewport of [{ width: 1280, height: 800 }, MOBILE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await openDashboard(page);
      const moderation = await moderationFigures(page);
      const status = (await gameStatus(page)).data;
      const answered: Record<string, { now: number; before: number }> = {
        'Unresolved Reports': {
          now: moderation.figures.unresolvedReports,
          before: moderation.previous.unresolvedReports,
        },
        'Trending Issues': { now: moderation.figures.trendingIssues, before: moderation.previous.trendingIssues },
        'Suspended Players': { now: moderation.figures.suspendedPlayers, before: moderation.previous.suspendedPlayers },
        'Recent Sales (7d)': { now: moderation.figures.recentSales, before: moderation.previous.recentSales },
        'Active Users': { now: status.dashboardData.activePlayers, before: status.previous.activePlayers },
        'Credit IAPs (24hrs)': {
          now: status.dashboardData.creditPurchasesCount,
          before: status.previous.creditPurchasesCount,
        },
        'Sub IAPs (24hrs)': {
          now: status.dashboardData.subscriptionPurchasesCount,
          before: status.previous.subscriptionPurchasesCount,
        },
      };
      // The seeded periods: each of these moved, and the tile says by how much.
      expect(answered['Trending Issues']).toEqual({ now: 1, before: 2 });
      expect(answered['Suspended Players']).toEqual({ now: 1, before: 2 });
      expect(answered['Active Users']).toEqual({ now: 3, before: 8 });
      expect(answered['Credit IAPs (24hrs)']).toEqual({ now: 1, before: 2 });
      expect(answered['Sub IAPs (24hrs)']).toEqual({ now: 2, before: 1 });
      for (const [label, against] of COMPARED) {
        const { now, before } = answered[label] as { now: number; before: number };
        expect(await tileLines(page, label).first().innerText(), label).toBe(changeOf(now, before, against));
      }
      expect(await tileLines(page, 'Trending Issues').first().innerText()).toBe('−1 against 7 days ago');
      expect(await tileLines(page, 'Active Users').first().innerText()).toBe('−5 against 24 hours ago');
      expect(await tileLines(page, 'Sub IAPs (24hrs)').first().innerText()).toBe('+1 against the 24 hours before');
      // Live Products keeps no past (a product's status has no history): no change is made up.
      expect(await tileLines(page, 'Live Products').allInnerTexts()).not.toContainEqual(
        expect.stringMatching(/against|Same as/),
      );

      const attention = group(page, 'Needs attention');
      const now = moderation.figures.unresolvedReports;
      const reports = attention.getByRole('link', { name: `${now} unresolved reports` });
      expect(await reports.getAttribute('href')).toBe('/admin/moderation/reports');
      const keys = attention.getByRole('link', { name: '1 game server key made and never used' });
      expect(await keys.getAttribute('href')).toBe('/admin/ingest-keys');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await keys.click();
      await consoleScreen(page).getByRole('heading', { level: 1, name: 'Game server keys' }).waitFor();
      await consoleScreen(page)
        .getByRole('row', { name: /Never set up/ })
        .waitFor();

      // A tile opens the list it counts.
      await openDashboard(page);
      await group(page, 'Moderation & Reports').getByRole('link', { name: 'Unresolved Reports' }).click();
      await consoleScreen(page).getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/moderation/reports');
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('wraps its tiles on a phone, without sideways scrolling', async () => {
    const { context, page } = await openPage(fixture.browser, {
      viewport: MOBILE_VIEWPORT,
      isMobile: true,
      storageState: await session.context.storageState(),
    });
    await openDashboard(page);
    const tiles = group(page, 'Moderation & Reports').locator('dl > div');
    const box = async (index: number) => {
      const found = await tiles.nth(index).boundingBox();
      if (!found) throw new Error('tile not laid out');
      return found;
    };
    const [first, second, third] = [await box(0), await box(1), await box(2)];
    expect(second.y).toBe(first.y);
    expect(third.y).toBeGreaterThan(first.y);
    expect(second.x + second.width).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
