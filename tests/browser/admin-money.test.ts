import { adminUserPath } from '@outpost/contracts/admin-routes';
import type { Environment } from '@outpost/contracts/environments';
import { MONEY_PATHS } from '@outpost/contracts/subscriptions/paths';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { grantStorePurchase } from '../../apps/server/src/store-purchases/purchases';
import { useRoleSessions } from './accounts-helpers';
import { callApi, MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

/*
 * The back office's money, in Chromium against the real server and its demo data: the subscribers
 * by channel and state, the revenue per channel and day, a store sale arriving while the screen is
 * open, and the annual plan's price, at 1,280 px and on a phone.
 */

const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['admin'] as const);
const ENV: Environment = 'development';
const url = (path: string) => `${fixture.site.url}${path}`;
const DAY = 24 * 60 * 60 * 1000;

async function openIn(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  const select = page.getByLabel('Environment');
  await select.waitFor();
  if ((await select.inputValue()) !== ENV) await select.selectOption(ENV);
  await page.locator(`[data-environment="${ENV}"]`).waitFor();
}

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the money screens', () => {
  it("shows a player's premium with its history and their store purchases on their page", async () => {
    const { page } = sessions.admin;
    await openIn(page, MONEY_PATHS.subscribers);
    const me = await callApi<{ user: { id: string } }>(page, 'GET', '/api/auth/me');
    const bought = new Date(Date.now() - 5 * DAY).toISOString();
    await grantStorePurchase(
      fixture.site.server.stores.game[ENV],
      {
        transaction: {
          store: 'google-play',
          transactionId: `GPA.page-${Date.now()}`,
          subscriptionId: `token-page-${Date.now()}`,
          productId: 'premium.monthly',
          type: 'subscription',
          purchasedAt: bought,
          expiresAt: new Date(Date.now() + 25 * DAY).toISOString(),
          amount: { cents: 799, currency: 'USD' },
          environment: 'sandbox',
        },
        subscriptionReports: [],
      },
      me.user.id,
    );
    await page.goto(url(adminUserPath(me.user.id)));
    const money = page.getByRole('region', { name: 'Premium and store purchases' });
    const subscription = money.getByRole('article', { name: 'Google Play, Monthly subscription' });
    await subscription.getByText(/^Active; the period ends on /).waitFor();
    expect(await subscription.getByRole('list', { name: 'History' }).innerText()).toMatch(/^Bought on .+, to .+$/);
    // A store's subscription is refunded by the store, not from here.
    expect(await subscription.getByRole('button', { name: 'Refund the current period' }).count()).toBe(0);
    await money.getByText(/^Premium from Google Play on .+ for \$7\.99$/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("lists the demo's subscribers by channel and state, filters them, and counts each", async () => {
    const { page } = sessions.admin;
    await openIn(page, MONEY_PATHS.subscribers);
    await page.getByRole('heading', { level: 1, name: 'Subscribers' }).waitFor();
    const summary = page.getByRole('table', { name: 'Subscriptions by channel and state' });
    await summary.getByRole('rowheader', { name: 'App Store' }).waitFor();
    expect(await summary.getByRole('row').filter({ hasText: 'Card (Stripe)' }).innerText()).toContain('1');
    const list = page.getByRole('table', { name: 'Subscribers' });
    await list.getByRole('cell', { name: 'Renewal off' }).waitFor();
    const search = page.getByRole('search', { name: 'Filter Subscribers' });
    await search.getByLabel('Channel').selectOption('app-store');
    await search.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/channel=app-store/);
    await list.getByRole('cell', { name: 'Renewal off' }).waitFor({ state: 'detached' });
    await list.getByRole('cell', { name: 'App Store' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows the revenue per channel, and a store sale made while it is open', async () => {
    const { page } = sessions.admin;
    await openIn(page, MONEY_PATHS.revenue);
    const byChannel = page.getByRole('table', { name: 'Revenue by channel' });
    const appStore = byChannel.getByRole('row').filter({ hasText: 'App Store' });
    // The demo: premium for $7.99 and a $4.99 pack Apple refunded.
    expect((await appStore.innerText()).split('\t').map((cell) => cell.trim())).toEqual([
      'App Store',
      '$12.98',
      '$4.99',
      '$7.99',
    ]);
    await page.locator('[data-live-state="live"]').waitFor({ state: 'attached' });
    const googlePlay = byChannel.getByRole('row').filter({ hasText: 'Google Play' });
    const grossBefore = Number((await googlePlay.getByRole('cell').first().innerText()).replace(/[$,]/g, ''));
    await grantStorePurchase(
      fixture.site.server.stores.game[ENV],
      {
        transaction: {
          store: 'google-play',
          transactionId: `GPA.browser-${Date.now()}`,
          productId: 'outpost',
          type: 'consumable',
          purchasedAt: new Date().toISOString(),
          amount: { cents: 1999, currency: 'USD' },
          environment: 'sandbox',
        },
        subscriptionReports: [],
      },
      'demo-player-2',
    );
    await googlePlay.filter({ hasText: `$${(grossBefore + 19.99).toFixed(2)}` }).waitFor();

    await page.getByLabel('From').fill('2026-12-10');
    await page.getByLabel('To').fill('2026-12-01');
    await page.getByRole('button', { name: 'Show revenue' }).click();
    await page.getByText('The range must start on or before its last day.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('sets the annual price, refusing one that is no discount, and fits a phone', async () => {
    const { page } = sessions.admin;
    await openIn(page, MONEY_PATHS.plans);
    const price = page.getByLabel('Annual price (USD)');
    await price.fill('95.88');
    await page.getByRole('button', { name: 'Save premium plans' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The annual price must be less than twelve months of the monthly plan ($95.88).' })
      .waitFor();
    await price.fill('59.99');
    await page.getByRole('button', { name: 'Save premium plans' }).click();
    await page.getByRole('alert').filter({ hasText: 'Premium plans saved.' }).waitFor();

    const phone = await openPage(fixture.browser, {
      viewport: MOBILE_VIEWPORT,
      storageState: await page.context().storageState(),
    });
    try {
      for (const path of Object.values(MONEY_PATHS)) {
        await phone.page.goto(url(path));
        await phone.page.locator('main h1').waitFor();
        await phone.page.locator('main table, main form').first().waitFor();
        expect(await sidewaysOverflow(phone.page), path).toBeLessThanOrEqual(0);
      }
      await phone.page.goto(url('/account'));
    } finally {
      await phone.context.close();
    }
  });
});
