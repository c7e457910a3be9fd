import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { ROUTES } from '@outpost/contracts/routes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SITE_TITLE } from '../../apps/web/src/lib/page-title';
import { useRoleSessions } from './accounts-helpers';
import { goWithinApp, openPage, useSite, waitForHydration } from './harness';

/*
 * Page titles and focus (docs/decisions/0106-page-titles-and-focus.md): every page has a title of its own, and after a
 * navigation focus is on the new page's main heading, as screen-reader users expect.
 */

const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['admin'] as const);
const url = (path: string) => `${fixture.site.url}${path}`;

/** What has focus: an element's tag and text, for the assertions' messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName}: ${active.textContent?.replace(/\s+/g, ' ').trim()}` : 'nothing';
  });
const headingText = (page: Page) =>
  page
    .locator('main h1')
    .first()
    .evaluate((heading) => heading.textContent?.replace(/\s+/g, ' ').trim() ?? '');

/** Every back-office page that needs no record in its path. */
const STATIC_ADMIN_PATHS = [
  ROUTES.adminHome,
  ...Object.values(ADMIN_ROUTES).filter((path) => !path.includes(':')),
  '/admin/configuration',
  '/admin/moderation',
];

describe('page titles and focus', () => {
  it('titles the public pages after what they show, and puts focus on the new page’s heading', async () => {
    const { page, context } = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(url('/'));
    await waitForHydration(page, 'main h1');
    expect(await page.title()).toBe(SITE_TITLE);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ABOUT' }).click();
    await page.waitForURL(url('/about/'));
    await expect.poll(() => page.title()).toBe('About — Outpost');
    await expect.poll(() => focused(page)).toBe(`H1: ${await headingText(page)}`);

    await page.goto(url('/login'));
    await expect.poll(() => page.title()).toBe('Log in — Outpost');
    // A tab of the same page: the title follows it, and focus stays on the tab.
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await expect.poll(() => page.title()).toBe('Sign up — Outpost');
    expect(await focused(page)).toBe('BUTTON: Sign up');
    await context.close();
  });

  it('titles every back-office page after its heading, a record’s page with what it does to it', async () => {
    const { page } = sessions.admin;
    await page.goto(url(ROUTES.adminHome));
    for (const path of STATIC_ADMIN_PATHS) {
      await goWithinApp(page, fixture.site.url, path);
      const heading = await headingText(page);
      await expect.poll(() => page.title(), { message: path }).toBe(`${heading} — Admin — Outpost`);
      expect(await page.title()).not.toBe(SITE_TITLE);
    }

    // From the list to a product: its name, read with what the page does, and focus on it.
    await page.goto(url(ADMIN_ROUTES.adminProducts));
    const first = page.getByRole('list', { name: 'Products' }).getByRole('article').first().getByRole('link').first();
    const name = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL(/\/admin\/products\/[^/]+$/);
    await expect.poll(() => page.title()).toBe(`Edit product ${name} — Admin — Outpost`);
    await expect.poll(() => focused(page)).toBe(`H1: Edit product ${name}`);
    // Seen: the product's name; heard: what the page does with it too.
    await page.getByRole('heading', { level: 1, name: `Edit product ${name}`, exact: true }).waitFor();
    expect(await page.locator('main h1 .visually-hidden').textContent()).toBe('Edit product ');
  });
});
