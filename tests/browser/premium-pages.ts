import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Account, newAccount, signUpThroughUi } from './accounts-helpers';
import { launchBrowser, openPage, type Site } from './harness';

/** A Chromium with one player signed up through the real form, on a desktop, the site's CSP on. */
export interface PremiumPlayer {
  browser: Browser;
  account: Account;
  player: { context: BrowserContext; page: Page; consoleErrors: string[] };
  close(): Promise<void>;
}

export async function signedUpPremiumPlayer(site: Site, prefix: string): Promise<PremiumPlayer> {
  const browser = await launchBrowser();
  const account = newAccount(prefix);
  const player = await openPage(browser, { viewport: { width: 1280, height: 900 }, bypassCSP: false });
  player.context.setDefaultTimeout(8_000);
  await signUpThroughUi(player.page, site, account);
  return {
    browser,
    account,
    player,
    async close() {
      await player.context.close();
      await browser.close();
    },
  };
}

/** The account page's premium section. */
export const premiumSection = (page: Page) => page.getByRole('region', { name: 'Premium', exact: true });
