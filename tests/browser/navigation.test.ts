import { describe, expect, it } from 'vitest';
import { MOBILE_VIEWPORT, openPage, useSite } from './harness';

const fixture = useSite();

describe('navigation bar', () => {
  it('links every public screen and highlights the current one', async () => {
    const { page, context, consoleErrors } = await openPage(fixture.browser, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(`${fixture.site.url}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path, heading] of [
      ['STORY', '/story', 'The Story Theater'],
      ['SHOP', '/shop/', 'The Outpost Shop'],
      ['ABOUT', '/about/', null],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${fixture.site.url}${path}`);
      // The highlight follows once the screen's lazy chunk has rendered.
      await nav.locator(`a[aria-current="page"][href="${path}"]`).waitFor();
      expect(await nav.locator('[aria-current="page"]').count()).toBe(1);
      if (heading) await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'PLAY NOW' }).click();
    await page.waitForURL(`${fixture.site.url}/download/`);
    await banner.locator('a[aria-current="page"][href="/download/"]', { hasText: 'PLAY NOW' }).first().waitFor();
    await banner.getByRole('link', { name: 'Login / Signup' }).click();
    await page.waitForURL(`${fixture.site.url}/login`);
    await banner.locator('a[aria-current="page"][href="/login"]', { hasText: 'Login / Signup' }).waitFor();
    await banner.getByRole('link', { name: 'Outpost home' }).click();
    await page.waitForURL(`${fixture.site.url}/`);
    expect(await nav.locator('[aria-current="page"]').count()).toBe(0);
    expect(await banner.getByRole('link', { name: 'ADMIN PANEL' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens the mobile menu as a full-screen dialog that keeps focus and closes by icon, Escape and link', async () => {
    const { page, context } = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT, isMobile: true });
    await page.goto(`${fixture.site.url}/about/`);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    const open = page.getByRole('button', { name: 'Open menu' });
    expect(await open.getAttribute('aria-expanded')).toBe('false');

    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    expect(await open.getAttribute('aria-expanded')).toBe('true');
    const links = await dialog.getByRole('link').allTextContents();
    expect(links).toEqual(['HOME', 'STORY', 'SHOP', 'ABOUT', 'PLAY NOW']);
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: MOBILE_VIEWPORT.width, height: MOBILE_VIEWPORT.height });
    expect(await dialog.getByRole('link', { name: 'ABOUT' }).getAttribute('aria-current')).toBe('page');

    // Focus stays inside the dialog however far the user tabs.
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

    await open.click();
    await dialog.getByRole('button', { name: 'Close menu' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await open.click();
    await dialog.getByRole('link', { name: 'SHOP' }).click();
    await page.waitForURL(`${fixture.site.url}/shop/`);
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('follows a link to a #fragment of another page, and back and forward keep each page where it was', async () => {
    const { page, context, consoleErrors } = await openPage(fixture.browser, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(`${fixture.site.url}/about/`);
    await page.getByRole('link', { name: 'join the launch list' }).click();
    await page.waitForURL(`${fixture.site.url}/#signup`);
    // The form is in the landing page's lower part, a chunk of its own: the page scrolls once it is there.
    const form = page.locator('#signup');
    await form.waitFor();
    await page.waitForFunction(() => {
      const box = document.querySelector('#signup')?.getBoundingClientRect();
      return box !== undefined && box.top >= -1 && box.top < window.innerHeight / 2;
    });
    const signupY = await page.evaluate(() => window.scrollY);
    expect(signupY).toBeGreaterThan(1000);

    // The bar stays on screen, so following its link does not scroll first.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SHOP' }).click();
    await page.waitForURL(`${fixture.site.url}/shop/`);
    await page.getByRole('heading', { level: 1, name: 'The Outpost Shop' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.waitForURL(`${fixture.site.url}/#signup`);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, signupY);
    await page.goForward();
    await page.waitForURL(`${fixture.site.url}/shop/`);
    await page.waitForFunction(() => window.scrollY === 0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
