import type { Page } from 'playwright-core';
import type { Account } from './accounts-helpers';
import { consoleScreen } from './admin-pages';

/*
 * Steps the player page's browser tests share (docs/decisions/0130-the-player-page.md): opening a
 * player as support would, and the check that no page is wider than its viewport.
 */

/** Opens the player's page from the search palette, as support would: the field (or Ctrl+K), their name, Enter. */
export async function openPlayerFromSearch(page: Page, player: Account, open: () => Promise<void>): Promise<void> {
  await open();
  const palette = page.getByRole('dialog', { name: 'Search the back office' });
  await palette.getByRole('combobox', { name: 'Search the back office' }).fill(player.displayName);
  await palette.getByRole('option', { name: `@${player.displayName} ${player.email}` }).waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/admin\/moderation\/users\/[^/]+$/);
  await consoleScreen(page)
    .getByRole('heading', { level: 1, name: `@${player.displayName}` })
    .waitFor();
}

export const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
