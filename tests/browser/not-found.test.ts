import { describe, expect, it } from 'vitest';
import { openPage, useSite } from './harness';

const fixture = useSite();

describe('the Not-found screen', () => {
  it('answers 404, says so, and goes home after 3 seconds when the user stays', async () => {
    const { page, context } = await openPage(fixture.browser);
    const response = await page.goto(`${fixture.site.url}/no-such-place`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/^404\s/);
    expect(text).toContain('transmission interrupted | directing you home');

    await page.waitForTimeout(2500);
    expect(new URL(page.url()).pathname).toBe('/no-such-place');
    await page.waitForURL(`${fixture.site.url}/`, { timeout: 2000 });
    await page.locator('#signup').waitFor();
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
