import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAdminLog } from '../../apps/server/src/backoffice/admin-log';
import { type Account, grantKeys, newAccount, signUpThroughUi } from './accounts-helpers';
import { openPage, seriousAxeViolations, useSite } from './harness';

const fixture = useSite();
let admin: Account;
let session: { context: BrowserContext; page: Page };

beforeAll(async () => {
  admin = newAccount('logs');
  session = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
  await signUpThroughUi(session.page, fixture.site, admin);
  await grantKeys(fixture.site, admin.email, ['admin']);

  const { game } = fixture.site.server.stores;
  await appendAdminLog(game.development, {
    action: 'createProduct',
    environment: 'development',
    admin: 'dev-admin',
    data: { productID: 'dev-hoodie' },
  });
  for (const [action, productID] of [
    ['createProduct', 'beta-cap'],
    ['updateProduct', 'beta-cap'],
    ['createProduct', 'beta-tee'],
  ] as const) {
    await appendAdminLog(game.beta, { action, environment: 'beta', admin: 'beta-admin', data: { productID } });
  }
});

afterAll(async () => {
  await session?.context.close();
});

const table = (page: Page) => page.getByRole('table', { name: 'Admin log' });

describe('the admin log', () => {
  it('lists the chosen environment only, remembers the choice, and filters on the server', async () => {
    const { page } = session;
    await page.goto(`${fixture.site.url}/admin/log`);
    await page.getByRole('heading', { level: 1, name: 'Admin Log' }).waitFor();
    await table(page).getByText('dev-hoodie').waitFor();
    expect(await table(page).getByText('beta-cap').count()).toBe(0);

    const environment = page.getByLabel('Environment');
    expect(await environment.inputValue()).toBe('development');
    await environment.selectOption('beta');
    await table(page).getByText('beta-tee').waitFor();
    expect(await table(page).getByText('dev-hoodie').count()).toBe(0);
    expect(await table(page).getByRole('row').count()).toBe(1 + 3);

    // The choice is remembered for this admin.
    await page.reload();
    await table(page).getByText('beta-tee').waitFor();
    expect(await page.getByLabel('Environment').inputValue()).toBe('beta');

    await page.getByRole('searchbox', { name: 'Action' }).fill('updateProduct');
    await page.getByRole('searchbox', { name: 'Action' }).press('Enter');
    await page.waitForURL(/action=updateProduct/);
    await page.getByRole('status').getByText('1 result').waitFor();
    expect(await table(page).getByText('beta-tee').count()).toBe(0);
    expect(await table(page).getByText('beta-cap').count()).toBe(1);

    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows production in its own colour', async () => {
    const { page } = session;
    await page.goto(`${fixture.site.url}/admin/log`);
    await page.getByLabel('Environment').selectOption('production');
    await page.getByText('No admin action matches these filters.').waitFor();
    const shell = page.locator('[data-environment="production"]');
    await shell.waitFor();
    const border = await shell.evaluate((element) => getComputedStyle(element).borderTopWidth);
    expect(border).toBe('6px');
  });
});
