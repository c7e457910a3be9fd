import { describe, expect, it } from 'vitest';
import { MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

const fixture = useSite();

describe('accessibility (axe-core: no serious or critical violation)', () => {
  it.each([
    ['/', 'desktop'],
    ['/', 'mobile'],
    ['/terms', 'desktop'],
    ['/privacy', 'desktop'],
    ['/no-such-page', 'desktop'],
  ])('%s on %s', async (path, form) => {
    const { page, context } = await openPage(
      fixture.browser,
      form === 'mobile' ? { viewport: MOBILE_VIEWPORT, isMobile: true } : { viewport: { width: 1280, height: 800 } },
    );
    await page.goto(`${fixture.site.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the open mobile menu', async () => {
    const { page, context } = await openPage(fixture.browser, { viewport: MOBILE_VIEWPORT, isMobile: true });
    await page.goto(`${fixture.site.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
