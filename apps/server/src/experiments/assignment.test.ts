import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignVariant, experimentDraw, variantAt } from './assignment';

/*
 * Assignment as a pure function: a player's variant depends on the experiment and the player only
 * (the same answer every time, on every instance: nothing else is read), the variants take their
 * weights' shares of many players, and two experiments draw independently. That two apps answer
 * alike through the fetch is in experiments.test.ts.
 */

const weightsArbitrary = fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 2, maxLength: 5 });
const idArbitrary = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,39}$/);

describe('experiment assignment', () => {
  it('is deterministic and always names one of the variants', () => {
    fc.assert(
      fc.property(idArbitrary, fc.string({ minLength: 1 }), weightsArbitrary, (experimentID, userId, weights) => {
        const variants = weights.map((weight) => ({ weight }));
        const first = assignVariant(experimentID, variants, userId);
        expect(assignVariant(experimentID, variants, userId)).toBe(first);
        expect(first).toBeGreaterThanOrEqual(0);
        expect(first).toBeLessThan(weights.length);
        const draw = experimentDraw(experimentID, userId);
        expect(draw).toBeGreaterThanOrEqual(0);
        expect(draw).toBeLessThan(1);
      }),
    );
  });

  it('places every draw in the variant whose share of [0, 1) holds it', () => {
    fc.assert(
      fc.property(weightsArbitrary, fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (weights, draw) => {
        const index = variantAt(weights, draw);
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        const before = weights.slice(0, index).reduce((sum, weight) => sum + weight, 0);
        expect(draw * total).toBeGreaterThanOrEqual(before);
        expect(draw * total).toBeLessThan(before + (weights[index] ?? 0) + 1e-9);
      }),
    );
  });

  it('respects the weights over many players, within a tolerance', () => {
    fc.assert(
      fc.property(idArbitrary, weightsArbitrary, (experimentID, weights) => {
        const players = 4_000;
        const counts = weights.map(() => 0);
        const variants = weights.map((weight) => ({ weight }));
        for (let index = 0; index < players; index += 1) {
          const variant = assignVariant(experimentID, variants, `player-${index}`);
          counts[variant] = (counts[variant] ?? 0) + 1;
        }
        const total = weights.reduce((sum, weight) => sum + weight, 0);
        for (const [index, weight] of weights.entries()) {
          const expected = (players * weight) / total;
          // Five standard deviations of a binomial count: a false failure is out of reach.
          const tolerance = 5 * Math.sqrt(players * (weight / total) * (1 - weight / total)) + 1;
          expect(Math.abs((counts[index] ?? 0) - expected)).toBeLessThanOrEqual(tolerance);
        }
      }),
      { numRuns: 20 },
    );
  });

  it('draws each experiment independently of the others', () => {
    const players = Array.from({ length: 4_000 }, (_, index) => `player-${index}`);
    const half = [{ weight: 1 }, { weight: 1 }];
    let both = 0;
    for (const player of players) {
      if (assignVariant('first', half, player) === 1 && assignVariant('second', half, player) === 1) both += 1;
    }
    // A quarter of the players, give or take five standard deviations.
    expect(Math.abs(both - 1_000)).toBeLessThan(5 * Math.sqrt(4_000 * 0.25 * 0.75));
  });
});
