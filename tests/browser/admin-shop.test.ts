import type { Environment } from '@outpost/contracts/environments';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { putItems } from '../../apps/server/src/items/queries';
import { findCreditPack, findMachine } from '../../apps/server/src/shop/admin-queries';
import { useRoleSessions } from './accounts-helpers';
import { openNewForm } from './admin-pages';
import { MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

// 2 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const ROLES = ['staff', 'moderator'] as const;
const { sessions } = useRoleSessions(fixture, ROLES);

const ENV: Environment = 'beta';
const tag = Date.now().toString(36).slice(-5);
const PACK = `hoard-${tag}`;
const MACHINE = `snacks-${tag}`;
const ITEMS = { taco: `taco-${tag}`, boba: `boba-${tag}` };

beforeAll(async () => {
  await putItems(fixture.site.server.stores.game[ENV], [
    { item_id: ITEMS.taco, name: 'Taco', updated_at: new Date().toISOString() },
    { item_id: ITEMS.boba, name: 'Boba Tea', updated_at: new Date().toISOString() },
  ]);
});

const url = (path: string) => `${fixture.site.url}${path}`;
const store = () => fixture.site.server.stores.game[ENV];

/** Opens a shop screen in the test's environment, switching the admin's environment first when needed. */
async function openIn(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  const select = page.getByLabel('Environment');
  await select.waitFor();
  if ((await select.inputValue()) !== ENV) await select.selectOption(ENV);
  await page.locator(`[data-environment="${ENV}"]`).waitFor();
}

async function expectAlert(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
  expect(await page.getByRole('alert').filter({ hasText: text }).innerText()).toBe(text);
}

const odds = (page: Page) => page.getByTestId('odds').allInnerTexts();

describe('the shop, as staff', () => {
  it('creates an unavailable credit pack priced in dollars, marked unavailable in the list', async () => {
    const { page } = sessions.staff;
    await openIn(page, '/admin/shop/packs');
    await page.getByRole('heading', { level: 1, name: 'Credit packs' }).waitFor();
    await page.getByRole('link', { name: '+ New credit pack' }).click();
    await page.waitForURL(url('/admin/shop/packs/new'));

    const create = page.getByRole('button', { name: 'Create credit pack' });
    await create.click();
    await expectAlert(page, 'An ID is required.');

    await page.getByLabel('Pack ID').fill(PACK);
    await page.getByLabel('Name').fill('Hoard of credits');
    await page.getByLabel('Credits').fill('5000');
    await page.getByLabel('Price (USD)').fill('39.999');
    await create.click();
    await expectAlert(page, 'Prices are in whole cents: use at most two decimals.');
    await page.getByLabel('Price (USD)').fill('39.99');
    expect(await page.getByLabel('Available to players').isChecked()).toBe(false);
    await create.click();

    await page.waitForURL(url(`/admin/shop/packs/${PACK}`));
    await expectAlert(page, 'Credit pack created!');
    expect(await findCreditPack(store(), PACK)).toEqual({
      packID: PACK,
      name: 'Hoard of credits',
      credits: 5000,
      costUSD: 3999,
      available: false,
    });
    expect(await page.getByLabel('Price (USD)').inputValue()).toBe('39.99');

    await page.getByRole('link', { name: 'Back to the credit packs' }).click();
    const row = page.getByRole('row').filter({ hasText: PACK });
    await row.waitFor();
    expect(await row.getByText('Unavailable', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole('cell', { name: '$39.99' }).count()).toBe(1);
  });

  it('creates a machine with two prizes, showing the published odds as they are typed', async () => {
    const { page } = sessions.staff;
    await openIn(page, '/admin/shop/machines');
    await page.getByRole('link', { name: '+ New machine' }).click();
    await page.waitForURL(url('/admin/shop/machines/new'));

    await page.getByLabel('Machine ID').fill(MACHINE);
    await page.getByLabel('Name', { exact: true }).fill('Snack Machine');
    await page.getByLabel('Cost (credits)').fill('100');
    await page.getByLabel('Prize 1 ID').fill('taco');
    await page.getByLabel('Prize 1 name').fill('A taco');
    await page.getByLabel('Prize 1 item').fill(ITEMS.taco);
    await page.getByLabel('Prize 1 weight').fill('3');
    await page.getByLabel('Prize 1 stock').fill('10');
    expect(await odds(page)).toEqual(['100.00%']);

    await page.getByRole('button', { name: '+ Add prize' }).click();
    // Focus goes into the new row.
    expect(await page.getByLabel('Prize 2 ID').evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('boba');
    await page.getByLabel('Prize 2 name').fill('A boba tea');
    await page.getByLabel('Prize 2 item').fill(ITEMS.boba);
    await page.getByLabel('Prize 2 weight').fill('1');
    await page.getByLabel('Prize 2 stock').fill('5');
    expect(await odds(page)).toEqual(['75.00%', '25.00%']);

    // The rarer prize first: the row moves with its odds, and focus stays on its button.
    await page.getByRole('button', { name: 'Move prize 2 up' }).click();
    expect(await page.getByLabel('Prize 1 ID').inputValue()).toBe('boba');
    expect(await odds(page)).toEqual(['25.00%', '75.00%']);
    expect(
      await page
        .getByRole('button', { name: 'Move prize 1 up' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create machine' }).click();
    await page.waitForURL(url(`/admin/shop/machines/${MACHINE}`));
    await expectAlert(page, 'Machine created!');
    const machine = await findMachine(store(), MACHINE);
    expect(machine).toMatchObject({
      name: 'Snack Machine',
      available: false,
      costCredits: 100,
      costUSD: null,
      version: 1,
    });
    expect(machine?.prizes.map((prize) => [prize.prizeID, prize.itemID, prize.weight, prize.stock])).toEqual([
      ['boba', ITEMS.boba, 1, 5],
      ['taco', ITEMS.taco, 3, 10],
    ]);

    // A phone: the page never scrolls sideways; the prizes table scrolls inside its own region.
    await page.setViewportSize(MOBILE_VIEWPORT);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
  it('schedules, edits and deletes a drop of the machine, and sets and clears the opening date', async () => {
    const { page } = sessions.staff;
    await openIn(page, '/admin/shop/drops');
    const form = await openNewForm(page, 'New drop');
    await form.getByLabel('Drop ID').fill(`drop-${tag}`);
    await form.getByRole('button', { name: 'Create drop' }).click();
    await expectAlert(page, 'Choose the machine the drop opens.');
    await form.getByLabel('Machine').selectOption(MACHINE);
    await form.getByLabel('Name').fill('Friday drop');
    await form.getByLabel('Opens at').fill('2026-12-04T18:00');
    await form.getByLabel('Closes at').fill('2026-12-04T17:00');
    await form.getByRole('button', { name: 'Create drop' }).click();
    await expectAlert(page, 'A drop must close after it opens.');
    await form.getByLabel('Closes at').fill('2026-12-04T20:00');
    await form.getByRole('button', { name: 'Create drop' }).click();
    await expectAlert(page, 'Drop created!');
    const stored = await store()
      .selectFrom('drops')
      .selectAll()
      .where('drop_id', '=', `drop-${tag}`)
      .executeTakeFirst();
    // Typed in the browser's zone, stored as the instant.
    const opensAt = await page.evaluate(() => new Date('2026-12-04T18:00').toISOString());
    expect(stored).toMatchObject({ machine_id: MACHINE, name: 'Friday drop', opens_at: opensAt });

    await page.getByRole('button', { name: `Edit drop drop-${tag}` }).click();
    const edit = page.getByRole('form', { name: `Edit drop drop-${tag}` });
    expect(await edit.getByLabel('Opens at').inputValue()).toBe('2026-12-04T18:00');
    await edit.getByLabel('Name').fill('Saturday drop');
    await edit.getByRole('button', { name: 'Save drop' }).click();
    await expectAlert(page, 'Drop saved!');
    await page.getByRole('row').filter({ hasText: 'Saturday drop' }).waitFor();

    await page.getByRole('button', { name: `Edit drop drop-${tag}` }).click();
    await page.getByRole('button', { name: 'Delete drop' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete the drop drop-${tag}?` });
    await dialog.getByRole('button', { name: 'Delete drop' }).click();
    await expectAlert(page, `Drop drop-${tag} deleted.`);
    expect(await store().selectFrom('drops').selectAll().where('drop_id', '=', `drop-${tag}`).execute()).toEqual([]);

    await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Opening date' }).click();
    await page.getByText('No opening date', { exact: true }).waitFor();
    await page.getByLabel('Shop opens at').fill('2030-01-01T09:00');
    await page.getByRole('button', { name: 'Save opening date' }).click();
    await expectAlert(page, 'Opening date saved!');
    await page.getByText(/players see a countdown/).waitFor();
    await page.getByRole('button', { name: 'Clear the date (open now)' }).click();
    await page.getByText('No opening date', { exact: true }).waitFor();
    expect(await page.getByLabel('Shop opens at').inputValue()).toBe('');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('asks before creating a pack in production, and creates nothing when cancelled', async () => {
    const { page } = sessions.staff;
    const packID = `prod-${tag}`;
    const production = fixture.site.server.stores.game.production;
    await page.goto(url('/admin/shop/packs/new'));
    await page.getByLabel('Environment').selectOption('production');
    await page.locator('[data-environment="production"]').waitFor();
    await page.getByLabel('Pack ID').fill(packID);
    await page.getByLabel('Name').fill('Production pouch');
    await page.getByLabel('Credits').fill('100');
    await page.getByLabel('Price (USD)').fill('0.99');
    const create = page.getByRole('button', { name: 'Create credit pack' });
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'You are changing production' });
    await dialog
      .getByText(`This creates the credit pack “Production pouch” (100 credits for $0.99) in production.`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await findCreditPack(production, packID)).toBeUndefined();
    await create.click();
    await dialog.getByRole('button', { name: 'Create in production' }).click();
    await page.waitForURL(url(`/admin/shop/packs/${packID}`));
    expect(await findCreditPack(production, packID)).toMatchObject({ name: 'Production pouch', costUSD: 99 });
    await page.getByLabel('Environment').selectOption(ENV);
    await page.locator(`[data-environment="${ENV}"]`).waitFor();
  });

  it('lists the PayPal outcomes recorded, filtered by result', async () => {
    const { page } = sessions.staff;
    const amounts = (result: string) =>
      JSON.stringify({
        expected: { value: 999, currency: 'USD', customId: `order-${result}-${tag}` },
        captured: result === 'completed' ? { value: '9.99', currency_code: 'USD' } : null,
        paypalFee: null,
        net: null,
        captureId: null,
        captureStatus: null,
        alreadyCaptured: false,
        reason: result === 'completed' ? null : 'capture is DECLINED',
      });
    await store()
      .insertInto('paypal_transactions')
      .values(
        ['completed', 'declined'].map((result) => ({
          order_id: `PAYPAL-${result}-${tag}`,
          user_id: 'some-player',
          result,
          shipping: null,
          amounts: amounts(result),
          created_at: new Date().toISOString(),
        })),
      )
      .execute();
    await openIn(page, '/admin/shop/packs');
    await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'PayPal transactions' }).click();
    const table = page.getByRole('table', { name: 'PayPal transactions' });
    await table
      .getByRole('row')
      .filter({ hasText: `PAYPAL-declined-${tag}` })
      .getByText('capture is DECLINED')
      .waitFor();
    // Expected and captured agree.
    const completed = table.getByRole('row').filter({ hasText: `PAYPAL-completed-${tag}` });
    await expect.poll(() => completed.getByRole('cell', { name: '9.99 USD', exact: true }).count()).toBe(2);
    await page.getByLabel('Result').selectOption('completed');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() =>
        table
          .getByRole('row')
          .filter({ hasText: `PAYPAL-declined-${tag}` })
          .count(),
      )
      .toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('the shop, as a moderator', () => {
  it('shows the unavailable pack and the machine, read-only', async () => {
    const { page } = sessions.moderator;
    await openIn(page, '/admin/shop/packs');
    const row = page.getByRole('row').filter({ hasText: PACK });
    await row.waitFor();
    expect(await row.getByText('Unavailable', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '+ New credit pack' }).count()).toBe(0);

    await row.getByRole('link', { name: 'Hoard of credits' }).click();
    await page.getByText('Your role may view this credit pack but not change it.').waitFor();
    expect(await page.getByLabel('Name').isDisabled()).toBe(true);
    expect(await page.getByLabel('Name').inputValue()).toBe('Hoard of credits');
    expect(await page.getByRole('button', { name: 'Save credit pack' }).count()).toBe(0);

    await page.getByRole('navigation', { name: 'Shop' }).getByRole('link', { name: 'Machines' }).click();
    const machineRow = page.getByRole('row').filter({ hasText: MACHINE });
    await machineRow.waitFor();
    expect(await machineRow.getByRole('cell', { name: '15', exact: true }).count()).toBe(1);
    await machineRow.getByRole('link', { name: 'Snack Machine' }).click();
    await page.getByText('Your role may view this machine but not change it.').waitFor();
    expect(await odds(page)).toEqual(['25.00%', '75.00%']);
    expect(await page.getByLabel('Prize 1 stock').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: '+ Add prize' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save machine' }).count()).toBe(0);

    await page.goto(url('/admin/shop/machines/new'));
    await page.getByText('Your role may view the shop but not change it.').waitFor();
    expect(await page.getByRole('button', { name: 'Create machine' }).count()).toBe(0);
  });
});
