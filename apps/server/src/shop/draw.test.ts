import { publishedOdds } from '@outpost/contracts/shop';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawPrize } from './draw';

const prizes = [
  { prizeID: 'common', weight: 70, stock: 5 },
  { prizeID: 'rare', weight: 25, stock: 5 },
  { prizeID: 'legendary', weight: 5, stock: 1 },
];

describe('drawPrize', () => {
  it('maps every ticket below the total weight onto the prize whose band holds it', () => {
    expect(drawPrize(prizes, () => 0)?.prizeID).toBe('common');
    expect(drawPrize(prizes, () => 69)?.prizeID).toBe('common');
    expect(drawPrize(prizes, () => 70)?.prizeID).toBe('rare');
    expect(drawPrize(prizes, () => 94)?.prizeID).toBe('rare');
    expect(drawPrize(prizes, () => 95)?.prizeID).toBe('legendary');
    expect(drawPrize(prizes, () => 99)?.prizeID).toBe('legendary');
  });

  it('never draws a prize out of stock, and draws nothing when all are gone', () => {
    const withoutRare = prizes.map((prize) => (prize.prizeID === 'rare' ? { ...prize, stock: 0 } : prize));
    const seen = new Set<string>();
    for (let ticket = 0; ticket < 75; ticket += 1) seen.add(drawPrize(withoutRare, () => ticket)?.prizeID ?? '');
    expect([...seen].sort()).toEqual(['common', 'legendary']);
    expect(drawPrize(prizes.map((prize) => ({ ...prize, stock: 0 })))).toBeUndefined();
  });

  it('asks the random source for a number below the weights in stock, and refuses one outside', () => {
    const asked: number[] = [];
    drawPrize(prizes, (below) => {
      asked.push(below);
      return 0;
    });
    expect(asked).toEqual([100]);
    expect(() => drawPrize(prizes, () => 100)).toThrow(RangeError);
  });

  it('draws with the published odds (each ticket exactly once gives each prize weight tickets)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ weight: fc.integer({ min: 1, max: 50 }), stock: fc.integer({ min: 0, max: 3 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (generated) => {
          const total = generated.reduce((sum, prize) => sum + (prize.stock > 0 ? prize.weight : 0), 0);
          const counts = new Map<number, number>();
          for (let ticket = 0; ticket < total; ticket += 1) {
            const drawn = drawPrize(generated, () => ticket);
            const index = generated.indexOf(drawn as (typeof generated)[number]);
            counts.set(index, (counts.get(index) ?? 0) + 1);
          }
          const odds = publishedOdds(generated);
          generated.forEach((_prize, index) => {
            expect((counts.get(index) ?? 0) / (total || 1)).toBeCloseTo(odds[index] ?? 0, 10);
          });
        },
      ),
    );
  });

  it('uses the CSPRNG by default, reaching every prize in stock', () => {
    const seen = new Set<string>();
    const even = [
      { prizeID: 'a', weight: 1, stock: 1 },
      { prizeID: 'b', weight: 1, stock: 1 },
    ];
    for (let draw = 0; draw < 200 && seen.size < 2; draw += 1) seen.add(drawPrize(even)?.prizeID ?? '');
    expect(seen).toEqual(new Set(['a', 'b']));
  });
});
