import { MERCH_MAX_LINE_QUANTITY, MERCH_MAX_LINES, type MerchProduct } from '@outpost/contracts/merch';
import { describe, expect, it } from 'vitest';
import {
  addRefusal,
  addToBag,
  mergeIntoBag,
  parseBag,
  priceBag,
  removeFromBag,
  serializeBag,
  setLineQuantity,
} from './bag';

const hoodie = { productID: 'outpost-hoodie', varietyID: 'm' };

describe('parseBag', () => {
  it('reads back what serializeBag wrote', () => {
    const lines = [{ ...hoodie, quantity: 2 }];
    expect(parseBag(serializeBag(lines))).toEqual(lines);
  });

  it('answers an empty bag for nothing stored, text that is not JSON, or JSON that is not a list', () => {
    expect(parseBag(null)).toEqual([]);
    expect(parseBag('')).toEqual([]);
    expect(parseBag('{not json')).toEqual([]);
    expect(parseBag('{"productID":"x"}')).toEqual([]);
  });

  it('drops lines it did not write and keeps the rest', () => {
    const raw = JSON.stringify([
      { ...hoodie, quantity: 1 },
      { productID: 'radio-tee', varietyID: 'l', quantity: 0 },
      { productID: 'radio-tee', varietyID: 'l', quantity: 1.5 },
      { productID: 'radio-tee', varietyID: 'l', quantity: MERCH_MAX_LINE_QUANTITY + 1 },
      { productID: '', varietyID: 'l', quantity: 1 },
      { productID: 'radio-tee', quantity: 1 },
      'radio-tee',
      null,
      { productID: 'radio-tee', varietyID: 'l', quantity: 3, price: 1 },
    ]);
    expect(parseBag(raw)).toEqual([
      { ...hoodie, quantity: 1 },
      { productID: 'radio-tee', varietyID: 'l', quantity: 3 },
    ]);
  });

  it('merges repeats of a variety within the per-line cap and keeps at most the lines an order may have', () => {
    const repeats = JSON.stringify([
      { ...hoodie, quantity: 7 },
      { ...hoodie, quantity: 7 },
    ]);
    expect(parseBag(repeats)).toEqual([{ ...hoodie, quantity: MERCH_MAX_LINE_QUANTITY }]);
    const many = Array.from({ length: MERCH_MAX_LINES + 5 }, (_, index) => ({
      productID: `p${index}`,
      varietyID: 'default',
      quantity: 1,
    }));
    expect(parseBag(JSON.stringify(many))).toHaveLength(MERCH_MAX_LINES);
  });
});

describe('changing the bag', () => {
  it('adds one at a time, up to the caps, and says why not beyond', () => {
    let lines = addToBag([], hoodie);
    expect(lines).toEqual([{ ...hoodie, quantity: 1 }]);
    lines = addToBag(lines, hoodie);
    expect(lines).toEqual([{ ...hoodie, quantity: 2 }]);
    lines = setLineQuantity(lines, hoodie, 99);
    expect(lines[0]?.quantity).toBe(MERCH_MAX_LINE_QUANTITY);
    expect(addRefusal(lines, hoodie)).toBe(`At most ${MERCH_MAX_LINE_QUANTITY} of one variety per order.`);
    expect(addToBag(lines, hoodie)).toEqual(lines);
    expect(setLineQuantity(lines, hoodie, 0)[0]?.quantity).toBe(1);
    expect(removeFromBag(lines, hoodie)).toEqual([]);
    const full = Array.from({ length: MERCH_MAX_LINES }, (_, index) => ({
      productID: `p${index}`,
      varietyID: 'v',
      quantity: 1,
    }));
    expect(addRefusal(full, hoodie)).toBe(`An order can have at most ${MERCH_MAX_LINES} lines.`);
    expect(addRefusal(full, { productID: 'p0', varietyID: 'v' })).toBeNull();
  });

  it('puts a given-up order’s lines back, added to what is there within the caps', () => {
    const tee = { productID: 'radio-tee', varietyID: 'l' };
    expect(
      mergeIntoBag(
        [{ ...hoodie, quantity: 8 }],
        [
          { ...hoodie, quantity: 3 },
          { ...tee, quantity: 2 },
        ],
      ),
    ).toEqual([
      { ...hoodie, quantity: MERCH_MAX_LINE_QUANTITY },
      { ...tee, quantity: 2 },
    ]);
  });
});

describe('priceBag', () => {
  const product = (over: Partial<MerchProduct>): MerchProduct => ({
    productID: 'outpost-hoodie',
    name: 'Outpost Hoodie',
    description: '',
    isDigitalDouble: true,
    price: 5999,
    priceCredits: 5999,
    images: [],
    varieties: [
      { varietyID: 's', varietyName: 'Small', stock: 0 },
      { varietyID: 'm', varietyName: 'Medium', stock: 3 },
    ],
    dropID: null,
    orderable: true,
    soldOut: false,
    ...over,
  });

  it('totals dollars and credits, rounding credits up as the server does', () => {
    const priced = priceBag([{ ...hoodie, quantity: 2 }], { products: [product({})], creditsPerUSD: 33 });
    expect(priced).toMatchObject({ units: 2, totalCents: 11998, totalCredits: 3960, orderable: true });
    expect(priced.lines[0]).toMatchObject({ productName: 'Outpost Hoodie', varietyName: 'Medium', problem: null });
  });

  it('says what keeps a line from being ordered', () => {
    const problems = (products: MerchProduct[], quantity = 1, varietyID = 'm') =>
      priceBag([{ productID: 'outpost-hoodie', varietyID, quantity }], { products, creditsPerUSD: 100 });
    expect(problems([]).lines[0]).toMatchObject({ problem: 'unavailable', productName: 'outpost-hoodie', cents: 0 });
    expect(problems([product({})], 1, 'xl').lines[0]?.problem).toBe('unavailable');
    expect(problems([product({})], 1, 's').lines[0]?.problem).toBe('sold-out');
    expect(problems([product({})], 4).lines[0]?.problem).toBe('short');
    expect(problems([product({ orderable: false, dropID: 'radio-season' })]).lines[0]?.problem).toBe('unavailable');
    expect(problems([product({ orderable: false, soldOut: true })]).lines[0]?.problem).toBe('sold-out');
    expect(problems([product({})], 4).orderable).toBe(false);
    expect(priceBag([], { products: [], creditsPerUSD: 100 }).orderable).toBe(false);
  });
});
