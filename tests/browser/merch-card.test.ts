import type { OrderProfileInput } from '@outpost/contracts/merch';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_WEBHOOK_PATH } from '../../apps/server/src/merch/stripe-webhook';
import { type LocalStripe, startLocalStripe } from '../../apps/server/src/payments/stripe/testing/local-stripe';
import { type Account, grantKeys, newAccount, signUpThroughUi } from './accounts-helpers';
import { callApi, freePort, launchBrowser, openPage, type Site, seriousAxeViolations, startSite } from './harness';

/*
 * Paying merch by card in the browser, against the tests' local Stripe with its hosted checkout page standing
 * in for Stripe's: the shop sends the player there, Pay completes the session and posts the signed
 * checkout.session.completed to the site's webhook over HTTP, and the browser comes back to /shop/, which
 * waits for the server's word before saying "paid". The site's own CSP is on (no bypass): leaving for the
 * checkout page and coming back are top-level navigations it must not block. The demo 'outpost-hoodie'
 * (Medium: 35) is priced by Outpost with its prod_ id. The shop's staff then refund the card order at Stripe.
 */

let stripe: LocalStripe;
let site: Site;
let browser: Browser;
let player: { context: BrowserContext; page: Page; consoleErrors: string[] };
let account: Account;
/** The order paid by card in the first test, refunded in the last. */
let paidOrderID = '';

const PROFILE: OrderProfileInput = {
  email: 'card.player@example.com',
  phone: '20 7946 0000',
  countryCode: '+44',
  firstName: 'Rae',
  lastName: 'Scout',
  cut: '',
  shippingAddress: { line1: '2 Dock Road', line2: '', city: 'Leeds', state: '', zipcode: 'LS1 4AP', country: 'GB' },
  sizes: { shirtSize: '', hoodieSize: 'M', pantSize: '', shoeSize: '' },
};

beforeAll(async () => {
  stripe = await startLocalStripe({ hostedCheckout: true });
  // Checkout's return addresses are built from PUBLIC_URL, so the site's address is fixed first.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  site = await startSite({
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    STRIPE_DEVELOPMENT_SECRET_KEY: stripe.secretKey,
    STRIPE_DEVELOPMENT_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_DEVELOPMENT_API_URL: stripe.apiUrl,
  });
  stripe.setWebhookEndpoint(`${site.url}${STRIPE_WEBHOOK_PATH}`);
  browser = await launchBrowser();
  account = newAccount('card');
  // The site's CSP applies: nothing here injects a script.
  player = await openPage(browser, { viewport: { width: 1280, height: 900 }, bypassCSP: false });
  await signUpThroughUi(player.page, site, account);
  await callApi(player.page, 'POST', '/api/fn/set-order-profile', PROFILE);
});

afterAll(async () => {
  await player?.context.close();
  await browser?.close();
  await site?.close();
  await stripe?.close();
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const hoodieCard = (page: Page) =>
  region(page, 'Merch')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Outpost Hoodie', exact: true }) });

async function openShop(page: Page): Promise<Locator> {
  await page.goto(`${site.url}/shop/`);
  const hoodie = hoodieCard(page);
  await hoodie.waitFor();
  return hoodie;
}

/** Puts a Medium hoodie in the bag, checks out by card and follows the shop to the checkout page. */
async function checkOutByCard(page: Page, mediumLeft: number): Promise<string> {
  const hoodie = await openShop(page);
  await hoodie.getByRole('radio', { name: `Medium, ${mediumLeft} left` }).check();
  await hoodie.getByRole('button', { name: 'Add to bag' }).click();
  await region(page, 'Your bag').getByRole('button', { name: 'Check out' }).click();
  const checkout = region(page, 'Checkout');
  await checkout.getByText(/^Ships to Rae Scout, 2 Dock Road, Leeds, LS1 4AP, United Kingdom\.$/).waitFor();
  await checkout.getByRole('radio', { name: /^Card \(Stripe\): \$59\.99/ }).check();
  await checkout.getByRole('button', { name: 'Continue to card payment' }).click();

  await page.waitForURL(`${stripe.apiUrl}/c/pay/**`);
  const sessionID = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await page.getByRole('heading', { level: 1, name: 'Checkout (local Stripe)' }).waitFor();
  await page.getByText('Amount due: $59.99').waitFor();
  expect(stripe.session(sessionID)).toMatchObject({
    status: 'open',
    amount_total: 5999,
    customer_email: PROFILE.email,
  });
  return sessionID;
}

/** The shop's address as Checkout's success_url or cancel_url brings the browser back. */
const backInShop = (checkout: 'success' | 'cancelled') => (url: URL) =>
  url.origin === site.url &&
  url.pathname === '/shop/' &&
  url.searchParams.has('order') &&
  url.searchParams.get('checkout') === checkout;

describe('paying merch by card', () => {
  it('pays on the checkout page and waits for Stripe’s webhook before saying the order is paid', async () => {
    const { page } = player;
    const sessionID = await checkOutByCard(page, 35);

    // The webhook is held, as Stripe's often arrives after the customer is back.
    const release = stripe.holdWebhooks();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(backInShop('success'));
    const orderID = new URL(page.url()).searchParams.get('order') ?? '';
    expect(stripe.session(sessionID)).toMatchObject({ status: 'complete', payment_status: 'paid' });

    const order = region(page, 'Your order');
    const status = order.getByRole('status');
    await status.getByText('Payment received by Stripe; waiting for confirmation…').waitFor();
    // Stripe has the payment: there is nothing to cancel, and no second payment to start.
    expect(await order.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect(await order.getByRole('link', { name: 'Continue to card payment' }).count()).toBe(0);

    const delivered = await release();
    expect(delivered).toEqual([
      expect.objectContaining({ type: 'checkout.session.completed', sessionID, status: 200 }),
    ]);
    expect(JSON.parse(delivered[0]?.body ?? '{}')).toEqual({ received: true, outcome: 'paid' });
    // The screen asks for the order every 2 s until the server says it is paid.
    await status
      .getByText(`Thank you! Your order is paid. We write to ${PROFILE.email} when it ships.`)
      .waitFor({ timeout: 15_000 });
    // The order by its number, not its id.
    const named = order.getByText(/^Order #\d+ · Card \(Stripe\)$/);
    const orderName = (await named.innerText()).split(' ')[1] ?? '';
    expect(await order.innerText()).not.toContain(orderID);
    await region(page, 'Your bag').getByText('Your bag is empty.').waitFor();
    await hoodieCard(page).getByRole('radio', { name: 'Medium, 34 left' }).waitFor();

    await page.goto(`${site.url}/account`);
    const listed = region(page, 'Your orders')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order ${orderName}`, exact: true }) });
    await listed.getByText('Paid', { exact: true }).waitFor();
    await listed.getByText('$59.99', { exact: true }).waitFor();
    // A page clean of console errors: the site's CSP (Chrome reports each block there) let everything through.
    expect(player.consoleErrors).toEqual([]);
    paidOrderID = orderID;
  }, 60_000);

  it('comes back from the checkout page unpaid: the order still waits, and Cancel gives the stock back', async () => {
    const { page } = player;
    const sessionID = await checkOutByCard(page, 34);
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(backInShop('cancelled'));
    const orderID = new URL(page.url()).searchParams.get('order') ?? '';

    const order = region(page, 'Your order');
    await order
      .getByRole('status')
      .getByText(/^Your items are reserved for you until .+\. Pay before then, or they go back on sale\.$/)
      .waitFor();
    await order.getByText('You left the card payment before paying; nothing was charged.').waitFor();
    const resume = order.getByRole('link', { name: 'Continue to card payment' });
    expect(await resume.getAttribute('href')).toBe(`${stripe.apiUrl}/c/pay/${sessionID}`);
    // The reservation holds the unit.
    await hoodieCard(page).getByRole('radio', { name: 'Medium, 33 left' }).waitFor();

    // The account page offers the same payment, and Cancel, while the order is reserved.
    const orderName = (await order.getByText(/^Order #\d+ · /).innerText()).split(' ')[1] ?? '';
    await page.goto(`${site.url}/account`);
    const listed = region(page, 'Your orders')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order ${orderName}`, exact: true }) });
    await listed.getByText('Awaiting payment', { exact: true }).waitFor();
    expect(await listed.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe(
      `${stripe.apiUrl}/c/pay/${sessionID}`,
    );

    await page.goto(`${site.url}/shop/?order=${orderID}&checkout=cancelled`);
    await order.getByRole('button', { name: 'Cancel order' }).click();
    await order
      .getByRole('alert')
      .getByText('Order cancelled; nothing was charged. Its items are back in your bag.')
      .waitFor();
    await order.getByRole('status').getByText('Cancelled. Nothing was charged.').waitFor();
    // The session is expired at Stripe before the order lets its stock go.
    expect(stripe.session(sessionID).status).toBe('expired');
    await hoodieCard(page).getByRole('radio', { name: 'Medium, 34 left' }).waitFor();
    await region(page, 'Your bag').getByText('Total: $59.99 or 5,999 credits (1 item)').waitFor();
    // Stripe's page for the lapsed session says so and leads back.
    await page.goto(`${stripe.apiUrl}/c/pay/${sessionID}`);
    await page.getByText('This session has expired.').waitFor();
    expect(stripe.deliveries).toHaveLength(1);
    // A page clean of console errors: the site's CSP (Chrome reports each block there) let everything through.
    expect(player.consoleErrors).toEqual([]);
  }, 60_000);

  it('refunds the card order at Stripe; one Stripe did not answer shows pending until it is asked again', async () => {
    expect(paidOrderID).not.toBe('');
    const staffAccount = newAccount('cardstaff');
    const staff = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await signUpThroughUi(staff.page, site, staffAccount);
      await grantKeys(site, staffAccount.email, ['staff']);
      const { page } = staff;
      await page.goto(`${site.url}/admin/merch/orders/${paidOrderID}`);
      const refunds = page.getByRole('region', { name: 'Refunds', exact: true });
      const form = refunds.getByRole('form', { name: 'Refund this order' });
      await form.getByText('Paid by card: the money goes back to the card through Stripe.', { exact: false }).waitFor();
      await form.getByLabel('Amount (USD)').fill('20.00');
      await form.getByLabel('Reason').fill('Wrong size');

      // Stripe does not answer (the SDK's retries included): the refund stays pending.
      stripe.failNext(3, 500);
      await form.getByRole('button', { name: 'Refund' }).click();
      await refunds
        .getByRole('alert')
        .getByText(/^Stripe did not answer; the refund stays pending\./)
        .waitFor();
      const rows = refunds.getByRole('table', { name: 'Refunds of this order' }).locator('tbody tr');
      await rows.getByText('Pending at Stripe — check Stripe’s dashboard').waitFor();
      const retry = refunds.getByRole('form', { name: 'Refund pending at Stripe' });
      await retry.getByText(/^Stripe has not confirmed the refund of \$20\.00 asked on /).waitFor();
      expect(await form.count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await retry.getByRole('button', { name: 'Ask Stripe again' }).click();
      await refunds.getByRole('alert').getByText('Refund of $20.00 made at Stripe.').waitFor();
      await rows.getByText('Done at Stripe').waitFor();
      expect(await rows.allInnerTexts()).toEqual([
        expect.stringMatching(/\$20\.00\s+—\s+Wrong size\s+\S+\s+Done at Stripe\s+re_\w+$/),
      ]);
      const intent = stripe.requests.find((request) => request.path === '/v1/refunds')?.params.payment_intent;
      expect(stripe.refunds(String(intent)).map((refund) => refund.amount)).toEqual([2000]);
      // The form is back for what is left.
      await refunds
        .getByRole('form', { name: 'Refund this order' })
        .getByText(/^Up to \$39\.99 can still be refunded\./)
        .waitFor();
    } finally {
      await staff.context.close();
    }
  }, 60_000);
});
