import { describe, expect, it } from 'vitest';
import { nextStock, type StoredStock } from './lifetime-quantity';

describe('nextStock (docs/product.md §5.4 lifetime rule)', () => {
  it.each<[string, StoredStock | undefined, number, number]>([
    // description, stored, new quantity, expected lifetime
    [
      'raised above the original: the increase is added',
      { quantity: 10, originalQuantity: 10, lifetimeQuantity: 10 },
      15,
      15,
    ],
    ['unchanged: nothing added', { quantity: 10, originalQuantity: 10, lifetimeQuantity: 10 }, 10, 10],
    ['lowered: nothing added, nothing taken', { quantity: 10, originalQuantity: 10, lifetimeQuantity: 12 }, 4, 12],
    ['raised from 0', { quantity: 0, originalQuantity: 0, lifetimeQuantity: 0 }, 7, 7],
    ['missing lifetime counts as 0', { quantity: 10, originalQuantity: 10 }, 13, 3],
    ['null lifetime counts as 0', { quantity: 10, originalQuantity: 10, lifetimeQuantity: null }, 13, 3],
    ['missing original is the current quantity', { quantity: 8, lifetimeQuantity: 20 }, 11, 23],
    ['both missing', { quantity: 5 }, 9, 4],
    ['both missing, lowered', { quantity: 5 }, 2, 0],
    // Sold down to 3 (quantity) from an original of 10: back to 10 is not above the original.
    [
      'compared with the original, not the current quantity',
      { quantity: 3, originalQuantity: 10, lifetimeQuantity: 10 },
      10,
      10,
    ],
    [
      'above the original after sales: only the part above it',
      { quantity: 3, originalQuantity: 10, lifetimeQuantity: 10 },
      12,
      12,
    ],
    ['a new variety starts with its quantity', undefined, 6, 6],
  ])('%s', (_description, stored, quantity, lifetime) => {
    expect(nextStock(stored, quantity).lifetimeQuantity).toBe(lifetime);
  });

  it('makes the saved quantity the next original, so a raise is counted once', () => {
    const first = nextStock({ quantity: 10, originalQuantity: 10, lifetimeQuantity: 10 }, 15);
    expect(first).toEqual({ quantity: 15, originalQuantity: 15, lifetimeQuantity: 15 });
    expect(nextStock(first, 15)).toEqual(first);
    expect(nextStock(first, 20).lifetimeQuantity).toBe(20);
  });
});
