import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalPayPal, startLocalPayPal } from '../../apps/server/src/payments/paypal/testing/local-paypal';
import { PAYPAL_WEBHOOK_PATH } from '../../apps/server/src/subscriptions/paypal-billing/webhook';
import { freePort, MOBILE_VIEWPORT, openPage, type Site, seriousAxeViolations, startSite } from './harness';
import { type PremiumPlayer, premiumSection, signedUpPremiumPlayer } from './premium-pages';

/*
 * Premium paid with PayPal, in Chromium with the site's own CSP on, against the tests' local PayPal
 * and its approval page (the subscription's approve link): the player chooses PayPal on the account
 * page, first cancels on PayPal's page and comes back to an unchanged offer, then approves; PayPal
 * sends them back with its subscription_id, ba_token and token, and premium appears live once
 * PayPal's webhooks (held until then) reach the site.
 */

let paypal: LocalPayPal;
let site: Site;
let browser: Browser;
let player: { context: BrowserContext; page: Page; consoleErrors: string[] };
let signedUp: PremiumPlayer | undefined;

beforeAll(async () => {
  paypal = await startLocalPayPal({ approvalPage: true });
  const port = await freePort();
  const webhookId = paypal.addWebhook(`http://127.0.0.1:${port}${PAYPAL_WEBHOOK_PATH}`);
  site = await startSite({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYPAL_DEVELOPMENT_CLIENT_ID: paypal.clientId,
    PAYPAL_DEVELOPMENT_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_DEVELOPMENT_API_URL: paypal.apiUrl,
    PAYPAL_DEVELOPMENT_WEBHOOK_ID: webhookId,
  });
  signedUp = await signedUpPremiumPlayer(site, 'prempp');
  ({ browser, player } = signedUp);
});

afterAll(async () => {
  await signedUp?.close();
  await site?.close();
  await paypal?.close();
});

/** The page's width beyond the viewport (0 when nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** On the account page, the player picks the monthly plan and PayPal: on to PayPal's approval page. */
async function choosePayPal(page: Page): Promise<void> {
  await page.goto(`${site.url}/account`);
  const section = premiumSection(page);
  await section.getByRole('radio', { name: 'Monthly: $7.99 a month' }).check();
  await section.getByRole('button', { name: 'Pay with PayPal' }).click();
  await page.waitForURL((url) => url.origin === paypal.apiUrl && /^\?ba_token=BA-[0-9A-F]+$/.test(url.search));
  expect(new URL(page.url()).pathname).toBe('/webapps/billing/subscriptions');
  await page.getByText('$7.99 USD every month, starting today, until you cancel.').waitFor();
}

describe('premium paid with PayPal on the account page', () => {
  it('comes back unchanged, and says so, when the player cancels on PayPal’s page (on a phone)', async () => {
    const phone = await openPage(browser, {
      viewport: MOBILE_VIEWPORT,
      bypassCSP: false,
      storageState: await player.context.storageState(),
    });
    phone.context.setDefaultTimeout(8_000);
    try {
      const { page } = phone;
      await choosePayPal(page);
      await page.getByRole('link', { name: 'Cancel and return to Outpost' }).click();
      await page.waitForURL(/\/account\?ba_token=BA-[0-9A-F]+&token=EC-[0-9A-F]+$/);
      const section = premiumSection(page);
      await section
        .getByRole('status')
        .filter({ hasText: 'You left PayPal without subscribing, so nothing was charged.' })
        .waitFor();
      await section.getByRole('button', { name: 'Pay with PayPal' }).waitFor();
      expect(await section.getByText('Premium is on').count()).toBe(0);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      // PayPal's subscription waits on an approval that never came, and nothing was paid.
      const [subscriptionId] = paypal.subscriptionsOf(await playerId(page));
      expect(paypal.subscriptionStatus(subscriptionId ?? '')).toBe('APPROVAL_PENDING');
      expect(paypal.sales(subscriptionId ?? '')).toEqual([]);
      expect(phone.consoleErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('approves on PayPal’s page, comes back, and shows premium live when PayPal’s webhooks arrive', async () => {
    const { page } = player;
    await choosePayPal(page);
    await page.getByText('Outpost Premium monthly, 7.99 USD a month').waitFor();
    const release = paypal.holdWebhooks();
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/account\?premium=started&subscription_id=I-[0-9A-F]+&ba_token=BA-[0-9A-F]+&token=EC-/);
    const section = premiumSection(page);
    await section.getByRole('status').filter({ hasText: 'Thank you! Premium starts as soon as' }).waitFor();
    // Marks this document: a reload would lose the mark.
    await page.evaluate(() => document.documentElement.setAttribute('data-before-webhooks', ''));

    const deliveries = await release();
    expect(deliveries.map((delivery) => [delivery.eventType, delivery.status])).toEqual([
      ['BILLING.SUBSCRIPTION.ACTIVATED', 200],
      ['PAYMENT.SALE.COMPLETED', 200],
    ]);
    const status = section.getByRole('status').filter({ hasText: 'Premium is on' });
    await status.waitFor();
    expect(await status.innerText()).toMatch(/^Premium is on, paid through PayPal on this site\. It renews on /);
    expect(await page.locator('html[data-before-webhooks]').count()).toBe(1);
    const subscriptionId = new URL(page.url()).searchParams.get('subscription_id') ?? '';
    expect(paypal.subscriptionStatus(subscriptionId)).toBe('ACTIVE');
    expect(paypal.sales(subscriptionId)).toHaveLength(1);
    expect(player.consoleErrors).toEqual([]);
  });

  it('fits a phone with premium on', async () => {
    const phone = await openPage(browser, {
      viewport: MOBILE_VIEWPORT,
      storageState: await player.context.storageState(),
    });
    try {
      await phone.page.goto(`${site.url}/account`);
      await premiumSection(phone.page).getByRole('status').filter({ hasText: 'Premium is on' }).waitFor();
      expect(await overflow(phone.page)).toBeLessThanOrEqual(0);
      // This page lets the test inject axe (the player's own keeps the site's CSP).
      expect(await seriousAxeViolations(phone.page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});

/** The signed-in player's id, as PayPal's subscriptions carry it in custom_id. */
async function playerId(page: Page): Promise<string> {
  const session = await page.evaluate(async () => (await fetch('/api/auth/get-session')).json());
  return (session as { user: { id: string } }).user.id;
}
