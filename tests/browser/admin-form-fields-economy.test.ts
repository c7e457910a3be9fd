import { ADMIN_ROUTES } from '@outpost/contracts/admin-routes';
import { CLAIM_CODE_MESSAGES, claimCodeTakenMessage } from '@outpost/contracts/claim-codes';
import { ITEM_MESSAGES, unknownItemsMessage } from '@outpost/contracts/items';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACK_MESSAGES } from '../../apps/web/src/features/admin/shop/pack-form';
import { useRoleSessions } from './accounts-helpers';
import { openNewForm } from './admin-pages';
import { descriptionOf, isFocused } from './field-marks';
import { goWithinApp, seriousAxeViolations, useSite } from './harness';

/*
 * Forms point at the field, on the economy's forms (docs/decisions/0061-forms-point-at-the-field.md): a refused create,
 * by the form's own check or by the server (a 400 naming its fields, a 409 for a taken id), marks the fields at fault,
 * ties each message to its field and moves focus to the first; a corrected submit clears the mark. One site
 * and one admin page for the file, in development with the demo data (its packs, items, welcome
 * code and Radio Season drop).
 */

const fixture = useSite();
const { sessions } = useRoleSessions(fixture, ['admin'] as const);

const tag = Date.now().toString(36).slice(-5);
const page = () => sessions.admin.page;

beforeAll(async () => {
  await page().goto(`${fixture.site.url}${ADMIN_ROUTES.adminShopPackNew}`);
  const select = page().getByLabel('Environment');
  await select.waitFor();
  if ((await select.inputValue()) !== 'development') await select.selectOption('development');
  await page().locator('[data-environment="development"]').waitFor();
});

async function open(path: string, heading: string): Promise<void> {
  await goWithinApp(page(), fixture.site.url, path);
  await page().getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** The alert says `text`; the field is marked with `message` tied to it, and has the focus. */
async function expectPointedAt(field: Locator, message: string, text = message): Promise<void> {
  const alert = page().getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  expect(await alert.innerText()).toBe(text);
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionOf(field)).toContain(message);
  expect(await isFocused(field)).toBe(true);
}

async function expectUnmarked(field: Locator): Promise<void> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBeNull();
  expect((await descriptionOf(field)).join(' ')).not.toMatch(/must|required|already|not in|needs/);
}

describe('the economy’s forms point at the field', () => {
  it('a credit pack: the price its check refuses, then the ID the server says is taken', async () => {
    await open(ADMIN_ROUTES.adminShopPackNew, 'New credit pack');
    const packID = page().getByLabel('Pack ID');
    const price = page().getByLabel('Price (USD)');
    await packID.fill('starter');
    await page().getByLabel('Name', { exact: true }).fill('Faulty Pouch');
    await page().getByLabel('Credits').fill('100');
    await page().getByRole('button', { name: 'Create credit pack' }).click();
    await expectPointedAt(price, PACK_MESSAGES.price);
    await expectUnmarked(packID);
    expect(await seriousAxeViolations(page())).toEqual([]);

    // Corrected, the price is no longer marked; the server's 409 marks the taken ID instead.
    await price.fill('1.99');
    await page().getByRole('button', { name: 'Create credit pack' }).click();
    const taken = 'A credit pack with the ID "starter" already exists in development.';
    await expectPointedAt(packID, taken, `The credit pack was not created. ${taken}`);
    await expectUnmarked(price);
  });

  it('a machine: the prize cell its check refuses, then the item the server does not know', async () => {
    await open(ADMIN_ROUTES.adminShopMachineNew, 'New machine');
    await page().getByLabel('Machine ID').fill(`faulty-${tag}`);
    await page().getByLabel('Name', { exact: true }).fill('Faulty Capsules');
    await page().getByLabel('Cost (credits)').fill('50');
    await page().getByLabel('Prize 1 ID').fill('only');
    await page().getByLabel('Prize 1 name').fill('Only prize');
    const item = page().getByLabel('Prize 1 item');
    const weight = page().getByLabel('Prize 1 weight');
    await item.fill('unicorn');
    await weight.fill('0');
    await page().getByLabel('Prize 1 stock').fill('3');
    await page().getByRole('button', { name: 'Create machine' }).click();
    const weightMessage = 'Prize 1, Weight: An odds weight must be at least 1.';
    await expectPointedAt(weight, weightMessage);
    expect(await seriousAxeViolations(page())).toEqual([]);

    await weight.fill('1');
    await page().getByRole('button', { name: 'Create machine' }).click();
    const unknown = unknownItemsMessage(['unicorn'], 'development');
    await expectPointedAt(item, unknown, `The machine was not created. ${unknown}`);
    await expectUnmarked(weight);
  });

  it('an item: the ID its check refuses, the ID the server says is taken, then created', async () => {
    await open(ADMIN_ROUTES.adminItemNew, 'New Item');
    const itemID = page().getByLabel('Item ID');
    await itemID.fill('hat.red');
    await page().getByLabel('Name', { exact: true }).fill('Red Hat');
    await page().getByRole('button', { name: 'Create Item' }).click();
    await expectPointedAt(itemID, ITEM_MESSAGES.itemIdCharacters);
    expect(await seriousAxeViolations(page())).toEqual([]);

    await itemID.fill('emote-salute');
    await page().getByRole('button', { name: 'Create Item' }).click();
    const taken = 'An item with the ID "emote-salute" already exists in development.';
    await expectPointedAt(itemID, taken, `The item was not created. ${taken}`);

    await itemID.fill(`hat-red-${tag}`);
    await page().getByRole('button', { name: 'Create Item' }).click();
    await page().getByRole('alert').filter({ hasText: ITEM_MESSAGES.itemCreated }).waitFor();
    await expectUnmarked(itemID);
  });

  it('a claim code: the fields its check refuses, then the code name the server says is taken', async () => {
    await open(ADMIN_ROUTES.adminClaimCodeNew, 'New Code Batch');
    const batchName = page().getByLabel('Batch name');
    const credits = page().getByLabel('Credits per redemption');
    const customName = page().getByLabel('Custom code name (optional)');
    await page().getByLabel('Type').fill('promo');
    await credits.fill('0');
    await page().getByRole('button', { name: 'Create codes' }).click();
    // Both fields at fault are marked; the form's first has the focus and its message the alert.
    await expectPointedAt(batchName, CLAIM_CODE_MESSAGES.batchNameRequired);
    expect(await credits.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(credits)).toContain(CLAIM_CODE_MESSAGES.nothingToGrant);
    expect(await seriousAxeViolations(page())).toEqual([]);

    await batchName.fill(`Faulty ${tag}`);
    await credits.fill('10');
    await customName.fill('Welcome to the Outpost');
    await page().getByRole('button', { name: 'Create codes' }).click();
    const taken = claimCodeTakenMessage('welcome-to-the-outpost', 'development');
    await expectPointedAt(customName, taken, `The codes were not created: ${taken}`);
    await expectUnmarked(batchName);
    await expectUnmarked(credits);
  });

  it('a merch drop: the product the server says is in another drop, named, then created', async () => {
    await open(ADMIN_ROUTES.adminMerchDrops, 'Merch drops');
    const form = await openNewForm(page(), 'New drop');
    await form.getByLabel('Drop ID').fill(`faulty-${tag}`);
    await form.getByLabel('Name', { exact: true }).fill('Faulty Drop');
    await form.getByLabel('Opens at').fill('2030-01-02T10:00');
    const tee = form.getByRole('checkbox', { name: /^Radio Tower Tee \(radio-tee\)/ });
    await tee.check();
    await form.getByRole('button', { name: 'Create drop' }).click();
    const inRadio = 'A product can be in one drop only: Radio Tower Tee is in Radio Season Drop.';
    await expectPointedAt(tee, inRadio, `The drop was not changed. ${inRadio}`);
    expect(await seriousAxeViolations(page())).toEqual([]);

    // Without the tee the drop has no product: the check marks every box, the first (by name) focused.
    await tee.uncheck();
    await form.getByRole('button', { name: 'Create drop' }).click();
    await expectPointedAt(form.getByRole('checkbox').first(), 'A drop needs at least one product.');
    expect(await tee.getAttribute('aria-invalid')).toBe('true');

    await form.getByRole('checkbox', { name: /^Outpost Hoodie/ }).check();
    await form.getByRole('button', { name: 'Create drop' }).click();
    await page().getByRole('alert').filter({ hasText: 'Drop created!' }).waitFor();
    // The form closed; the next one opens unmarked.
    await expectUnmarked((await openNewForm(page(), 'New drop')).getByRole('checkbox').first());
  });
});
