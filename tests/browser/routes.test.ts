import { describe, expect, it } from 'vitest';
import { openPage, useSite } from './harness';

const fixture = useSite();

describe('the route table', () => {
  it.each([
    ['/', '#signup'],
    ['/index.html', '#signup'],
    ['/story', 'h1:text("The Story Theater")'],
    // The admin shell's gate: a visitor is asked to sign in.
    ['/story/admin', 'h1:text("Admin area")'],
    ['/story/s1e1', 'h1:text("First Light at the Outpost")'],
    ['/shop/', 'h1:text("The Outpost Shop")'],
    ['/about/', 'h1'],
    ['/download/', 'h1'],
    ['/login', 'h1:text("Login / Signup")'],
    ['/privacy', 'h1:text("Privacy Policy")'],
    ['/terms', 'h1:text("End-User License Agreement")'],
  ])('%s answers 200 and renders its screen, not the Not-found screen', async (path, selector) => {
    const { page, context, consoleErrors } = await openPage(fixture.browser);
    const response = await page.goto(`${fixture.site.url}${path}`);
    expect(response?.status()).toBe(200);
    await page.locator(`main ${selector}`).first().waitFor();
    expect(await page.getByText('Page Not Found').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows LOADING while a story screen is on its way', async () => {
    const { page, context } = await openPage(fixture.browser);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/theater-home-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${fixture.site.url}/story`, { waitUntil: 'domcontentloaded' });
    // Exact: the theater's own "Loading the episodes…" is not the route's fallback.
    await page.getByRole('status').getByText('LOADING', { exact: true }).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'The Story Theater' }).waitFor();
    expect(await page.getByText('LOADING', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
