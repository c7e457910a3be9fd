import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, grantKeys, logInThroughUi, newAccount, signUpThroughUi } from './accounts-helpers';
import { MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

// 4 sign-ups and 1 sign-in from one address: under the server's default auth rate limits.
const fixture = useSite();

const ROLES = ['admin', 'staff', 'moderator', 'player'] as const;
type Role = (typeof ROLES)[number];
const accounts = {} as Record<Role, Account>;
const sessions = {} as Record<Role, { context: BrowserContext; page: Page }>;

const DATA_LAYER_ON =
  'Hidden shop items: shown to you — machines and credit packs that are not available are listed too.';
const DATA_LAYER_OFF = 'Hidden shop items: not shown to you — only available machines and credit packs are listed.';

/** Each role signs up through the real UI; the operator then gives it its key in the store. */
beforeAll(async () => {
  for (const role of ROLES) {
    const account = newAccount(role.slice(0, 4));
    const { context, page } = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
    await signUpThroughUi(page, fixture.site, account);
    if (role !== 'player') await grantKeys(fixture.site, account.email, [role]);
    accounts[role] = account;
    sessions[role] = { context, page };
  }
});

afterAll(async () => {
  for (const role of ROLES) await sessions[role]?.context.close();
});

const adminUrl = (path = '/admin') => `${fixture.site.url}${path}`;

describe('the admin area', () => {
  it('shows ADMIN PANEL in the bar to admin and staff only', async () => {
    for (const role of ROLES) {
      const { page } = sessions[role];
      await page.goto(`${fixture.site.url}/`);
      const banner = page.getByRole('banner');
      await banner.getByText(`@${accounts[role].displayName}`).waitFor();
      expect(await banner.getByRole('link', { name: 'ADMIN PANEL' }).count(), role).toBe(
        role === 'admin' || role === 'staff' ? 1 : 0,
      );
    }
    const { page } = sessions.staff;
    await page.getByRole('banner').getByRole('link', { name: 'ADMIN PANEL' }).click();
    await page.waitForURL(adminUrl('/admin/'));
    await page.getByText('Admin Dashboard').waitFor();
  });

  it('opens for a moderator who types the address, with the data-layer view off; on for staff', async () => {
    const moderator = sessions.moderator.page;
    const response = await moderator.goto(adminUrl());
    expect(response?.status()).toBe(200);
    await moderator.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await moderator.getByText('Admin Dashboard').waitFor();
    await moderator.getByText('Environment: development').waitFor();
    await moderator.getByText(DATA_LAYER_OFF).waitFor();
    expect(await moderator.getByText(DATA_LAYER_ON).count()).toBe(0);

    const staff = sessions.staff.page;
    await staff.goto(adminUrl());
    await staff.getByText(DATA_LAYER_ON).waitFor();
    await sessions.admin.page.goto(adminUrl());
    await sessions.admin.page.getByText(DATA_LAYER_ON).waitFor();
  });

  it('keeps a player and a visitor out', async () => {
    const player = sessions.player.page;
    await player.goto(adminUrl());
    await player.getByText('Your account does not have access to the admin area.').waitFor();
    expect(await player.getByText('Admin Dashboard').count()).toBe(0);
    expect(await player.getByText(DATA_LAYER_OFF).count()).toBe(0);

    const { page, context } = await openPage(fixture.browser);
    await page.goto(adminUrl('/admin/moderation'));
    await page.getByText('Please sign in to use the admin area.').waitFor();
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);
    // The sign-in link brings the visitor back to the screen they asked for once signed in.
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(`${fixture.site.url}/login?next=%2Fadmin%2Fmoderation`);
    await logInThroughUi(page, accounts.moderator);
    await page.waitForURL(adminUrl('/admin/moderation'));
    await page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
    await context.close();
  });

  it('answers its paths with 200 and links them in the top bar; unknown admin paths are not found', async () => {
    const { page } = sessions.staff;
    for (const [path, heading] of [
      ['/admin', 'Dashboard'],
      ['/admin/', 'Dashboard'],
      ['/admin/moderation', 'Moderation'],
      ['/admin/configuration', 'Configuration'],
    ] as const) {
      const response = await page.goto(adminUrl(path));
      expect(response?.status(), path).toBe(200);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    const nav = page.getByRole('navigation', { name: 'Admin', exact: true });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'Moderation', 'Configuration', 'Theater']);
    expect(await nav.getByRole('link', { name: 'Configuration' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Moderation' }).click();
    await page.waitForURL(adminUrl('/admin/moderation'));
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(adminUrl('/admin'));
    await page.getByText(DATA_LAYER_ON).waitFor();

    const missing = await page.goto(adminUrl('/admin/products'));
    expect(missing?.status()).toBe(404);
    await page.getByText('Page Not Found').waitFor();
  });

  it('has a mobile menu with the same links that opens, keeps focus and closes with Escape', async () => {
    const context = await fixture.browser.newContext({
      viewport: MOBILE_VIEWPORT,
      isMobile: true,
      storageState: await sessions.moderator.context.storageState(),
    });
    const page = await context.newPage();
    await page.goto(adminUrl('/admin/configuration'));
    await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin', exact: true }).isVisible()).toBe(false);
    const open = page.getByRole('button', { name: 'Open admin menu' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Admin menu' });
    await dialog.waitFor();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    // One menu on a phone: the back office's top links, then every area's pages the moderator may
    // use (no admin's), then the site's under their own heading; no page twice.
    const links = await dialog.getByRole('link').allTextContents();
    expect(links.slice(0, 4)).toEqual(['Home', 'Moderation', 'Configuration', 'Theater']);
    expect(links.slice(-4)).toEqual(['HOME', 'STORY', 'SHOP', 'ABOUT']);
    expect(links).toEqual(expect.arrayContaining(['Players', 'Reports', 'Credit packs', 'Merch orders', 'Admin log']));
    expect(links).not.toContain('Rewards');
    expect(links).not.toContain('Push notifications');
    expect(new Set(links).size).toBe(links.length);
    await dialog.getByRole('heading', { name: 'The site' }).waitFor();
    expect(await page.getByRole('button', { name: 'Open menu', exact: true }).isVisible()).toBe(false);
    expect(await dialog.getByRole('link', { name: 'Configuration' }).getAttribute('aria-current')).toBe('page');
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open admin menu');

    await open.click();
    await dialog.getByRole('link', { name: 'Moderation' }).click();
    await page.waitForURL(adminUrl('/admin/moderation'));
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it.each(['desktop', 'mobile'] as const)('has no serious accessibility violation as staff (%s)', async (form) => {
    const { context, page } = await openPage(fixture.browser, {
      ...(form === 'mobile'
        ? { viewport: MOBILE_VIEWPORT, isMobile: true }
        : { viewport: { width: 1280, height: 800 } }),
      storageState: await sessions.staff.context.storageState(),
    });
    await page.goto(adminUrl());
    await page.getByText(DATA_LAYER_ON).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (form === 'mobile') {
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      await page.getByRole('dialog', { name: 'Admin menu' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    await context.close();
  });
});
