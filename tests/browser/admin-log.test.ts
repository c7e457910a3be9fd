import { adminMerchOrderPath, adminShopPackPath, adminUserPath } from '@outpost/contracts/admin-routes';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAdminLog, OPERATOR } from '../../apps/server/src/backoffice/admin-log';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { type Account, grantKeys, newAccount, signUpThroughUi } from './accounts-helpers';
import { callApi, MOBILE_VIEWPORT, openPage, seriousAxeViolations, useSite, visibleUserIds } from './harness';

const fixture = useSite();
let admin: Account;
let adminID: string;
let session: { context: BrowserContext; page: Page };
/** The order's short number, as players and staff read it (#1047). */
let orderNumber: number;

const PACK = { packID: 'log-starter', name: 'Log Starter', credits: 1000, costUSD: 499, available: true };
const ORDER_ID = '5047ab12-cd34-4ef5-8a67-9b0c1d2e3f40';
const SUSPENSION_ENDS = '2026-12-04T18:30:00.000Z';

beforeAll(async () => {
  admin = newAccount('logs');
  session = await openPage(fixture.browser, { viewport: { width: 1280, height: 800 } });
  await signUpThroughUi(session.page, fixture.site, admin);
  await grantKeys(fixture.site, admin.email, ['admin']);
  adminID = (await findUserIdByEmail(fixture.site.server.stores.identity, admin.email)) as string;

  // The admin edits a credit pack, as the shop's screens do: the entry records what it was.
  const { page } = session;
  await callApi(page, 'POST', '/api/admin/development/credit-packs', PACK);
  const { packID: _id, ...fields } = PACK;
  await callApi(page, 'PUT', `/api/admin/development/credit-packs/${PACK.packID}`, {
    ...fields,
    credits: 1200,
    costUSD: 549,
    available: false,
  });

  const { game } = fixture.site.server.stores;
  // The order's payment record, which gives it its number (#1047) for people.
  await game.development
    .insertInto('payment_orders')
    .values({
      order_id: ORDER_ID,
      user_id: adminID,
      kind: 'merch',
      payment: 'paypal',
      pack_id: null,
      machine_id: null,
      amount_cents: 2500,
      credits: 0,
      currency: 'USD',
      paypal_order_id: null,
      stripe_session_id: null,
      stripe_payment_intent: null,
      status: 'completed',
      created_at: new Date().toISOString(),
      settled_at: new Date().toISOString(),
    })
    .execute();
  orderNumber = Number(
    (
      await game.development
        .selectFrom('payment_orders')
        .select('order_number')
        .where('order_id', '=', ORDER_ID)
        .executeTakeFirstOrThrow()
    ).order_number,
  );
  // The operator shipped an order from the command line; an old row names a retired action.
  await appendAdminLog(game.development, {
    action: 'merchOrder.ship',
    environment: 'development',
    admin: OPERATOR,
    data: { orderID: ORDER_ID, from: 'packed', trackingReference: 'RM123456789GB' },
  });
  // A suspension with its end: the sentence gives its date and time.
  await appendAdminLog(game.development, {
    action: 'user.suspend',
    environment: 'development',
    admin: OPERATOR,
    data: { userID: adminID, reason: 'Testing', endsAt: SUSPENSION_ENDS },
  });
  await appendAdminLog(game.development, {
    action: 'createProduct',
    environment: 'development',
    admin: 'dev-admin',
    data: { productID: 'dev-hoodie' },
  });
  for (const [action, productID] of [
    ['product.create', 'beta-cap'],
    ['product.update', 'beta-cap'],
    ['product.create', 'beta-tee'],
  ] as const) {
    await appendAdminLog(game.beta, { action, environment: 'beta', admin: adminID, data: { productID } });
  }
});

afterAll(async () => {
  await session?.context.close();
});

const table = (page: Page) => page.getByRole('table', { name: 'Admin log' });
const results = (page: Page, n: number) =>
  page.getByRole('status').getByText(`${n} ${n === 1 ? 'result' : 'results'}`, { exact: true });

async function applyFilters(page: Page, fill: (filters: ReturnType<Page['getByRole']>) => Promise<unknown>) {
  const filters = page.getByRole('search', { name: 'Filter Admin log' });
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await fill(filters);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
}

async function openLog(page: Page, environment = 'development') {
  await page.goto(`${fixture.site.url}/admin/log`);
  await page.getByRole('heading', { level: 1, name: 'Admin Log' }).waitFor();
  const choice = page.getByLabel('Environment');
  if ((await choice.inputValue()) !== environment) await choice.selectOption(environment);
}

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', MOBILE_VIEWPORT],
])('the admin log as a history (%s)', (_name, viewport) => {
  it('says who did what to which record, with the changes in an expandable row and filters in names', async () => {
    const { page } = session;
    await page.setViewportSize(viewport);
    await openLog(page);
    expect(await page.title()).toBe('Admin Log — Admin — Outpost');

    const edited = table(page).getByRole('row').filter({ hasText: 'edited credit pack “Log Starter”.' });
    await edited.waitFor();
    const name = edited.getByRole('link', { name: `@${admin.displayName}` });
    expect(await name.getAttribute('href')).toBe(adminUserPath(adminID));
    // The record is a whole link to its page, by its name.
    const pack = edited.getByRole('link', { name: 'credit pack “Log Starter”' });
    expect(await pack.getAttribute('href')).toBe(adminShopPackPath(PACK.packID));
    // The sentence names the admin only; the email waits in the details.
    expect(await edited.getByText(admin.email).count()).toBe(0);
    const shipped = table(page).getByRole('row').filter({ hasText: 'The operator shipped' });
    await shipped.getByText('The operator shipped the merch order with tracking RM123456789GB.').waitFor();
    const order = shipped.getByRole('link', { name: 'the merch order' });
    expect(await order.getAttribute('href')).toBe(adminMerchOrderPath(ORDER_ID));
    // A time in a sentence has its date and time, in the back office's format.
    const suspension = table(page).getByRole('row').filter({ hasText: 'The operator suspended' });
    const ends = suspension.locator(`time[datetime="${SUSPENSION_ENDS}"]`);
    expect(await ends.innerText()).toBe(
      await page.evaluate(
        (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
        SUSPENSION_ENDS,
      ),
    );
    expect(await suspension.innerText()).toMatch(/until \w{3} \d{1,2}, 2026, \d{1,2}:\d{2}/);
    await table(page).getByText('made the change “create product” to product dev-hoodie.', { exact: false }).waitFor();

    // The disclosure opens by keyboard and says so.
    const details = edited.getByRole('button', { name: 'Details' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    await details.focus();
    await page.keyboard.press('Enter');
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`[id="${await details.getAttribute('aria-controls')}"]`);
    await panel.getByText('Credits: 1,000 → 1,200').waitFor();
    // Money in its currency, never cents labelled USD.
    await panel.getByText('Cost: $4.99 → $5.49').waitFor();
    expect(await panel.innerText()).not.toMatch(/USD|cents/);
    await panel.getByText('Available: yes → no').waitFor();
    await panel.getByText(admin.email).waitFor();
    expect(await panel.getByText('Name:').count()).toBe(0);
    expect(await page.locator('main').innerText()).not.toContain('{"');
    expect(await visibleUserIds(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The open details fit the row: the entry wraps, on a phone too, instead of widening the table.
    expect(await table(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // Nothing is cut off or pushes the page sideways: the table scrolls in its own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // By the admin's name: the operator's and the old row's entries go.
    await applyFilters(page, (filters) =>
      filters.getByRole('searchbox', { name: 'Admin' }).fill(`@${admin.displayName.toUpperCase()}`),
    );
    await page.waitForURL(/admin=/);
    await results(page, 2).waitFor();
    expect(await table(page).getByText('The operator').count()).toBe(0);

    // By action, from the choice list of labels.
    await applyFilters(page, (filters) =>
      filters.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Shipped a merch order' }),
    );
    await page.waitForURL(/action=merchOrder\.ship/);
    await results(page, 1).waitFor();
    await table(page).getByText('The operator shipped the merch order').waitFor();

    // By record: the order's number, as people say it, and its id, as its page shows it.
    await applyFilters(page, async (filters) => {
      await filters.getByText('An order or report number (#1047), an id or a code, such as a claim code.').waitFor();
      await filters.getByRole('searchbox', { name: 'Record' }).fill(`#${orderNumber}`);
    });
    await results(page, 1).waitFor();
    await table(page).getByText('The operator shipped the merch order').waitFor();
    await applyFilters(page, (filters) => filters.getByRole('searchbox', { name: 'Record' }).fill(ORDER_ID));
    await results(page, 1).waitFor();
    await table(page).getByText('The operator shipped the merch order').waitFor();
    await applyFilters(page, (filters) => filters.getByRole('searchbox', { name: 'Record' }).fill(PACK.packID));
    await results(page, 2).waitFor();

    // A name nobody has is no error: the list is empty and says so.
    await applyFilters(page, (filters) =>
      filters.getByRole('searchbox', { name: 'Admin' }).fill('nobody-by-that-name'),
    );
    await page.getByText('No admin action matches these filters.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('the admin log', () => {
  it('lists the chosen environment only, and remembers the choice', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openLog(page);
    await table(page).getByText('product dev-hoodie').waitFor();
    expect(await table(page).getByText('beta-cap').count()).toBe(0);

    await page.getByLabel('Environment').selectOption('beta');
    await table(page).getByText('created product beta-tee').waitFor();
    expect(await table(page).getByText('dev-hoodie').count()).toBe(0);
    expect(await table(page).getByRole('row').count()).toBe(1 + 3);

    // The choice is remembered for this admin.
    await page.reload();
    await table(page).getByText('created product beta-tee').waitFor();
    expect(await page.getByLabel('Environment').inputValue()).toBe('beta');
  });

  it('keeps what the admin types while the cleared filters are still on their way to the list', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await openLog(page);
    const filters = page.getByRole('search', { name: 'Filter Admin log' });
    const action = filters.getByRole('combobox', { name: 'Action' });
    const record = filters.getByRole('searchbox', { name: 'Record' });
    const everyEntry = page.getByRole('status').getByText(/^\d+ results$/);
    await applyFilters(page, () => action.selectOption({ label: 'Shipped a merch order' }));
    await results(page, 1).waitFor();

    // As on a slow device: the record is typed before the cleared address has rendered (the router
    // renders it as a transition, after the click's task), so both are dispatched in one task.
    await page.evaluate((orderID) => {
      const form = document.querySelector('search[aria-label="Filter Admin log"]') as HTMLElement;
      [...form.querySelectorAll('button')].find((button) => button.textContent === 'Clear filters')?.click();
      const field = form.querySelector('input[name="record"]') as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, orderID);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }, ORDER_ID);
    await everyEntry.waitFor();
    expect([await action.inputValue(), await record.inputValue()]).toEqual(['', ORDER_ID]);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await results(page, 1).waitFor();
    expect(new URL(page.url()).searchParams.get('record')).toBe(ORDER_ID);

    // Back and forward still set the fields to the filters of the page they go to.
    await page.goBack();
    await everyEntry.waitFor();
    expect([await action.inputValue(), await record.inputValue()]).toEqual(['', '']);
    await page.goBack();
    await expect.poll(() => action.inputValue()).toBe('merchOrder.ship');
    expect(await record.inputValue()).toBe('');
    await page.goForward();
    await page.goForward();
    await expect.poll(() => record.inputValue()).toBe(ORDER_ID);
    expect(await action.inputValue()).toBe('');
  });

  it('shows production in its own colour', async () => {
    const { page } = session;
    await openLog(page, 'production');
    await page.getByText('No admin action matches these filters.').waitFor();
    const shell = page.locator('[data-environment="production"]');
    await shell.waitFor();
    const border = await shell.evaluate((element) => getComputedStyle(element).borderTopWidth);
    expect(border).toBe('6px');
  });
});
