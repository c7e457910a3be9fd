import { adminProductPath } from '@outpost/contracts/admin-routes';
import {
  MERCH_MESSAGES,
  MERCH_ORDER_STATUS_LABELS,
  type MerchOrder,
  type OrderProfileInput,
} from '@outpost/contracts/merch';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { credit } from '../../apps/server/src/ledger/ledger';
import { useRoleSessions } from './accounts-helpers';
import { openNewForm } from './admin-pages';
import { callApi, MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

// 3 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const ROLES = ['staff', 'moderator', 'player'] as const;
const { sessions, accounts } = useRoleSessions(fixture, ROLES);

const tag = Date.now().toString(36).slice(-5);
const DROP = `winter-${tag}`;
const SUBJECT = `Where is my hoodie ${tag}?`;
const PROFILE: OrderProfileInput = {
  email: 'rae.scout@example.com',
  phone: '20 7946 0000',
  countryCode: '+44',
  firstName: 'Rae',
  lastName: 'Scout',
  cut: 'womens',
  shippingAddress: {
    line1: '2 Dock Road',
    line2: 'Unit 4',
    city: 'Leeds',
    state: '',
    zipcode: 'LS1 4AP',
    country: 'GB',
  },
  sizes: { shirtSize: 'M', hoodieSize: 'M', pantSize: '', shoeSize: '' },
};
let order: MerchOrder;

const url = (path: string) => `${fixture.site.url}${path}`;
// The players' store: the site serves APP_ENV (development), the admins' default environment too.
const store = () => fixture.site.server.stores.game.development;

beforeAll(async () => {
  // A player's hoodie, paid in credits, through the real API.
  const { page } = sessions.player;
  const userId = await findUserIdByEmail(fixture.site.server.stores.identity, accounts.player.email);
  if (!userId) throw new Error('the player has no account');
  await credit(store(), { userId, amount: 10_000, reason: 'adjustment', reference: `test-grant:${tag}` });
  await callApi(page, 'POST', '/api/fn/set-order-profile', PROFILE);
  const placed = await callApi<MerchOrder>(page, 'POST', '/api/shop/merch/orders', {
    lines: [{ productID: 'outpost-hoodie', varietyID: 'm', quantity: 1 }],
    payment: 'credits',
  });
  const paid = await callApi<{ order: MerchOrder; balance: number }>(
    page,
    'GET',
    `/api/fn/process-direct-transaction?orderID=${encodeURIComponent(placed.orderID)}`,
  );
  expect(paid.order.status).toBe('paid');
  order = paid.order;
  await callApi(page, 'POST', '/api/shop/merch/contact', {
    email: PROFILE.email,
    name: 'Rae Scout',
    subject: SUBJECT,
    message: `My order ${order.orderID} has not arrived yet.\nIt was a medium hoodie, and I would like it before the winter drop please, as the nights here are getting colder and colder.`,
  });
});

async function expectAlert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
  expect(await page.getByRole('alert').filter({ hasText: text }).innerText()).toBe(text);
}

/** A fact of a description list on the order screen: the definition after its term. */
const fact = (page: Page, section: string, term: string) =>
  page
    .getByRole('region', { name: section })
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]');

/** The order as people name it: its number, not its id. */
const orderName = () => `#${order.orderNumber}`;
/** The orders list's row of the order, found by its number's link. */
const orderRow = (page: Page) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: orderName(), exact: true }) });

async function openOrder(page: Page): Promise<void> {
  await page.goto(url('/admin/merch/orders'));
  await orderRow(page).getByRole('link', { name: orderName(), exact: true }).click();
  await page.waitForURL(url(`/admin/merch/orders/${order.orderID}`));
  await page.getByRole('heading', { level: 2, name: 'Shipping details' }).waitFor();
}

describe('merch orders, as staff', () => {
  it('lists the paid order with its player, items, total and status, filtered by status', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/merch/orders'));
    await page.getByRole('heading', { level: 1, name: 'Merch orders' }).waitFor();
    const row = orderRow(page);
    await row.waitFor();
    // Named by its number; its id only on its own page.
    expect(await row.innerText()).not.toContain(order.orderID);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      expect.any(String),
      orderName(),
      // The buyer by name and email; the order ships to its shipping name.
      expect.stringMatching(
        new RegExp(`^@${accounts.player.displayName}\\s*${accounts.player.email.replace(/\./g, '\\.')}$`),
      ),
      'Rae Scout',
      'Outpost Hoodie (Medium) × 1',
      '5,999 credits',
      'Credits',
      'Paid',
      '—',
    ]);

    await page.getByLabel('Status').selectOption('shipped');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => orderRow(page).count()).toBe(0);
    expect(page.url()).toContain('status=shipped');
    await page.getByLabel('Status').selectOption('paid');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await row.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows the order, packs it and ships it with its tracking reference, which the player then sees', async () => {
    const { page } = sessions.staff;
    await openOrder(page);
    await page.getByRole('heading', { level: 1, name: `Merch order ${orderName()}` }).waitFor();
    // Its own page has its id, to copy.
    expect(await fact(page, 'Summary', 'Order ID').innerText()).toContain(order.orderID);
    await fact(page, 'Summary', 'Order ID').getByRole('button', { name: 'Copy the order ID' }).waitFor();
    expect(await fact(page, 'Summary', 'Status').innerText()).toBe('Paid');
    expect(await fact(page, 'Summary', 'Total').innerText()).toBe('5,999 credits ($59.99)');
    expect(await fact(page, 'Shipping details', 'Name').innerText()).toBe('Rae Scout');
    expect((await fact(page, 'Shipping details', 'Address').innerText()).split('\n')).toEqual([
      '2 Dock Road',
      'Unit 4',
      'Leeds, LS1 4AP',
      'United Kingdom',
    ]);
    expect(await fact(page, 'Shipping details', 'Phone').innerText()).toBe('+44 20 7946 0000');
    expect(await fact(page, 'Shipping details', 'Email').getByRole('link').getAttribute('href')).toBe(
      'mailto:rae.scout@example.com',
    );
    expect(await fact(page, 'Shipping details', 'Cut').innerText()).toBe("Women's");
    expect(await fact(page, 'Shipping details', 'Sizes').innerText()).toBe('Shirt M · Hoodie M');
    const lines = page.getByRole('table', { name: 'Order lines' });
    expect(await lines.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(/^Outpost Hoodie\s+Medium\s+1\s+\$59\.99\s+\$59\.99$/),
    ]);
    // The product by name, linking to its edit screen.
    expect(await lines.getByRole('link', { name: 'Outpost Hoodie', exact: true }).getAttribute('href')).toBe(
      adminProductPath('outpost-hoodie'),
    );
    const timeline = page.getByRole('region', { name: 'Timeline' }).getByRole('listitem');
    expect(await timeline.allInnerTexts()).toEqual([
      expect.stringMatching(/^Ordered\s+\S/),
      expect.stringMatching(/^Paid\s+\S/),
      expect.stringMatching(/^Packed\s+Not yet$/),
      expect.stringMatching(/^Shipped\s+Not yet$/),
    ]);

    // Shipping needs the carrier's reference; the screen says so before asking the server.
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await expectAlert(page, MERCH_MESSAGES.trackingRequired);

    await page.getByRole('button', { name: 'Mark packed' }).click();
    await expectAlert(page, 'Order marked packed.');
    await expect.poll(() => fact(page, 'Summary', 'Status').innerText()).toBe('Packed');
    expect(await timeline.nth(2).innerText()).not.toContain('Not yet');
    // The button stays where it was, so the keyboard focus is not lost; it no longer applies.
    expect(await page.getByRole('button', { name: 'Mark packed' }).getAttribute('aria-disabled')).toBe('true');

    await page.getByLabel('Tracking reference').fill('TRACK-123');
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await expectAlert(page, 'Order marked shipped: the player sees the tracking reference on their account.');
    await expect.poll(() => fact(page, 'Summary', 'Status').innerText()).toBe('Shipped');
    expect(await fact(page, 'Summary', 'Tracking reference').innerText()).toBe('TRACK-123');
    expect(await page.getByLabel('Tracking reference').inputValue()).toBe('TRACK-123');
    await page.getByRole('button', { name: 'Save tracking reference' }).waitFor();

    const stored = await store()
      .selectFrom('merch_orders')
      .select(['status', 'tracking_reference'])
      .where('order_id', '=', order.orderID)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'shipped', tracking_reference: 'TRACK-123' });

    const mine = await callApi<{ rows: MerchOrder[] }>(sessions.player.page, 'GET', '/api/account/orders');
    const seen = mine.rows.find((row) => row.orderID === order.orderID);
    expect(seen).toMatchObject({ status: 'shipped', trackingReference: 'TRACK-123' });
    expect(MERCH_ORDER_STATUS_LABELS[seen?.status ?? 'paid']).toBe('Shipped');
    // And on their account page.
    const player = sessions.player.page;
    await player.goto(url('/account'));
    const card = player
      .getByRole('region', { name: 'Your orders' })
      .getByRole('listitem')
      .filter({ has: player.getByRole('heading', { name: `Order ${orderName()}`, exact: true }) });
    expect(await card.innerText()).not.toContain(order.orderID);
    await card.getByText('TRACK-123', { exact: true }).waitFor();
    await card.getByText('Shipped', { exact: true }).waitFor();
  });

  it('refunds part of the order in credits and lists the refund', async () => {
    const { page } = sessions.staff;
    await openOrder(page);
    const refund = page.getByRole('form', { name: 'Refund this order' });
    await refund.getByLabel('Amount (USD)').fill('100');
    await refund.getByLabel('Reason').fill('Late delivery');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expectAlert(page, MERCH_MESSAGES.refundTooLarge);

    await refund.getByLabel('Amount (USD)').fill('10.00');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expectAlert(page, 'Refund of $10.00 recorded; 1,000 credits went back to the player.');
    const refunds = page.getByRole('table', { name: 'Refunds of this order' });
    expect(await refunds.locator('tbody tr').allInnerTexts()).toEqual([
      // Credits go back in the same transaction: the refund is done at once.
      expect.stringMatching(/\$10\.00\s+1,000 credits\s+Late delivery\s+\S+\s+Done$/),
    ]);
    expect(await fact(page, 'Summary', 'Refunded').innerText()).toBe('$10.00');
    // A part refund leaves the order shipped; the form offers what is left.
    expect(await fact(page, 'Summary', 'Status').innerText()).toBe('Shipped');
    expect(await refund.getByLabel('Amount (USD)').inputValue()).toBe('');
    await refund.getByText('Up to $49.99 can still be refunded.').waitFor();

    const credits = await callApi<{ balance: number }>(sessions.player.page, 'GET', '/api/account/credits');
    expect(credits.balance).toBe(10_000 - 5_999 + 1_000);
  });

  it('says when someone else changed the order, and loads it as it is now', async () => {
    const { page } = sessions.staff;
    await openOrder(page);
    const loaded = await callApi<{ version: number }>(
      page,
      'GET',
      `/api/admin/development/merch/orders/${order.orderID}`,
    );
    // Typed before the other change: the page follows the order live, and keeps what was typed.
    await page.getByLabel('Tracking reference').fill('TRACK-789');
    await callApi(page, 'PUT', `/api/admin/development/merch/orders/${order.orderID}/fulfilment`, {
      status: 'shipped',
      trackingReference: 'TRACK-456',
      version: loaded.version,
    });
    await expect.poll(() => fact(page, 'Summary', 'Tracking reference').innerText()).toBe('TRACK-456');
    await page.getByRole('button', { name: 'Save tracking reference' }).click();
    await expectAlert(
      page,
      'The order was not changed. Someone changed this order after you opened it; reload it and try again.',
    );
    await page.getByRole('button', { name: 'Reload the order' }).click();
    await expect.poll(() => fact(page, 'Summary', 'Tracking reference').innerText()).toBe('TRACK-456');
  });

  it('works on a phone: the page never scrolls sideways, the tables scroll in their own region', async () => {
    const { page } = sessions.staff;
    await page.setViewportSize(MOBILE_VIEWPORT);
    try {
      await openOrder(page);
      await page.getByRole('table', { name: 'Refunds of this order' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        MOBILE_VIEWPORT.width,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('lists the order on the dashboard among the recent ones, with Recent Sales counted', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin'));
    const recent = page.getByRole('region', { name: 'Recent merch orders' });
    await recent.getByRole('link', { name: `Order ${orderName()}`, exact: true }).click();
    await page.waitForURL(url(`/admin/merch/orders/${order.orderID}`));
    await page.goBack();
    await recent.getByRole('link', { name: 'All merch orders' }).waitFor();
    const sales = page.locator('dt', { hasText: 'Recent Sales (7d)' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(async () => Number(await sales.innerText())).toBeGreaterThanOrEqual(1);
  });
});

describe('the rest of the merch back office, as staff', () => {
  it('creates a drop of a product, refusing one that is in another drop', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/merch/drops'));
    const form = await openNewForm(page, 'New drop');
    await form.getByLabel('Drop ID').fill(DROP);
    await form.getByLabel('Name').fill('Winter drop');
    await form.getByRole('button', { name: 'Create drop' }).click();
    await expectAlert(page, 'Opens at must be a date and time.');
    await form.getByLabel('Opens at').fill('2030-12-04T18:00');
    await form.getByRole('button', { name: 'Create drop' }).click();
    await expectAlert(page, 'A drop needs at least one product.');
    await form.getByLabel('Radio Tower Tee (radio-tee), Active').check();
    await form.getByRole('button', { name: 'Create drop' }).click();
    // Named as staff know them, and the product's box is marked with it and focused.
    await expectAlert(
      page,
      'The drop was not changed. A product can be in one drop only: Radio Tower Tee is in Radio Season Drop.',
    );
    const tee = form.getByLabel('Radio Tower Tee (radio-tee), Active');
    expect(await tee.getAttribute('aria-invalid')).toBe('true');
    expect(await tee.evaluate((box) => box === document.activeElement)).toBe(true);
    await form.getByLabel('Radio Tower Tee (radio-tee), Active').uncheck();
    await form.getByLabel('Ration Cap (ration-cap), Inactive').check();
    await form.getByRole('button', { name: 'Create drop' }).click();
    await expectAlert(page, 'Drop created!');

    const row = page.getByRole('row').filter({ hasText: DROP });
    await row.waitFor();
    expect(await row.getByRole('cell', { name: 'Winter drop' }).count()).toBe(1);
    expect(await row.getByRole('link', { name: 'Ration Cap', exact: true }).getAttribute('href')).toBe(
      adminProductPath('ration-cap'),
    );
    const stored = await store().selectFrom('merch_drops').selectAll().where('drop_id', '=', DROP).executeTakeFirst();
    // Typed in the browser's zone, stored as the instant.
    const opensAt = await page.evaluate(() => new Date('2030-12-04T18:00').toISOString());
    expect(stored).toMatchObject({ name: 'Winter drop', opens_at: opensAt });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('lists the contact message, its whole text one press away, and answers by email', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/merch/contacts'));
    const row = page.getByRole('row').filter({ hasText: SUBJECT });
    await row.waitFor();
    const more = row.locator('summary');
    expect(await more.innerText()).toBe(`My order ${order.orderID} has not arrived yet. It was a…`);
    expect(await row.getByText('the nights here are getting colder').isVisible()).toBe(false);
    await more.click();
    await row.getByText('the nights here are getting colder', { exact: false }).waitFor();
    const answer = row.getByRole('link', { name: /^Answer Rae Scout by email/ });
    expect(await answer.getAttribute('href')).toBe(
      `mailto:rae.scout@example.com?subject=${encodeURIComponent(`Re: ${SUBJECT}`)}`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('lists each variety with its stock, reservations and sales', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/merch/products'));
    const row = page.getByRole('row').filter({ hasText: 'Medium (m)' }).filter({ hasText: 'Outpost Hoodie' });
    await row.waitFor();
    // Every column's value, those a 1,280 px window leaves out (ids, the drop: priority 3) too.
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual(['Outpost Hoodie', 'outpost-hoodie', 'Active', 'Medium (m)']);
    expect(cells.slice(5)).toEqual(['$59.99', '34', '0', '1', '—']);
  });

  it('sets what merch costs in credits, saying what the hoodie then costs, and asks first in production', async () => {
    const { page } = sessions.staff;
    await page.goto(url('/admin/merch/settings'));
    await page.getByText('A $59.99 hoodie costs 5,999 credits.').waitFor();
    await page.getByLabel('Credits per US dollar').fill('120');
    await page.getByText('A $59.99 hoodie costs 7,199 credits.').waitFor();
    await page.getByRole('button', { name: 'Save merch settings' }).click();
    await expectAlert(page, 'Merch settings saved!');
    expect(await callApi(page, 'GET', '/api/admin/development/config/merch')).toEqual({ creditsPerUSD: 120 });

    await page.getByLabel('Environment').selectOption('production');
    await page.locator('[data-environment="production"]').waitFor();
    await page.getByText('A $59.99 hoodie costs 5,999 credits.').waitFor();
    await page.getByLabel('Credits per US dollar').fill('90');
    await page.getByRole('button', { name: 'Save merch settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'You are changing production' });
    await dialog.getByText(/from 100 to 90 credits a dollar/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await callApi(page, 'GET', '/api/admin/production/config/merch')).toEqual({ creditsPerUSD: 100 });
    await page.getByLabel('Environment').selectOption('development');
    await page.locator('[data-environment="development"]').waitFor();
  });
});

describe('the merch back office, as a moderator', () => {
  it('is not allowed to see orders or messages, and reads the drops without changing them', async () => {
    const { page } = sessions.moderator;
    await page.goto(url('/admin/merch/orders'));
    await page.getByText(/^Merch orders are handled by staff and admins/).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.goto(url(`/admin/merch/orders/${order.orderID}`));
    await page.getByText(/^Merch orders are handled by staff and admins/).waitFor();
    expect(await page.getByText('Rae Scout').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Merch' }).getByRole('link', { name: 'Contact messages' }).click();
    await page.getByText(/^Merch messages are handled by staff and admins/).waitFor();

    await page.getByRole('navigation', { name: 'Merch' }).getByRole('link', { name: 'Drops' }).click();
    await page.getByText('Your role may view the merch drops but not change them.').waitFor();
    await page.getByRole('row').filter({ hasText: DROP }).waitFor();
    expect(await page.getByRole('button', { name: '+ New drop' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Edit drop ${DROP}` }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The dashboard shows moderators no orders either.
    await page.goto(url('/admin'));
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Recent merch orders' }).count()).toBe(0);
  });
});
