import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useRoleSessions } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { descriptionOf, isFocused } from './field-marks';
import { MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite } from './harness';

/*
 * The game server keys screen at a desktop's width and a phone's: an empty name is said once, at its field; the
 * new key's secret shows whole, with a Copy button that copies it; and the page never scrolls sideways.
 */

const fixture = useSite({ SEED_DEMO_DATA: 'false' });
const { sessions } = useRoleSessions(fixture, ['admin'] as const);

const NAME_MISSING = 'Name the key: which server or team uses it.';

/** Whether the page is wider than its window (sideways scrolling). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.each([
  ['a desktop', { width: 1280, height: 900 }],
  ['a phone', MOBILE_VIEWPORT],
] as const)('the game server keys on %s', (_, viewport) => {
  it('says an empty name once, at its field, then shows the new key whole with a Copy button that copies it', async () => {
    const { context, page } = await openPage(fixture.browser, {
      viewport,
      storageState: await sessions.admin.context.storageState(),
    });
    try {
      context.setDefaultTimeout(8_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixture.site.url });
      await page.goto(`${fixture.site.url}/admin/ingest-keys`);
      const screen = consoleScreen(page);
      await screen.getByRole('heading', { level: 1, name: 'Game server keys' }).waitFor();

      await screen.getByRole('button', { name: 'Make a key' }).click();
      const name = screen.getByLabel('Name', { exact: true });
      await expect.poll(() => isFocused(name)).toBe(true);
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await descriptionOf(name)).toContain(NAME_MISSING);
      // Once: at the field, and not again in the form's alert.
      expect(await screen.getByText(NAME_MISSING).count()).toBe(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      await name.fill(`Shard of ${viewport.width}`);
      await screen.getByRole('button', { name: 'Make a key' }).click();
      const secret = screen.getByLabel('Key', { exact: true });
      await secret.waitFor();
      const key = await secret.inputValue();
      expect(key).toMatch(/^opk_[A-Za-z0-9_-]{40,}$/);
      expect(await screen.getByText(NAME_MISSING).count()).toBe(0);
      // The whole key is in view: nothing scrolled out of its box, either way.
      const clipped = await secret.evaluate(
        (box) => box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight,
      );
      expect(clipped).toBe(false);
      const box = await secret.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(viewport.width);

      await screen.getByRole('button', { name: 'Copy the key' }).click();
      await screen.getByRole('status').filter({ hasText: 'The key is copied.' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

      await screen.getByRole('row', { name: new RegExp(`Shard of ${viewport.width}`) }).waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
