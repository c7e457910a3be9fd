import { describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { MOBILE_VIEWPORT, openPage, useSite } from './harness';

/*
 * The back office as a console (docs/decisions/0128-the-back-office-as-a-console.md): a side navigation of every
 * area on a desktop, one menu on a phone, the environment always in view, and an address with no
 * page said inside the console.
 */

const fixture = useSite();
const { sessions, accounts } = useRoleSessions(fixture, ['admin'] as const);
const url = (path: string) => `${fixture.site.url}${path}`;

const AREAS = ['Players and moderation', 'Economy', 'Merch', 'Story', 'Programmes', 'Game', 'Messaging', 'System'];

describe('the back office console', () => {
  it('lists every area on a desktop and opens each of its pages in one click', async () => {
    const { page } = sessions.admin;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('/admin'));
    const side = page.getByRole('navigation', { name: 'Back office' });
    await side.waitFor();
    expect(await side.getByRole('heading', { level: 2 }).allTextContents()).toEqual(AREAS);
    const labels = await side.getByRole('link').allTextContents();
    expect(labels).toEqual(
      expect.arrayContaining(['Players', 'Subscribers', 'Revenue', 'Live stats', 'Push notifications', 'Admin log']),
    );
    for (const label of labels) {
      const link = side.getByRole('link', { name: label, exact: true });
      const href = await link.getAttribute('href');
      await link.click();
      await page.waitForURL(url(href ?? ''));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => link.getAttribute('aria-current'), { message: label }).toBe('page');
      // Only that page is current (the admin log and the jobs share an address and differ by tab).
      expect(await side.locator('[aria-current="page"]').allTextContents(), label).toEqual([label]);
      // Still in the console, the environment in view.
      expect(await page.getByRole('combobox', { name: 'Environment' }).isVisible(), label).toBe(true);
    }
  });

  it('fits the console into the screen between a phone and a wide screen', async () => {
    const { page } = sessions.admin;
    for (const width of [768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(url('/admin'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0], `${width} px`).toBeLessThanOrEqual(widths[1] ?? 0);
    }
  });

  it('keeps the environment in view as a long page scrolls', async () => {
    const { page } = sessions.admin;
    await page.setViewportSize({ width: 1280, height: 320 });
    await page.goto(url('/admin/configuration'));
    await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const box = await page.getByRole('combobox', { name: 'Environment' }).boundingBox();
    expect(box && box.y >= 0 && box.y < 320).toBe(true);
  });

  it('finds a player with Ctrl+K from any page, and a machine from the field, and opens their pages', async () => {
    const { page } = sessions.admin;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url('/admin/configuration'));
    await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search the back office' });
    const field = palette.getByRole('combobox', { name: 'Search the back office' });
    await field.fill('ad');
    await palette.getByText('Type at least 3 characters.').waitFor();
    await field.fill(accounts.admin.displayName);
    await palette.getByRole('option', { name: `@${accounts.admin.displayName} ${accounts.admin.email}` }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/moderation\/users\/[^/]+$/);
    await palette.waitFor({ state: 'hidden' });
    await page.getByRole('main').getByText(accounts.admin.email).first().waitFor();

    // The top bar's field opens the same search; a demo machine is found by part of its name.
    await page.getByRole('button', { name: /^Search/ }).click();
    await field.fill('nonexistent thing');
    await palette.getByText('Nothing in development matches “nonexistent thing”.').waitFor();
    await field.fill('scrapyard');
    await palette.getByRole('option', { name: 'Scrapyard Capsules Available in the shop' }).click();
    await page.waitForURL(url('/admin/shop/machines/scrapyard'));
  });

  it('says inside the console that an address has no page, without leaving or sending the viewer home', async () => {
    const { context } = sessions.admin;
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.clock.install();
    const response = await page.goto(url('/admin/no-such-page'));
    expect(response?.status()).toBe(404);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await main.getByText('The back office has no page at /admin/no-such-page.').waitFor();
    await page.getByRole('navigation', { name: 'Back office' }).waitFor();
    // The public 404 sends a visitor home after 3 seconds; the console keeps staff where they are.
    await page.clock.runFor(5_000);
    expect(new URL(page.url()).pathname).toBe('/admin/no-such-page');
    await main.getByRole('link', { name: 'dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('carries every area in one menu on a phone, with no sideways scrolling', async () => {
    const { context, page, consoleErrors } = await openPage(fixture.browser, {
      viewport: MOBILE_VIEWPORT,
      isMobile: true,
      storageState: await sessions.admin.context.storageState(),
    });
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Back office' }).isVisible()).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Environment' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole('button', { name: 'Open admin menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Admin menu' });
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      ...AREAS.filter((area) => area !== 'Story'),
      'The site',
    ]);
    await dialog.getByRole('link', { name: 'Live stats' }).click();
    await page.waitForURL(url('/admin/live'));
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
