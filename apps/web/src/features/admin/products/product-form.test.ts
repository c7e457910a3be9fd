import { PRODUCT_MESSAGES, type Product } from '@outpost/contracts/products';
import { describe, expect, it } from 'vitest';
import type { Checked } from '../components/form-check';
import { toLocalDateTime } from '../components/local-time';
import { moveItem } from '../components/move-item';
import {
  blankVariety,
  checkNewProduct,
  checkProductEdit,
  convertPrice,
  destructiveChanges,
  draftFromProduct,
  IMAGE_LIMIT_MESSAGE,
  localDateTimeToIso,
  NEW_IMAGE_LIMIT_MESSAGE,
  type NewProductDraft,
  newProductDraft,
  newVarietyId,
  priceInCents,
  releaseDateFor,
} from './product-form';

const filled = (changes: Partial<NewProductDraft> = {}): NewProductDraft => ({
  ...newProductDraft(),
  productID: 'field-jacket',
  name: 'Field Jacket',
  description: 'Waxed canvas.',
  price: '19.99',
  ...changes,
});

const messageOf = (checked: Checked<unknown>) => (checked.ok ? 'ok' : checked.message);
const fieldsOf = (checked: Checked<unknown>) => (checked.ok ? 'ok' : checked.fields);

const product: Product = {
  productID: 'field-jacket',
  name: 'Field Jacket',
  description: 'Waxed canvas.',
  price: 1999,
  isDigitalDouble: true,
  availableVarieties: ['olive', 'rust'],
  varieties: [
    {
      varietyID: 'olive',
      varietyName: 'Olive',
      stripeID: 'prod_1',
      quantity: 5,
      originalQuantity: 5,
      lifetimeQuantity: 5,
    },
    {
      varietyID: 'rust',
      varietyName: 'Rust',
      stripeID: 'prod_2',
      quantity: 2,
      originalQuantity: 2,
      lifetimeQuantity: 9,
    },
  ],
  releaseDate: '2026-12-01T17:30:00.000Z',
  totalQuantity: 7,
  status: 1,
  images: [
    { index: 1, url: '/files/b.png', thumbnailUrl: '/files/b.webp', key: 'b' },
    { index: 0, url: '/files/a.png', thumbnailUrl: '/files/a.webp', key: 'a' },
  ],
  version: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
};

describe('the create form', () => {
  it("starts as docs/product.md §2.11 says: one variety 'default' / 'Default' / 0, and 'Go to Product Page' on", () => {
    const draft = newProductDraft();
    expect(draft.varieties).toHaveLength(1);
    expect(draft.varieties[0]).toMatchObject({ varietyID: 'default', varietyName: 'Default', quantity: '0' });
    expect(draft.goToProductPage).toBe(true);
  });

  it('sends the price in cents without float drift, and the varieties with numbers', () => {
    for (const [typed, cents] of [
      ['19.99', 1999],
      ['0.29', 29],
      ['$5', 500],
      ['1.1', 110],
      ['4.35', 435],
    ] as const) {
      const checked = checkNewProduct(filled({ price: typed }));
      expect(checked.ok && checked.value.price, typed).toBe(cents);
    }
    const checked = checkNewProduct(filled());
    expect(checked).toMatchObject({
      ok: true,
      value: {
        productID: 'field-jacket',
        releaseDate: null,
        varieties: [{ varietyID: 'default', varietyName: 'Default', stripeID: '', quantity: 0 }],
      },
    });
  });

  it("says 'Please fill out all fields.' first, for any missing field or a price not above 0", () => {
    for (const changes of [
      { productID: ' ' },
      { name: '' },
      { description: '' },
      { price: '' },
      { price: '0' },
      { price: 'ten' },
      // The field check comes before the varieties' ones, as in docs/product.md §5.2.
      { name: '', varieties: [] },
    ]) {
      expect(messageOf(checkNewProduct(filled(changes))), JSON.stringify(changes)).toBe(PRODUCT_MESSAGES.fillAllFields);
    }
    expect(messageOf(checkNewProduct(filled({ price: '1.999' })))).toBe(PRODUCT_MESSAGES.wholeCents);
  });

  it('says what is wrong with the varieties', () => {
    expect(messageOf(checkNewProduct(filled({ varieties: [] })))).toBe(PRODUCT_MESSAGES.addVariety);
    const variety = (changes: object) => [{ ...blankVariety('blue'), varietyName: 'Blue', ...changes }];
    for (const changes of [{ varietyID: '' }, { varietyName: ' ' }, { quantity: '' }, { quantity: '-1' }]) {
      expect(messageOf(checkNewProduct(filled({ varieties: variety(changes) }))), JSON.stringify(changes)).toBe(
        PRODUCT_MESSAGES.fillVarietyFields,
      );
    }
    const twice = [...variety({}), ...variety({})];
    expect(messageOf(checkNewProduct(filled({ varieties: twice })))).toBe(PRODUCT_MESSAGES.varietyIdsUnique);
  });

  it('marks every field at fault, keyed as the form and the server key them', () => {
    const varieties = [newProductDraft().varieties[0], { ...blankVariety('blue'), varietyName: '', quantity: '-1' }];
    const checked = checkNewProduct(
      filled({ name: '', price: '1.999', varieties: varieties as NewProductDraft['varieties'] }),
    );
    expect(fieldsOf(checked)).toEqual({
      name: PRODUCT_MESSAGES.fillAllFields,
      price: PRODUCT_MESSAGES.wholeCents,
      'varieties.1.varietyName': PRODUCT_MESSAGES.fillVarietyFields,
      'varieties.1.quantity': PRODUCT_MESSAGES.fillVarietyFields,
    });
    expect(messageOf(checked)).toBe(PRODUCT_MESSAGES.fillAllFields);
  });

  it('sends a release date typed in local time as an instant, and none when empty', () => {
    expect(localDateTimeToIso('')).toBeNull();
    expect(localDateTimeToIso('2026-12-01T18:00')).toBe(new Date(2026, 11, 1, 18, 0).toISOString());
    const checked = checkNewProduct(filled({ releaseDate: '2026-12-01T18:00' }));
    expect(checked.ok && checked.value.releaseDate).toBe(new Date(2026, 11, 1, 18, 0).toISOString());
  });
});

describe('the edit form', () => {
  it('starts from the product: price in dollars, the release date as the create screen holds it, images in order', () => {
    const draft = draftFromProduct(product);
    expect(draft).toMatchObject({ price: '19.99', priceUnit: 'dollars', status: 1, isDigitalDouble: true });
    expect(draft.releaseDate).toBe(toLocalDateTime(product.releaseDate));
    expect(draft.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(draft.images.map((image) => image.key)).toEqual(['a', 'b']);
    expect(draft.varieties.map((variety) => variety.stored?.lifetimeQuantity)).toEqual([5, 9]);
  });

  it('switches the price between dollars and cents without changing the amount', () => {
    expect(convertPrice('19.99', 'dollars', 'cents')).toBe('1999');
    expect(convertPrice('1999', 'cents', 'dollars')).toBe('19.99');
    expect(convertPrice('abc', 'dollars', 'cents')).toBe('abc');
    expect(priceInCents('1999', 'cents')).toBe(1999);
    expect(priceInCents('19.99', 'cents')).toBeNull();
  });

  it('saves the whole product with the loaded version and the kept images by key', () => {
    const draft = draftFromProduct(product);
    const checked = checkProductEdit({ ...draft, price: '2500', priceUnit: 'cents' }, product, 0);
    expect(checked).toMatchObject({
      ok: true,
      value: {
        price: 2500,
        version: 3,
        images: [{ key: 'a' }, { key: 'b' }],
        releaseDate: product.releaseDate,
        varieties: [
          { varietyID: 'olive', quantity: 5 },
          { varietyID: 'rust', quantity: 2 },
        ],
      },
    });
  });

  it('keeps the stored instant when the date and time did not change, and saves the one typed otherwise', () => {
    const stored = '2026-12-01T17:30:45.500Z';
    expect(releaseDateFor(toLocalDateTime(stored), stored)).toBe(stored);
    expect(releaseDateFor('2027-01-05T09:15', stored)).toBe(new Date(2027, 0, 5, 9, 15).toISOString());
    expect(releaseDateFor('2027-01-05T09:15', null)).toBe(new Date(2027, 0, 5, 9, 15).toISOString());
    expect(releaseDateFor('', stored)).toBeNull();
  });

  it('reads a release date as the create screen does: one text, one instant', () => {
    const typed = '2027-03-04T20:45';
    const created = checkNewProduct(filled({ releaseDate: typed }));
    const edited = checkProductEdit({ ...draftFromProduct(product), releaseDate: typed }, product, 0);
    expect(created.ok && created.value.releaseDate).toBe(new Date(2027, 2, 4, 20, 45).toISOString());
    expect(edited.ok && edited.value.releaseDate).toBe(created.ok && created.value.releaseDate);
  });

  it('gives every edit alert of docs/product.md §5.3', () => {
    const draft = draftFromProduct(product);
    const [olive, rust] = draft.varieties;
    if (!olive || !rust) throw new Error('two varieties expected');
    const check = (changes: object, newImages = 0) =>
      messageOf(checkProductEdit({ ...draft, ...changes }, product, newImages));
    expect(check({ description: '' })).toBe(PRODUCT_MESSAGES.fillAllFields);
    expect(check({ price: '0' })).toBe(PRODUCT_MESSAGES.fillAllFields);
    expect(check({ varieties: [] })).toBe(PRODUCT_MESSAGES.addVariety);
    const withOlive = (changes: object) => ({ varieties: [{ ...olive, ...changes }, rust] });
    expect(check(withOlive({ quantity: '' }))).toBe(PRODUCT_MESSAGES.fillVarietyFields);
    expect(check(withOlive({ varietyID: '' }))).toBe(PRODUCT_MESSAGES.varietyIdRequired);
    // The message of docs/product.md §5.3, then the variety it is about.
    expect(check(withOlive({ stripeID: '' }))).toBe(`${PRODUCT_MESSAGES.stripeIdRequired} Missing for: Olive (olive).`);
    expect(check(withOlive({ varietyName: '' }))).toBe(PRODUCT_MESSAGES.varietyNameRequired);
    expect(check(withOlive({ quantity: '-2' }))).toBe(PRODUCT_MESSAGES.quantityNegative);
    expect(check({}, 13)).toBe(NEW_IMAGE_LIMIT_MESSAGE);
    expect(check({}, 23)).toBe(NEW_IMAGE_LIMIT_MESSAGE);
    expect(check({ images: [] }, 12)).toBe('ok');
    expect(check({}, 12)).toBe('ok');
    const many = Array.from({ length: 20 }, (_, index) => ({ index, url: '', thumbnailUrl: '', key: `k${index}` }));
    expect(check({ images: many }, 5)).toBe(IMAGE_LIMIT_MESSAGE);
  });

  it('names every variety without a Stripe id and marks its field, among the other fields at fault', () => {
    const draft = draftFromProduct(product);
    const [olive, rust] = draft.varieties;
    if (!olive || !rust) throw new Error('two varieties expected');
    const bare = { ...blankVariety('variety-x'), varietyName: 'Sand', stripeID: ' ' };
    const checked = checkProductEdit({ ...draft, varieties: [olive, { ...rust, stripeID: '' }, bare] }, product, 0);
    expect(messageOf(checked)).toBe(`${PRODUCT_MESSAGES.stripeIdRequired} Missing for: Rust (rust), Sand (variety-x).`);
    expect(fieldsOf(checked)).toEqual({
      'varieties.1.stripeID': PRODUCT_MESSAGES.stripeIdRequired,
      'varieties.2.stripeID': PRODUCT_MESSAGES.stripeIdRequired,
    });
    const alsoNameless = checkProductEdit({ ...draft, name: ' ', varieties: [{ ...olive, stripeID: '' }] }, product, 0);
    expect(messageOf(alsoNameless)).toBe(PRODUCT_MESSAGES.fillAllFields);
    expect(fieldsOf(alsoNameless)).toEqual({
      name: PRODUCT_MESSAGES.fillAllFields,
      'varieties.0.stripeID': PRODUCT_MESSAGES.stripeIdRequired,
    });
  });

  it("generates a new variety's ID with the 'variety-' prefix, valid as a variety ID", () => {
    const id = newVarietyId();
    expect(id).toMatch(/^variety-[a-z0-9]{2,16}$/);
    expect(newVarietyId(() => 0.5)).toBe('variety-ii');
    const draft = draftFromProduct(product);
    const checked = checkProductEdit(
      { ...draft, varieties: [...draft.varieties, { ...blankVariety(id), varietyName: 'Sand', stripeID: 'prod_3' }] },
      product,
      0,
    );
    expect(checked.ok).toBe(true);
  });
});

describe('moving and removing', () => {
  it('moves an item one place, and leaves the list as it is at its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('lists what a save removes, for the production confirmation', () => {
    expect(destructiveChanges(product, { status: 1, varieties: product.varieties, images: product.images })).toEqual(
      [],
    );
    expect(
      destructiveChanges(product, { status: 2, varieties: [{ varietyID: 'olive' }], images: [{ key: 'a' }] }),
    ).toEqual(['Removes image 2.', 'Removes the variety Rust (rust).', 'Archives the product.']);
  });
});
