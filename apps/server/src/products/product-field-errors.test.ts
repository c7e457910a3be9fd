import { PRODUCT_MESSAGES, type Product } from '@outpost/contracts/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProfileKeys } from '../identity/queries';
import { type SignedIn, signUpWithProfile } from '../identity/testing';
import { buildTestApp, TEST_DIALECTS, type TestApp } from '../testing/test-stores';
import { createProductThrough, newProductInput, saveInput, saveProductThrough } from './testing';

/** Stripe as the tests configure it; creating a product never calls it, so no server answers there. */
const STRIPE_SETTINGS = { apiUrl: 'http://127.0.0.1:9', secretKey: 'sk_test_fields', webhookSecret: 'whsec_fields' };

/*
 * A refused create or save says which fields are at fault (details.fields, keyed by the input's
 * paths), so the screens can mark them; and where Stripe is configured, create asks for each
 * variety's Stripe Product ID as the edit screen does, naming the varieties without one.
 */
describe.each(TEST_DIALECTS)('product refusals point at the field on %s', (dialect) => {
  let t: TestApp;
  let staff: SignedIn;
  let counter = 0;
  const nextId = () => {
    counter += 1;
    return `fielded-${counter}`;
  };

  beforeAll(async () => {
    // Stripe on in development only: beta shows the rule follows the environment's configuration.
    t = await buildTestApp(dialect, {
      config: { stripe: { development: STRIPE_SETTINGS, beta: undefined, production: undefined } },
    });
    staff = await signUpWithProfile(t.app, (id, keys) => setProfileKeys(t.stores.identity, id, keys), {
      email: 'fields-staff@example.com',
      displayName: 'fieldstaff',
      keys: ['staff'],
    });
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const create = (input: ReturnType<typeof newProductInput>, env = 'development') =>
    createProductThrough(t.app, staff.bearer, env, input);
  const stored = (env: string, productID: string) =>
    t.stores.game[env as 'development']
      .selectFrom('products')
      .select('product_id')
      .where('product_id', '=', productID)
      .execute();

  it('names every field a create got wrong, each with its own message', async () => {
    const response = await create(
      newProductInput({
        productID: nextId(),
        name: ' ',
        price: 0,
        varieties: [
          { varietyID: 'default', varietyName: 'Default', stripeID: 'prod_default', quantity: 1 },
          { varietyID: 'red', varietyName: '', stripeID: 'prod_red', quantity: 1 },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toBe(`name: ${PRODUCT_MESSAGES.fillAllFields}`);
    expect(error.details).toEqual({
      fields: {
        name: PRODUCT_MESSAGES.fillAllFields,
        price: PRODUCT_MESSAGES.fillAllFields,
        'varieties.1.varietyName': PRODUCT_MESSAGES.fillVarietyFields,
      },
    });
  });

  it('refuses a create without a Stripe id where Stripe is configured, naming the variety and its field', async () => {
    const productID = nextId();
    const response = await create(
      newProductInput({
        productID,
        varieties: [
          { varietyID: 'default', varietyName: 'Default', stripeID: 'prod_default', quantity: 1 },
          { varietyID: 'large', varietyName: 'Large', stripeID: ' ', quantity: 2 },
          { varietyID: 'small', varietyName: 'Small', stripeID: '', quantity: 2 },
        ],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: `${PRODUCT_MESSAGES.stripeIdRequired} Missing for: Large (large), Small (small).`,
      details: {
        fields: {
          'varieties.1.stripeID': PRODUCT_MESSAGES.stripeIdRequired,
          'varieties.2.stripeID': PRODUCT_MESSAGES.stripeIdRequired,
        },
      },
      requestId: expect.any(String),
    });
    expect(await stored('development', productID)).toEqual([]);
  });

  it('creates without Stripe ids where Stripe is off, as the create rules of docs/product.md §5.2 allow', async () => {
    const productID = nextId();
    const input = newProductInput({ productID });
    expect(input.varieties.some((variety) => variety.stripeID === '')).toBe(true);
    const response = await create(input, 'beta');
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored('beta', productID)).toHaveLength(1);
  });

  it('lets a product created with its Stripe ids be saved as it is at its first edit', async () => {
    const productID = nextId();
    const input = newProductInput({
      productID,
      varieties: [
        { varietyID: 'default', varietyName: 'Default', stripeID: 'prod_default', quantity: 1 },
        { varietyID: 'red', varietyName: 'Red', stripeID: 'prod_red', quantity: 5 },
      ],
    });
    const created = await create(input);
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json() as Product;
    const asLoaded = saveInput(product);
    expect(asLoaded.varieties.map((variety) => variety.stripeID)).toEqual(['prod_default', 'prod_red']);
    const saved = await saveProductThrough(t.app, staff.bearer, 'development', productID, asLoaded);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it.each([
    ['as JSON', [] as const],
    ['as multipart with an image', [{ name: 'x.png', bytes: Buffer.from('not an image') }] as const],
  ])('says which variety a save lacks the Stripe id of (%s), before any image is read', async (_how, files) => {
    const productID = nextId();
    const created = await create(
      newProductInput({
        productID,
        varieties: [
          { varietyID: 'default', varietyName: 'Default', stripeID: 'prod_default', quantity: 1 },
          { varietyID: 'red', varietyName: 'Red', stripeID: 'prod_red', quantity: 5 },
        ],
      }),
    );
    const product = created.json() as Product;
    const input = saveInput(product);
    const [first, second] = input.varieties;
    const response = await saveProductThrough(
      t.app,
      staff.bearer,
      'development',
      productID,
      {
        ...input,
        varieties: [first as NonNullable<typeof first>, { ...(second as NonNullable<typeof second>), stripeID: '' }],
      },
      [...files],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({
      fields: { 'product.varieties.1.stripeID': PRODUCT_MESSAGES.stripeIdRequired },
    });
  });
});
