import { describe, expect, it } from 'vitest';
import { openPage, useSite } from './harness';

const fixture = useSite();

describe('the Not-found screen', () => {
  it('answers 404, says so, and goes home after 3 seconds when the user stays', async () => {
    const { page, context } = await openPage(fixture.browser);
    // When the app leaves the page, by the page's own clock: a busy machine delays this test's
    // steps, never the page's timer, so the 3 seconds are measured where they run.
    await page.addInitScript(() => {
      const replace = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History['replaceState']>) => {
        const [, , url] = args;
        if (url !== undefined && url !== null && new URL(String(url), location.href).pathname === '/') {
          (window as unknown as { leftAt?: number }).leftAt ??= performance.now();
        }
        replace(...args);
      };
    });
    const response = await page.goto(`${fixture.site.url}/no-such-place`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/^404\s/);
    expect(text).toContain('transmission interrupted | directing you home');

    await page.waitForURL(`${fixture.site.url}/`, { timeout: 8000 });
    await page.locator('#signup').waitFor();
    const shownFor = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return ((window as unknown as { leftAt?: number }).leftAt ?? 0) - paint;
    });
    // Home after 3 seconds on the screen, not before (docs/product.md §2.4).
    expect(shownFor).toBeGreaterThanOrEqual(2950);
    await context.close();
  });

  it('does not redirect a user who has moved on before the 3 seconds are up', async () => {
    const { page, context } = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(`${fixture.site.url}/lost/deeper`);
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    await page.waitForTimeout(1000);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ABOUT' }).click();
    await page.waitForURL(`${fixture.site.url}/about/`);
    await page.waitForTimeout(3000);
    expect(new URL(page.url()).pathname).toBe('/about/');
    await context.close();
  });
});
