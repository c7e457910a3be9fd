import { describe, expect, it } from 'vitest';
import { MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite, waitForHydration } from './harness';

const fixture = useSite();

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** The badges' order once the page is interactive (the prerendered page has the default order). */
const badgeOrder = async (userAgent: string) => {
  const { page, context } = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT, userAgent });
  await page.goto(`${fixture.site.url}/download/`);
  await waitForHydration(page, 'main h1');
  await page.waitForLoadState('networkidle');
  const badges = page.locator('main').getByRole('link', { name: /App Store|Google Play/ });
  const names = await badges.evaluateAll((links) => links.map((link) => link.textContent?.trim()));
  await context.close();
  return names;
};

describe('the download screen', () => {
  it('shows an iPhone visitor the App Store first', async () => {
    expect(await badgeOrder(IPHONE)).toEqual([
      expect.stringContaining('App Store'),
      expect.stringContaining('Google Play'),
    ]);
  });

  it('shows an Android visitor Google Play first', async () => {
    expect(await badgeOrder(ANDROID)).toEqual([
      expect.stringContaining('Google Play'),
      expect.stringContaining('App Store'),
    ]);
  });

  it('has no serious accessibility violation, and /about/ neither', async () => {
    for (const path of ['/download/', '/about/']) {
      const { page, context } = await openPage(fixture.browser);
      await page.goto(`${fixture.site.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousAxeViolations(page), path).toEqual([]);
      await context.close();
    }
  });
});
