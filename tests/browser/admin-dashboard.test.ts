import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countTrendingIssues,
  countUnresolvedReports,
  countUnresolvedReportsAt,
} from '../../apps/server/src/moderation/queries';
import { countLiveProducts } from '../../apps/server/src/products/queries';
import { type Account, grantKeys, newAccount, signUpThroughUi } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { callApi, MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

const GAME_KEY = 'browser-dashboard-game-server-key-0123456789';
const fixture = useSite({ INGEST_DEVELOPMENT_KEY: GAME_KEY });
let admin: Account;
let session: { context: BrowserContext; page: Page };

const MODERATION = ['Unresolved Reports', 'Trending Issues', 'Suspended Players', 'Live Products', 'Recent Sales (7d)'];
const GAME_STATUS = ['Active Users', 'Credit IAPs (24hrs)', 'Sub IAPs (24hrs)'];

beforeAll(async () => {
  admin = newAccount('dash');
  session = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
  await signUpThroughUi(session.page, fixture.site, admin);
  await grantKeys(fixture.site, admin.email, ['admin']);
  // The game saw the admin a minute ago: Active Users counts the game's presence, not web sessions.
  const { id } = await fixture.site.server.stores.identity
    .selectFrom('auth_users')
    .select('id')
    .where('email', '=', admin.email)
    .executeTakeFirstOrThrow();
  const seen = await fetch(`${fixture.site.url}/api/ingest/development/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${GAME_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      events: [
        { id: 'dashboard-presence', type: 'presence', at: new Date(Date.now() - 60_000).toISOString(), userID: id },
      ],
    }),
  });
  expect(await seen.json()).toMatchObject({ stored: 1, refused: [] });
});

afterAll(async () => {
  await session?.context.close();
});

const group = (page: Page, title: string) => page.getByRole('region', { name: title });
/** A tile's figure: the definition that follows its term. */
const figure = (page: Page, label: string) =>
  page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
const figureText = async (page: Page, label: string) => (await figure(page, label).innerText()).trim();

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
    const answer = (await callApi(page, 'POST', '/api/callable/development-admin-gatherRouterDashboardCallable', {
      data: null,
    })) as { data: { dashboardData: Record<string, number> } };
    const { activePlayers, creditPurchasesCount, subscriptionPurchasesCount } = answer.data.dashboardData;
    expect(activePlayers).toBeGreaterThanOrEqual(1);
    expect(await figureText(page, 'Active Users')).toBe(String(activePlayers));
    expect(await figureText(page, 'Credit IAPs (24hrs)')).toBe(String(creditPurchasesCount));
    expect(await figureText(page, 'Sub IAPs (24hrs)')).toBe(String(subscriptionPurchasesCount));

    // The reports' figures are the moderation store's counts, with what they count under them.
    const { game } = fixture.site.server.stores;
    expect(await figureText(page, 'Unresolved Reports')).toBe(String(await countUnresolvedReports(game.development)));
    expect(await figureText(page, 'Trending Issues')).toBe(String(await countTrendingIssues(game.development)));
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

  it('shows each compared tile’s change against a week ago, opens each tile’s list, and lists what needs attention', async () => {
    const { page } = session;
    // A key made and never used: the game server it is for was never set up.
    await callApi(page, 'POST', '/api/admin/development/ingest-keys', { name: 'Never set up' });
    for (const viewport of [{ width: 1280, height: 800 }, MOBILE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await openDashboard(page);
      const { game } = fixture.site.server.stores;
      const now = await countUnresolvedReports(game.development);
      const weekAgo = await countUnresolvedReportsAt(game.development, new Date(Date.now() - 7 * 86_400_000));
      const difference = now - weekAgo;
      const change = figure(page, 'Unresolved Reports').locator('xpath=following-sibling::dd[1]');
      expect(await change.innerText()).toBe(
        difference === 0
          ? 'Same as 7 days ago'
          : `${difference > 0 ? '+' : '−'}${Math.abs(difference)} against 7 days ago`,
      );
      expect(await figure(page, 'Recent Sales (7d)').locator('xpath=following-sibling::dd[1]').innerText()).toBe(
        'Same as the 7 days before',
      );

      const attention = group(page, 'Needs attention');
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
