import type { Environment } from '@outpost/contracts/environments';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findProduct } from '../../apps/server/src/products/queries';
import { useRoleSessions } from './accounts-helpers';
import { expectAlert, openIn } from './admin-pages';
import { MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

// 2 sign-ups from one address: under the server's default auth rate limits.
const fixture = useSite();
const ROLES = ['staff', 'moderator'] as const;
const { sessions } = useRoleSessions(fixture, ROLES);

const tag = Date.now().toString(36).slice(-5);
const JACKET = `jacket-${tag}`;

const url = (path: string) => `${fixture.site.url}${path}`;
const stored = (environment: Environment, productID: string) =>
  findProduct(fixture.site.server.stores.game[environment], productID);

const variety = (page: Page, number: number) => page.getByRole('group', { name: `Variety ${number}`, exact: true });

const image = (color: string, format: 'png' | 'jpeg') =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: color } })
    [format]()
    .toBuffer();

describe('products, as staff', () => {
  it('checks the create form with the alerts of docs/product.md §5.2, creates with two varieties and opens the product', async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'beta', '/admin/products/list');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('link', { name: '+ Create Product' }).click();
    await page.waitForURL(url('/admin/products/new'));

    // The defaults of docs/product.md §2.11.
    expect(await variety(page, 1).getByLabel('Variety ID').inputValue()).toBe('default');
    expect(await variety(page, 1).getByLabel('Variety Name').inputValue()).toBe('Default');
    expect(await variety(page, 1).getByLabel('Quantity').inputValue()).toBe('0');
    expect(await page.getByLabel('Go to Product Page after creation').isChecked()).toBe(true);
    await page.getByText('Photos are added on the Edit page').waitFor();

    const create = page.getByRole('button', { name: 'Create Product' });
    await create.click();
    await expectAlert(page, 'Please fill out all fields.');

    await page.getByLabel('Product ID', { exact: true }).fill(JACKET);
    await page.getByLabel('Product Name').fill('Field Jacket');
    await page.getByLabel('Description').fill('Waxed canvas, four pockets.');
    await page.getByLabel('Price (USD)').fill('19.99');
    await page.getByLabel('Is Digital Double').check();
    await page.getByLabel('Release Date').fill('2026-12-01T18:30');
    await page.getByRole('button', { name: 'Remove variety 1' }).click();
    await create.click();
    await expectAlert(page, 'Please add at least one variety.');

    await page.getByRole('button', { name: '+ Add Variety' }).click();
    const first = variety(page, 1);
    // Lower-cased as it is typed (docs/product.md §5.2); focus went into the new row.
    await page.keyboard.type('OLIVE');
    expect(await first.getByLabel('Variety ID').inputValue()).toBe('olive');
    await create.click();
    await expectAlert(page, 'Please fill out all variety fields.');

    await first.getByLabel('Variety Name').fill('Olive');
    await first.getByLabel('Stripe Product ID').fill('prod_olive');
    await first.getByLabel('Quantity').fill('5');
    await page.getByRole('button', { name: '+ Add Variety' }).click();
    const second = variety(page, 2);
    await second.getByLabel('Variety ID').fill('rust');
    await second.getByLabel('Variety Name').fill('Rust');
    await second.getByLabel('Stripe Product ID').fill('prod_rust');
    await second.getByLabel('Quantity').fill('2');
    await create.click();

    await page.waitForURL(url(`/admin/products/${JACKET}`));
    await expectAlert(page, 'Product created!');
    await page.getByRole('heading', { level: 1, name: 'Field Jacket' }).waitFor();
    expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('19.99');
    // Said once: a reload of the page does not say it again.
    await page.reload();
    await page.getByLabel('Product Name').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Product created!' }).count()).toBe(0);

    const saved = await stored('beta', JACKET);
    expect(saved?.product).toMatchObject({ price: 1999, status: 0, total_quantity: 7, is_digital_double: 1 });
    expect(saved?.product.release_date).toBe(new Date(2026, 11, 1, 18, 30).toISOString());
    expect(saved?.varieties.map((row) => [row.variety_id, row.quantity])).toEqual([
      ['olive', 5],
      ['rust', 2],
    ]);

    // A taken ID is the server's answer, in the words of docs/product.md §5.2.
    await page.goto(url('/admin/products/new'));
    await page.getByLabel('Product ID', { exact: true }).fill(JACKET);
    await page.getByLabel('Product Name').fill('Another');
    await page.getByLabel('Description').fill('Same ID.');
    await page.getByLabel('Price (USD)').fill('5');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expectAlert(page, `Error creating product: A product with the ID "${JACKET}" already exists in beta.`);
  });

  it('uploads, previews, reorders and removes images, changes status and shows the lifetime rule', async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'beta', `/admin/products/${JACKET}`);
    await page.getByRole('heading', { level: 1, name: 'Field Jacket' }).waitFor();
    const save = page.getByRole('button', { name: 'Save Changes' });

    // The edit alerts of docs/product.md §5.3.
    const olive = variety(page, 1);
    await olive.getByLabel('Stripe Product ID').fill('');
    await save.click();
    await expectAlert(page, 'Stripe Product ID is required for all varieties. Missing for: Olive (olive).');
    await olive.getByLabel('Stripe Product ID').fill('prod_olive');
    await olive.getByLabel('Quantity').fill('-1');
    await save.click();
    await expectAlert(page, 'Quantity cannot be negative.');
    await olive.getByLabel('Quantity').fill('5');

    // The dollars/cents toggle keeps the amount.
    await page.getByLabel('Cents').check();
    expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('1999');

    const files = [
      { name: 'red.png', mimeType: 'image/png', buffer: await image('#ff0000', 'png') },
      { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await image('#0000ff', 'jpeg') },
      { name: 'green.png', mimeType: 'image/png', buffer: await image('#00ff00', 'png') },
    ];
    await page.getByLabel('Add images').setInputFiles(files);
    const toUpload = page.getByRole('list', { name: 'Images to upload' });
    await toUpload.getByText('Image 3 (new): green.png').waitFor();
    await toUpload.locator('img').nth(2).waitFor();
    // Removed before saving: never uploaded.
    await page.getByRole('button', { name: 'Remove new image 3' }).click();
    expect(await toUpload.getByRole('listitem').count()).toBe(2);
    await save.click();
    await expectAlert(page, 'Product Updated!');

    const savedImages = page.getByRole('list', { name: 'Saved images' });
    expect(await savedImages.getByRole('listitem').count()).toBe(2);
    let product = await stored('beta', JACKET);
    expect(product?.images.map((row) => row.image_key)).toEqual([
      expect.stringMatching(/red/),
      expect.stringMatching(/blue/),
    ]);
    expect(product?.product.price).toBe(1999);

    // A third image continues the numbering after the saved ones.
    await page.getByLabel('Add images').setInputFiles([files[2] as (typeof files)[number]]);
    await toUpload.getByText('Image 3 (new): green.png').waitFor();
    await save.click();
    await expectAlert(page, 'Product Updated!');
    expect(await savedImages.getByRole('listitem').count()).toBe(3);

    // Reorder red, blue, green into blue, red, green; remove green; Active; raise olive's quantity.
    expect(await page.getByRole('button', { name: 'Move image 1 earlier' }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
    await page.getByRole('button', { name: 'Move image 2 later' }).click();
    await page.getByRole('button', { name: 'Move image 3 earlier' }).click();
    await page.getByRole('button', { name: 'Remove image 3' }).click();
    expect(await savedImages.getByRole('listitem').count()).toBe(2);
    await page.getByLabel('Status').selectOption({ label: 'Active (1)' });
    await olive.getByLabel('Quantity').fill('8');
    await save.click();
    await expectAlert(page, 'Product Updated!');

    product = await stored('beta', JACKET);
    expect(product?.images.map((row) => row.image_key)).toEqual([
      expect.stringMatching(/blue/),
      expect.stringMatching(/red/),
    ]);
    expect(product?.product.status).toBe(1);
    // The lifetime rule (docs/product.md §5.4), applied by the server and shown from its answer: 5 + (8 - 5).
    await olive.getByText('Lifetime quantity: 8').waitFor();
    await variety(page, 2).getByText('Lifetime quantity: 2').waitFor();

    // A reload shows what was saved.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Field Jacket' }).waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('1');
    expect(await variety(page, 1).getByLabel('Quantity').inputValue()).toBe('8');
    expect(await page.getByRole('list', { name: 'Saved images' }).getByRole('listitem').count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("refuses a file that is not an image with 'Error uploading file: …' and saves nothing", async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'beta', `/admin/products/${JACKET}`);
    await page.getByRole('heading', { level: 1, name: 'Field Jacket' }).waitFor();
    const before = await stored('beta', JACKET);
    await page.getByLabel('Product Name').fill('Renamed Jacket');
    await page
      .getByLabel('Add images')
      .setInputFiles([
        { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are notes, not pixels') },
      ]);
    await page.getByText('(new): notes.png').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error uploading file: ' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^Error uploading file: notes\.png: /);
    const after = await stored('beta', JACKET);
    expect(after?.product).toEqual(before?.product);
    expect(after?.images).toEqual(before?.images);
  });

  it('says clearly when someone else saved first', async () => {
    const { page, context } = sessions.staff;
    await openIn(page, fixture.site.url, 'beta', `/admin/products/${JACKET}`);
    await page.getByRole('heading', { level: 1, name: 'Field Jacket' }).waitFor();

    const other = await context.newPage();
    await other.goto(url(`/admin/products/${JACKET}`));
    await other.getByLabel('Description').fill('Saved in another tab.');
    await other.getByRole('button', { name: 'Save Changes' }).click();
    await other.getByRole('alert').filter({ hasText: 'Product Updated!' }).waitFor();
    await other.close();

    await page.getByLabel('Description').fill('Saved here, too late.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('alert').filter({ hasText: 'Someone saved this product, or players ordered it' }).waitFor();
    await page.getByRole('button', { name: /Load the latest version/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Loaded the latest saved version.' }).waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('Saved in another tab.');
  });

  it('lists the product as cards and as a table, in its own environment only', async () => {
    const { page } = sessions.staff;
    await openIn(page, fixture.site.url, 'beta', '/admin/products/list');
    const cards = page.getByRole('list', { name: 'Products' });
    const card = cards.getByRole('article', { name: 'Field Jacket' });
    await card.waitFor();
    for (const text of [JACKET, 'Is Digital Double?', 'Yes', '$19.99', 'Active']) {
      await card.getByText(text, { exact: true }).first().waitFor();
    }
    expect(await card.locator('dd').nth(2).innerText()).toBe('2');

    await page.getByRole('button', { name: 'View as table' }).click();
    await page.waitForURL(/view=table/);
    const row = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: JACKET });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Field Jacket', JACKET, 'Yes', '2', '$19.99', 'Active']),
    );
    await row.getByRole('link', { name: 'Field Jacket' }).click();
    await page.waitForURL(url(`/admin/products/${JACKET}`));

    // Made in beta: absent from development.
    await openIn(page, fixture.site.url, 'development', `/admin/products/list?search=${JACKET}`);
    await page.getByText('No products found.').waitFor();
    await page.goto(url(`/admin/products/${JACKET}`));
    await page.getByText(`There is no product “${JACKET}” in development.`).waitFor();
    expect(await stored('development', JACKET)).toBeUndefined();

    // On a phone the cards (development's demo products) stack in one column; nothing scrolls sideways.
    await page.goto(url('/admin/products/list'));
    await page.setViewportSize(MOBILE_VIEWPORT);
    await page.getByRole('article').nth(1).waitFor();
    const lefts = await cards
      .getByRole('article')
      .evaluateAll((articles) => articles.map((article) => Math.round(article.getBoundingClientRect().left)));
    expect(lefts.length).toBeGreaterThan(1);
    expect(new Set(lefts).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('asks before changing production, and says what the save removes', async () => {
    const { page } = sessions.staff;
    const id = `pin-${tag}`;
    await openIn(page, fixture.site.url, 'production', '/admin/products/new');
    await page.getByLabel('Product ID', { exact: true }).fill(id);
    await page.getByLabel('Product Name').fill('Signal Pin');
    await page.getByLabel('Description').fill('Enamel.');
    await page.getByLabel('Price (USD)').fill('4.35');
    await page.getByRole('button', { name: '+ Add Variety' }).click();
    await variety(page, 2).getByLabel('Variety ID').fill('gold');
    await variety(page, 2).getByLabel('Variety Name').fill('Gold');
    for (const number of [1, 2]) await variety(page, number).getByLabel('Stripe Product ID').fill(`prod_${number}`);

    const create = page.getByRole('button', { name: 'Create Product' });
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'You are changing production' });
    await dialog.waitFor();
    // Focus starts on Cancel; Escape cancels and nothing is created.
    expect(
      await dialog.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await create.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await stored('production', id)).toBeUndefined();

    await create.click();
    await dialog.getByRole('button', { name: 'Create in production' }).click();
    await page.waitForURL(url(`/admin/products/${id}`));
    await expectAlert(page, 'Product created!');
    expect((await stored('production', id))?.product.price).toBe(435);

    await page.getByRole('button', { name: 'Remove variety 2' }).click();
    await page.getByLabel('Status').selectOption('2');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor();
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual([
      'Removes the variety Gold (gold).',
      'Archives the product.',
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save to production' }).click();
    await expectAlert(page, 'Product Updated!');
    const saved = await stored('production', id);
    expect(saved?.product.status).toBe(2);
    expect(saved?.varieties.map((row) => row.variety_id)).toEqual(['default']);
  });
});

describe('products, as a moderator', () => {
  it('shows the list and the product, but no way to create or change one', async () => {
    const { page } = sessions.moderator;
    await openIn(page, fixture.site.url, 'beta', '/admin/products/list');
    await page.getByRole('article', { name: 'Field Jacket' }).waitFor();
    expect(await page.getByRole('link', { name: '+ Create Product' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Field Jacket' }).click();
    await page.getByText('Your role may view this product but not change it.').waitFor();
    expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    expect(await page.getByLabel('Product Name').isDisabled()).toBe(true);
    expect(await page.getByLabel('Add images').isDisabled()).toBe(true);

    await page.goto(url('/admin/products/new'));
    await page.getByText('Your role may view products but not create them.').waitFor();
    expect(await page.getByRole('button', { name: 'Create Product' }).count()).toBe(0);
  });
});
