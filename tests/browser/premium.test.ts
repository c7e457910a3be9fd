import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStripe, startLocalStripe } from '../../apps/server/src/payments/stripe/testing/local-stripe';
import {
  STRIPE_BILLING_EVENTS,
  STRIPE_BILLING_WEBHOOK_PATH,
} from '../../apps/server/src/subscriptions/stripe-billing/webhook';
import { freePort, MOBILE_VIEWPORT, openPage, type Site, seriousAxeViolations, startSite } from './harness';
import { type PremiumPlayer, premiumSection, signedUpPremiumPlayer } from './premium-pages';

/*
 * Premium on the web, in Chromium against the tests' local Stripe and its hosted checkout page: the
 * player picks the annual plan on the account page, pays on Stripe's page (its Pay posts the signed
 * Billing events to the site over HTTP), comes back to premium shown live, turns renewal off for the
 * upcoming period and back on, with the site's own CSP on.
 */

let stripe: LocalStripe;
let site: Site;
let browser: Browser;
let player: { context: BrowserContext; page: Page; consoleErrors: string[] };
let signedUp: PremiumPlayer | undefined;

beforeAll(async () => {
  stripe = await startLocalStripe({ hostedCheckout: true });
  const billing = stripe.addWebhookEndpoint('http://127.0.0.1:9/not-yet', STRIPE_BILLING_EVENTS);
  const port = await freePort();
  site = await startSite({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    STRIPE_DEVELOPMENT_SECRET_KEY: stripe.secretKey,
    STRIPE_DEVELOPMENT_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_DEVELOPMENT_BILLING_WEBHOOK_SECRET: billing.secret,
    STRIPE_DEVELOPMENT_API_URL: stripe.apiUrl,
  });
  billing.url = `${site.url}${STRIPE_BILLING_WEBHOOK_PATH}`;
  signedUp = await signedUpPremiumPlayer(site, 'prem');
  ({ browser, player } = signedUp);
});

afterAll(async () => {
  await signedUp?.close();
  await site?.close();
  await stripe?.close();
});

describe('premium on the account page', () => {
  it('buys the annual plan by card, shows it live, cancels for the upcoming period and resumes', async () => {
    const { page } = player;
    await page.goto(`${site.url}/account`);
    const section = premiumSection(page);
    await section.getByText('Annual: $69.99 a year (save 27%)').waitFor();
    expect(await section.getByRole('radio', { name: 'Monthly: $7.99 a month' }).isChecked()).toBe(true);
    await section.getByRole('radio', { name: /^Annual/ }).check();
    await section.getByRole('button', { name: 'Pay by card, Apple Pay or Google Pay' }).click();

    await page.waitForURL(/\/c\/pay\//);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/account\?premium=started/);
    const status = section.getByRole('status').filter({ hasText: 'Premium is on' });
    await status.waitFor();
    expect(await status.innerText()).toMatch(/^Premium is on, paid through a card on this site\. It renews on /);

    await section.getByRole('button', { name: 'Cancel for the upcoming period' }).click();
    await section.getByText(/Renewal is off: premium ends on /).waitFor();
    await section.getByRole('button', { name: 'Resume premium' }).click();
    await section.getByText(/It renews on /).waitFor();
    await section.getByRole('button', { name: 'Cancel for the upcoming period' }).waitFor();
    await stripe.settled();
    // Stripe's echo of both changes leaves the subscription renewing, as the player left it.
    await page.reload();
    await section.getByRole('button', { name: 'Cancel for the upcoming period' }).waitFor();
    expect(player.consoleErrors).toEqual([]);
  });

  it('fits a phone', async () => {
    const phone = await openPage(browser, {
      viewport: MOBILE_VIEWPORT,
      storageState: await player.context.storageState(),
    });
    try {
      await phone.page.goto(`${site.url}/account`);
      await premiumSection(phone.page).getByRole('status').filter({ hasText: 'Premium is on' }).waitFor();
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      // This page lets the test inject axe (the player's own keeps the site's CSP).
      expect(await seriousAxeViolations(phone.page)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
