import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYERS } from '../../apps/server/src/identity/index';
import { useRoleSessions } from './accounts-helpers';
import { consoleScreen } from './admin-pages';
import { MOBILE_VIEWPORT, openPage, useSite } from './harness';

/*
 * The demo's moderation story, as a new moderator meets it on the demo data: the trending issue about
 * @crate_raider, one of its reports, "Find the reported player", the player found, and their page opened, at a
 * desktop's width and a phone's.
 */

const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['moderator'] as const);
const [raider] = DEMO_PLAYERS;

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe.each([
  ['a desktop', { width: 1280, height: 900 }],
  ['a phone', MOBILE_VIEWPORT],
] as const)('the demo’s moderation story on %s', (_, viewport) => {
  it('goes from the trending issue to the reported player’s page', async () => {
    const { context, page } = await openPage(fixture.browser, {
      viewport,
      storageState: await sessions.moderator.context.storageState(),
    });
    try {
      // The trending issues and the search answer on a busy machine too.
      context.setDefaultTimeout(15_000);
      const screen = consoleScreen(page);
      await page.goto(`${fixture.site.url}/admin/moderation/reports`);
      const trending = screen.getByRole('region', { name: 'Trending issues' });
      await trending.getByRole('link', { name: `@${raider?.displayName}: Harassment or bullying` }).click();
      await page.waitForURL(/category=harassment/);
      await screen.getByRole('status').filter({ hasText: '3 results' }).waitFor();
      await noSidewaysScroll(page, viewport.width);

      // One of its reports (the list's visible form of it: a table on a desktop, cards on a phone), then the way to
      // the player it is about.
      await screen
        .locator('a:visible', { hasText: /^#\d+$/ })
        .first()
        .click();
      await screen.getByRole('heading', { level: 2, name: 'Unresolved report', exact: true }).waitFor();
      await screen.getByRole('link', { name: 'Find the reported player' }).click();
      const hit = screen.getByRole('link', { name: `@${raider?.displayName}`, exact: true });
      await hit.waitFor();
      await noSidewaysScroll(page, viewport.width);

      await hit.click();
      await page.waitForURL(new RegExp(`/admin/moderation/users/${raider?.userID}`));
      await screen.getByRole('heading', { level: 1, name: new RegExp(`@${raider?.displayName}`) }).waitFor();
      await noSidewaysScroll(page, viewport.width);
    } finally {
      await context.close();
    }
  });
});
