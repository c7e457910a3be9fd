import type { Environment } from '@outpost/contracts/environments';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStripe, startLocalStripe } from '../../apps/server/src/payments/stripe/testing/local-stripe';
import { findProduct } from '../../apps/server/src/products/queries';
import { useRoleSessions } from './accounts-helpers';
import { expectAlert, openIn } from './admin-pages';
import { descriptionOf, isFocused } from './field-marks';
import { launchBrowser, type Site, seriousAxeViolations, startSite } from './harness';

/*
 * Product forms point at the field (docs/decisions/0061-forms-point-at-the-field.md): a refused create or edit marks
 * the fields at fault and moves focus to the first; where Stripe is configured (development here, against the tests'
 * local Stripe; beta has none), create and edit name the variety without a Stripe Product ID; the release date is one
 * control on both screens.
 */

let stripe: LocalStripe;
const fixture = {} as { site: Site; browser: Awaited<ReturnType<typeof launchBrowser>> };
beforeAll(async () => {
  stripe = await startLocalStripe();
  fixture.site = await startSite({
    STRIPE_DEVELOPMENT_SECRET_KEY: stripe.secretKey,
    STRIPE_DEVELOPMENT_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_DEVELOPMENT_API_URL: stripe.apiUrl,
  });
  fixture.browser = await launchBrowser();
});
afterAll(async () => {
  await fixture.browser?.close();
  await fixture.site?.close();
  await stripe?.close();
});
// Registered after the site's beforeAll, so it signs up on the site started there.
const { sessions } = useRoleSessions(fixture, ['staff'] as const);

const tag = Date.now().toString(36).slice(-5);
const url = (path: string) => `${fixture.site.url}${path}`;
const stored = (environment: Environment, productID: string) =>
  findProduct(fixture.site.server.stores.game[environment], productID);

const variety = (page: Page, number: number) => page.getByRole('group', { name: `Variety ${number}`, exact: true });

/** A field marked at fault: aria-invalid, its message read with it, and a border unlike a valid field's. */
async function expectMarked(field: Locator, message: string, valid: Locator): Promise<void> {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await descriptionOf(field)).toContain(message);
  const border = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).borderColor);
  expect(await border(field)).not.toBe(await border(valid));
}

describe('product forms point at the field', () => {
  it('marks the fields a create got wrong and moves focus to the first, with the message of docs/product.md §5.2', async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'beta', '/admin/products/new');
    await page.getByRole('heading', { level: 1, name: 'Create Product' }).waitFor();
    await expect.poll(() => page.title()).toBe('Create Product — Admin — Outpost');

    await page.getByLabel('Product ID', { exact: true }).fill(`faulty-${tag}`);
    await page.getByLabel('Description').fill('Waxed canvas.');
    await page.getByLabel('Price (USD)').fill('ten');
    await page.getByRole('button', { name: 'Create Product' }).click();

    await expectAlert(page, 'Please fill out all fields.');
    const name = page.getByLabel('Product Name');
    const price = page.getByLabel('Price (USD)');
    const description = page.getByLabel('Description');
    await expectMarked(name, 'Please fill out all fields.', description);
    await expectMarked(price, 'Please fill out all fields.', description);
    expect(await description.getAttribute('aria-invalid')).toBeNull();
    // The first field at fault in the form's order has the focus.
    expect(await isFocused(name)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A variety field at fault is marked in its row.
    await name.fill('Field Jacket');
    await price.fill('19.99');
    await variety(page, 1).getByLabel('Variety Name').fill('');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expectAlert(page, 'Please fill out all variety fields.');
    const varietyName = variety(page, 1).getByLabel('Variety Name');
    await expectMarked(varietyName, 'Please fill out all variety fields.', description);
    expect(await isFocused(varietyName)).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    expect(await stored('beta', `faulty-${tag}`)).toBeUndefined();
  });

  it('names the variety without a Stripe id on create and edit where Stripe is on, and keeps the release date', async () => {
    const { page } = sessions.staff;
    const productID = `stripe-${tag}`;
    await openIn(page, fixture.site.url, 'development', '/admin/products/new');
    await page.getByRole('heading', { level: 1, name: 'Create Product' }).waitFor();
    const releaseOnCreate = page.getByLabel('Release Date');
    const releaseHint = await descriptionOf(releaseOnCreate);
    expect(await releaseOnCreate.getAttribute('type')).toBe('datetime-local');

    await page.getByLabel('Product ID', { exact: true }).fill(productID);
    await page.getByLabel('Product Name').fill('Signal Hoodie');
    await page.getByLabel('Description').fill('Heavy fleece.');
    await page.getByLabel('Price (USD)').fill('45');
    await releaseOnCreate.fill('2027-02-03T04:05');
    await page.getByRole('button', { name: '+ Add Variety' }).click();
    const large = variety(page, 2);
    await large.getByLabel('Variety ID').fill('large');
    await large.getByLabel('Variety Name').fill('Large');
    await large.getByLabel('Stripe Product ID').fill('prod_large');
    await large.getByLabel('Quantity').fill('3');
    await page.getByRole('button', { name: 'Create Product' }).click();

    // The server refuses (Stripe is on in development), naming the variety and pointing at its field.
    await expectAlert(
      page,
      'Error creating product: Stripe Product ID is required for all varieties. Missing for: Default (default).',
    );
    const defaultStripe = variety(page, 1).getByLabel('Stripe Product ID');
    await expectMarked(
      defaultStripe,
      'Stripe Product ID is required for all varieties.',
      page.getByLabel('Description'),
    );
    expect(await isFocused(defaultStripe)).toBe(true);
    expect(await large.getByLabel('Stripe Product ID').getAttribute('aria-invalid')).toBeNull();
    expect(await stored('development', productID)).toBeUndefined();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.keyboard.type('prod_default');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.waitForURL(url(`/admin/products/${productID}`));
    await expectAlert(page, 'Product created!');
    await page.getByRole('heading', { level: 1, name: 'Signal Hoodie' }).waitFor();
    await expect.poll(() => page.title()).toBe('Edit product Signal Hoodie — Admin — Outpost');
    const created = await stored('development', productID);
    expect(created?.product.release_date).toBe(new Date(2027, 1, 3, 4, 5).toISOString());

    // The same control on the edit screen: type, hint and the value as typed on create.
    const releaseOnEdit = page.getByLabel('Release Date');
    expect(await releaseOnEdit.getAttribute('type')).toBe('datetime-local');
    expect(await descriptionOf(releaseOnEdit)).toEqual(releaseHint);
    expect(await releaseOnEdit.inputValue()).toBe('2027-02-03T04:05');

    // Edit names the variety without a Stripe id and marks its field.
    const save = page.getByRole('button', { name: 'Save Changes' });
    const largeStripe = variety(page, 2).getByLabel('Stripe Product ID');
    await largeStripe.fill('');
    await save.click();
    await expectAlert(page, 'Stripe Product ID is required for all varieties. Missing for: Large (large).');
    await expectMarked(largeStripe, 'Stripe Product ID is required for all varieties.', page.getByLabel('Description'));
    expect(await isFocused(largeStripe)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await largeStripe.fill('prod_large');
    await releaseOnEdit.fill('2027-05-06T07:08');
    await save.click();
    await expectAlert(page, 'Product Updated!');
    expect(await largeStripe.getAttribute('aria-invalid')).toBeNull();
    const saved = await stored('development', productID);
    expect(saved?.product.release_date).toBe(new Date(2027, 4, 6, 7, 8).toISOString());
    await page.reload();
    await page.getByLabel('Product Name').waitFor();
    expect(await page.getByLabel('Release Date').inputValue()).toBe('2027-05-06T07:08');
  });
});
