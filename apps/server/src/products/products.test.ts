import fs from 'node:fs';
import path from 'node:path';
import type { AdminListPage } from '@outpost/contracts/admin-list';
import {
  PRODUCT_MESSAGES,
  type Product,
  type ProductSummary,
  type UpdateProductInput,
} from '@outpost/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import {
  createProductThrough,
  newProductInput,
  pngBytes,
  saveInput,
  saveProductThrough,
  type UploadFile,
} from './testing';

const IMAGE_MAX_BYTES = 64 * 1024;

describe.each(TEST_DIALECTS)('products on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  let moderator: SignedIn;
  let counter = 0;
  /** A product id no other test uses. */
  const nextId = () => {
    counter += 1;
    return `product-${counter}`;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { config: { imageMaxBytes: IMAGE_MAX_BYTES } });
    const setKeys = (id: string, keys: string[]) => setProfileKeys(t.stores.identity, id, keys);
    staff = await signUpWithProfile(t.app, setKeys, {
      email: 'staff@example.com',
      displayName: 'staffer',
      keys: ['staff'],
    });
    admin = await signUpWithProfile(t.app, setKeys, {
      email: 'admin@example.com',
      displayName: 'adminer',
      keys: ['admin'],
    });
    moderator = await signUpWithProfile(t.app, setKeys, {
      email: 'mod@example.com',
      displayName: 'moddy',
      keys: ['moderator'],
    });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function create(overrides: Parameters<typeof newProductInput>[0] = {}, env = 'development'): Promise<Product> {
    const response = await createProductThrough(
      t.app,
      staff.bearer,
      env,
      newProductInput({ productID: nextId(), ...overrides }),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Product;
  }

  async function read(productID: string, env = 'development') {
    return t.app.inject({
      url: `/api/admin/${env}/products/${productID}`,
      headers: { authorization: moderator.bearer },
    });
  }

  /** A save by the staff user in development. */
  function save(productID: string, input: UpdateProductInput, files: readonly UploadFile[] = []) {
    return saveProductThrough(t.app, staff.bearer, 'development', productID, input, files);
  }

  function adminLog(action: string, env: 'development' | 'beta' = 'development') {
    return t.stores.game[env].selectFrom('admin_log').selectAll().where('action', '=', action).execute();
  }

  /** Files stored under a product's folder in the local file store. */
  function storedFiles(productID: string, env = 'development'): string[] {
    const folder = path.join(t.dataDir, 'files', env, 'product-images', productID);
    return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  }

  describe('create', () => {
    it('creates an Inactive product whose totalQuantity is the sum of its varieties', async () => {
      const product = await create({ price: 1999 });
      expect(product).toMatchObject({
        name: 'Trail Boots',
        price: 1999,
        isDigitalDouble: true,
        status: 0,
        totalQuantity: 15,
        availableVarieties: ['default', 'red'],
        releaseDate: '2026-12-01T18:00:00.000Z',
        images: [],
        version: 1,
      });
      expect(product.varieties[1]).toEqual({
        varietyID: 'red',
        varietyName: 'Red',
        stripeID: 'prod_red',
        quantity: 5,
        originalQuantity: 5,
        lifetimeQuantity: 5,
      });
      expect((await read(product.productID)).json()).toEqual(product);
    });

    it('lowercases variety ids and trims text', async () => {
      const product = await create({
        name: '  Hoodie  ',
        varieties: [{ varietyID: ' Large-Blue ', varietyName: ' Large ', stripeID: '', quantity: 0 }],
      });
      expect(product.name).toBe('Hoodie');
      expect(product.varieties[0]).toMatchObject({ varietyID: 'large-blue', varietyName: 'Large', quantity: 0 });
    });

    it.each([
      ['an empty name', { name: ' ' }, PRODUCT_MESSAGES.fillAllFields],
      ['an empty description', { description: '' }, PRODUCT_MESSAGES.fillAllFields],
      ['a price of 0', { price: 0 }, PRODUCT_MESSAGES.fillAllFields],
      ['a price in dollars rather than cents', { price: 19.99 }, PRODUCT_MESSAGES.fillAllFields],
      ['no variety', { varieties: [] }, PRODUCT_MESSAGES.addVariety],
      [
        'a variety without a name',
        { varieties: [{ varietyID: 'a', varietyName: '', stripeID: '', quantity: 1 }] },
        PRODUCT_MESSAGES.fillVarietyFields,
      ],
      [
        'a negative quantity',
        { varieties: [{ varietyID: 'a', varietyName: 'A', stripeID: '', quantity: -1 }] },
        PRODUCT_MESSAGES.fillVarietyFields,
      ],
      [
        'two varieties of one id',
        {
          varieties: [
            { varietyID: 'a', varietyName: 'A', stripeID: '', quantity: 1 },
            { varietyID: 'A', varietyName: 'B', stripeID: '', quantity: 1 },
          ],
        },
        PRODUCT_MESSAGES.varietyIdsUnique,
      ],
      ['the id of an admin page', { productID: 'new' }, PRODUCT_MESSAGES.productIdReserved],
      ['an id that is not safe in a path', { productID: '../x' }, PRODUCT_MESSAGES.productIdCharacters],
    ])('refuses %s with a clear message, storing nothing', async (_case, overrides, message) => {
      const before = await adminLog('product.create');
      const response = await createProductThrough(
        t.app,
        staff.bearer,
        'development',
        newProductInput({ productID: 'refused', ...overrides }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect((await read('refused')).statusCode).toBe(404);
      expect(await adminLog('product.create')).toHaveLength(before.length);
    });

    it('lets exactly one of many concurrent creates of one id win, with one admin-log entry', async () => {
      const productID = nextId();
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          createProductThrough(
            t.app,
            index % 2 ? admin.bearer : staff.bearer,
            'development',
            newProductInput({ productID, name: `Racer ${index}` }),
          ),
        ),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const refused = responses.find((response) => response.statusCode === 409);
      expect(refused?.json().error.message).toBe(`A product with the ID "${productID}" already exists in development.`);
      const rows = await t.stores.game.development
        .selectFrom('products')
        .selectAll()
        .where('product_id', '=', productID)
        .execute();
      expect(rows).toHaveLength(1);
      const entries = (await adminLog('product.create')).filter(
        (entry) => JSON.parse(entry.data).productID === productID,
      );
      expect(entries).toHaveLength(1);
    });

    it('writes the admin-log entry with the change: who, where and what', async () => {
      const product = await create();
      const [entry] = (await adminLog('product.create')).filter(
        (row) => JSON.parse(row.data).productID === product.productID,
      );
      expect(entry).toMatchObject({ action: 'product.create', environment: 'development', admin: staff.userId });
      expect(JSON.parse(entry?.data ?? '{}')).toMatchObject({
        productID: product.productID,
        price: 1999,
        varieties: 2,
      });
    });
  });

  describe('roles and environments', () => {
    it('lets a moderator list and read products but not create or save them', async () => {
      const product = await create();
      const list = await t.app.inject({
        url: '/api/admin/development/products',
        headers: { authorization: moderator.bearer },
      });
      expect(list.statusCode).toBe(200);
      const created = await createProductThrough(
        t.app,
        moderator.bearer,
        'development',
        newProductInput({ productID: 'mod' }),
      );
      expect(created.statusCode).toBe(403);
      const saved = await saveProductThrough(t.app, moderator.bearer, 'development', product.productID, {
        ...saveInput(product),
        name: 'Moderated',
      });
      expect(saved.statusCode).toBe(403);
      expect(((await read(product.productID)).json() as Product).name).toBe('Trail Boots');
      expect((await read('mod')).statusCode).toBe(404);
    });

    it('keeps each environment’s products apart', async () => {
      const product = await create({}, 'beta');
      expect((await read(product.productID, 'beta')).statusCode).toBe(200);
      expect((await read(product.productID, 'development')).statusCode).toBe(404);
      const list = await t.app.inject({
        url: `/api/admin/development/products?search=${product.productID}`,
        headers: { authorization: staff.bearer },
      });
      expect(list.json().total).toBe(0);
      expect(await adminLog('product.create', 'beta')).toHaveLength(1);
    });
  });

  describe('list', () => {
    it('pages, sorts, searches (wildcards as text) and filters on the server', async () => {
      const prefix = 'listing';
      for (const [index, price] of [300, 100, 200].entries()) {
        await create({
          productID: `${prefix}-${index}`,
          name: `Listing 50% ${index}`,
          price,
          isDigitalDouble: index !== 1,
        });
      }
      const page = async (query: string) => {
        const response = await t.app.inject({
          url: `/api/admin/development/products?search=${encodeURIComponent('50%')}&${query}`,
          headers: { authorization: staff.bearer },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as AdminListPage<ProductSummary>;
      };
      const byPrice = await page('sort=price&order=asc');
      expect(byPrice.total).toBe(3);
      expect(byPrice.rows.map((row) => row.price)).toEqual([100, 200, 300]);
      expect(byPrice.rows[0]).toMatchObject({
        productID: `${prefix}-1`,
        varietyCount: 2,
        status: 0,
        thumbnailUrl: null,
      });
      expect((await page('sort=price&order=asc&pageSize=2&page=2')).rows.map((row) => row.price)).toEqual([300]);
      expect((await page('digitalDouble=no')).rows.map((row) => row.productID)).toEqual([`${prefix}-1`]);
      expect((await page('status=1')).total).toBe(0);

      const noMatch = await t.app.inject({
        url: '/api/admin/development/products?search=%25_%25',
        headers: { authorization: staff.bearer },
      });
      expect(noMatch.json().total).toBe(0);
      const bad = await t.app.inject({
        url: '/api/admin/development/products?status=7',
        headers: { authorization: staff.bearer },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toContain('status must be 0, 1 or 2.');
    });
  });

  describe('save', () => {
    it('applies the lifetime rule, adds and removes varieties, and counts the version up', async () => {
      const product = await create();
      const response = await save(
        product.productID,
        saveInput(product, {
          name: 'Trail Boots II',
          price: 2499,
          status: 1,
          varieties: [
            { varietyID: 'default', varietyName: 'Default', stripeID: 'prod_default', quantity: 14 },
            { varietyID: 'variety-abc123', varietyName: 'Blue', stripeID: 'prod_blue', quantity: 3 },
          ],
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const saved = response.json() as Product;
      expect(saved).toMatchObject({ name: 'Trail Boots II', price: 2499, status: 1, version: 2, totalQuantity: 15 });
      expect(saved.availableVarieties).toEqual(['default', 'variety-abc123']);
      expect(saved.varieties[0]).toMatchObject({ quantity: 14, originalQuantity: 14, lifetimeQuantity: 14 });
      expect(saved.varieties[1]).toMatchObject({ quantity: 3, originalQuantity: 3, lifetimeQuantity: 3 });

      // Lowered, then raised above the new original: only the part above it counts.
      const setFirstQuantity = async (from: Product, quantity: number) => {
        const input = saveInput(from);
        const [first, ...rest] = input.varieties;
        const next = save(product.productID, {
          ...input,
          varieties: [{ ...(first as (typeof input.varieties)[number]), quantity }, ...rest],
        });
        return (await next).json() as Product;
      };
      const lowered = await setFirstQuantity(saved, 8);
      expect(lowered.varieties[0]).toMatchObject({ quantity: 8, lifetimeQuantity: 14 });
      const raised = await setFirstQuantity(lowered, 11);
      expect(raised.varieties[0]).toMatchObject({ quantity: 11, originalQuantity: 11, lifetimeQuantity: 17 });
      expect(raised.version).toBe(4);

      const entries = (await adminLog('product.update')).filter(
        (entry) => JSON.parse(entry.data).productID === product.productID,
      );
      expect(entries).toHaveLength(3);
      expect(JSON.parse(entries[0]?.data ?? '{}')).toMatchObject({ status: 'Active', version: 2 });
      // What the save changed, before → after: the variety it removed among them.
      const { varieties, previous } = JSON.parse(entries[0]?.data ?? '{}');
      const names = (list: { varietyName: string }[]) => list.map((variety) => variety.varietyName);
      expect([names(previous.varieties), names(varieties)]).toEqual([
        ['Default', 'Red'],
        ['Default', expect.any(String)],
      ]);
    });

    it.each([
      ['a variety without a Stripe id', { stripeID: '' }, PRODUCT_MESSAGES.stripeIdRequired],
      ['a variety without an id', { varietyID: '' }, PRODUCT_MESSAGES.varietyIdRequired],
      ['a variety without a name', { varietyName: '' }, PRODUCT_MESSAGES.varietyNameRequired],
      ['a negative quantity', { quantity: -2 }, PRODUCT_MESSAGES.quantityNegative],
    ])('refuses %s with the message of docs/product.md §5.3', async (_case, variety, message) => {
      const product = await create();
      const input = saveInput(product);
      const response = await save(product.productID, {
        ...input,
        varieties: [{ ...(input.varieties[0] as (typeof input.varieties)[number]), ...variety }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
      expect(((await read(product.productID)).json() as Product).version).toBe(1);
    });

    it('refuses a save made from an older version, keeping the newer one', async () => {
      const product = await create();
      const first = await save(product.productID, {
        ...saveInput(product),
        name: 'First',
      });
      expect(first.statusCode).toBe(200);
      const second = await saveProductThrough(t.app, admin.bearer, 'development', product.productID, {
        ...saveInput(product),
        name: 'Second',
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().error.message).toContain(
        'Someone saved this product, or players ordered it, after you opened it.',
      );
      expect(((await read(product.productID)).json() as Product).name).toBe('First');
    });

    it('lets exactly one of concurrent saves from one version win', async () => {
      const product = await create();
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          saveProductThrough(t.app, index % 2 ? admin.bearer : staff.bearer, 'development', product.productID, {
            ...saveInput(product),
            name: `Save ${index}`,
          }),
        ),
      );
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = responses.find((response) => response.statusCode === 200)?.json() as Product;
      const stored = (await read(product.productID)).json() as Product;
      expect(stored).toMatchObject({ name: winner.name, version: 2 });
      const entries = (await adminLog('product.update')).filter(
        (entry) => JSON.parse(entry.data).productID === product.productID,
      );
      expect(entries).toHaveLength(1);
    });

    it('answers 404 for a product that does not exist', async () => {
      const product = await create();
      const response = await save('ghost', saveInput(product));
      expect(response.statusCode).toBe(404);
    });
  });

  describe('images', () => {
    it('stores uploads re-encoded with thumbnails, serves them for a year, reorders and removes', async () => {
      const product = await create();
      const [red, blue, green] = await Promise.all([
        pngBytes(64, 48, { r: 220, g: 20, b: 20 }),
        pngBytes(40, 40, { r: 20, g: 20, b: 220 }),
        pngBytes(30, 60, { r: 20, g: 220, b: 20 }),
      ]);
      const first = await save(product.productID, saveInput(product), [
        { name: 'Red Photo.png', bytes: red },
        { name: 'blue.png', bytes: blue },
      ]);
      expect(first.statusCode, first.body).toBe(200);
      const withTwo = first.json() as Product;
      expect(withTwo.images.map((image) => image.index)).toEqual([0, 1]);
      expect(withTwo.images[0]?.key).toMatch(
        new RegExp(`^development/product-images/${product.productID}/\\d+-red-photo-[0-9a-f]{8}\\.png$`),
      );
      expect(storedFiles(product.productID)).toHaveLength(4);

      const served = await t.app.inject({ url: new URL(withTwo.images[0]?.url ?? '').pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const thumbnail = await t.app.inject({ url: new URL(withTwo.images[0]?.thumbnailUrl ?? '').pathname });
      expect(thumbnail.headers['content-type']).toBe('image/webp');

      // A third image continues the indexes; the first two swap places.
      const [one, two] = withTwo.images;
      const second = await save(
        product.productID,
        saveInput(withTwo, { images: [{ key: two?.key ?? '' }, { key: one?.key ?? '' }] }),
        [{ name: 'green.png', bytes: green }],
      );
      expect(second.statusCode, second.body).toBe(200);
      const reordered = second.json() as Product;
      expect(reordered.images.map((image) => [image.index, image.key])).toEqual([
        [0, two?.key],
        [1, one?.key],
        [2, expect.stringContaining('-green-')],
      ]);

      // Removing one removes its files too.
      const third = await save(
        product.productID,
        saveInput(reordered, { images: reordered.images.slice(1).map((image) => ({ key: image.key })) }),
      );
      expect(third.statusCode, third.body).toBe(200);
      expect((third.json() as Product).images.map((image) => image.key)).toEqual([one?.key, reordered.images[2]?.key]);
      expect(storedFiles(product.productID)).toHaveLength(4);
      expect((await t.app.inject({ url: new URL(two?.url ?? '').pathname })).statusCode).toBe(404);

      const list = await t.app.inject({
        url: `/api/admin/development/products?search=${product.productID}`,
        headers: { authorization: staff.bearer },
      });
      expect(list.json().rows[0].thumbnailUrl).toBe((third.json() as Product).images[0]?.thumbnailUrl);
    });

    it('refuses a file that is not an image, whatever its name, and stores nothing', async () => {
      const product = await create();
      const response = await save(product.productID, { ...saveInput(product), name: 'Not saved' }, [
        { name: 'fine.png', bytes: await pngBytes() },
        { name: 'notes.png', bytes: Buffer.from('just some text, not pixels'), type: 'image/png' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        message: 'notes.png: The file is not an image (JPEG, PNG, WebP, GIF or AVIF).',
        details: { code: 'not-an-image', file: 'notes.png' },
      });
      expect(storedFiles(product.productID)).toEqual([]);
      expect((await read(product.productID)).json()).toMatchObject({ name: 'Trail Boots', version: 1, images: [] });
      const entries = (await adminLog('product.update')).filter(
        (entry) => JSON.parse(entry.data).productID === product.productID,
      );
      expect(entries).toEqual([]);
    });

    it('refuses an image over IMAGE_MAX_BYTES with 413, and stores nothing', async () => {
      const product = await create();
      const response = await save(product.productID, saveInput(product), [
        { name: 'small.png', bytes: await pngBytes() },
        { name: 'huge.png', bytes: Buffer.alloc(IMAGE_MAX_BYTES + 1, 1) },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatchObject({
        message: 'huge.png: The image is larger than 64 KB.',
        details: { code: 'image-too-large', file: 'huge.png' },
      });
      expect(storedFiles(product.productID)).toEqual([]);
      expect(((await read(product.productID)).json() as Product).images).toEqual([]);
    });

    it('removes the new files when the save is refused after they were stored', async () => {
      const product = await create();
      // The pre-check passes; another save commits while this one's images are being prepared.
      const racing = save(product.productID, saveInput(product), [
        { name: 'late.png', bytes: await pngBytes(1200, 900) },
      ]);
      const winner = await saveProductThrough(t.app, admin.bearer, 'development', product.productID, {
        ...saveInput(product),
        name: 'Winner',
      });
      const late = await racing;
      expect([winner.statusCode, late.statusCode].sort()).toEqual([200, 409]);
      const stored = (await read(product.productID)).json() as Product;
      expect(storedFiles(product.productID)).toHaveLength(stored.images.length * 2);
    });

    it('sweeps files a crash left in the product’s folder on its next save, sparing young ones', async () => {
      const product = await create();
      const withImage = (
        await save(product.productID, saveInput(product), [{ name: 'kept.png', bytes: await pngBytes() }])
      ).json() as Product;
      const folder = path.join(t.dataDir, 'files', 'development', 'product-images', product.productID);
      // Stored by a save that never committed: one an hour ago, one a moment ago (maybe still in flight).
      const stale = `${Date.now() - 60 * 60_000}-crashed-0badf00d.png`;
      const young = `${Date.now()}-in-flight-0badf00d.png`;
      fs.writeFileSync(path.join(folder, stale), 'orphan');
      fs.writeFileSync(path.join(folder, young), 'maybe not an orphan yet');

      const response = await save(product.productID, { ...saveInput(withImage), name: 'Swept' });
      expect(response.statusCode, response.body).toBe(200);
      const files = storedFiles(product.productID);
      expect(files).not.toContain(stale);
      expect(files).toContain(young);
      expect(files).toHaveLength(3);
    });

    it('refuses to keep an image the product does not have', async () => {
      const product = await create();
      const response = await save(
        product.productID,
        saveInput(product, { images: [{ key: 'development/product-images/other/1-x-abcdef12.png' }] }),
      );
      expect(response.statusCode).toBe(409);
      expect(((await read(product.productID)).json() as Product).version).toBe(1);
    });
  });
});
