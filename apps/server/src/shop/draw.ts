import { randomInt } from 'node:crypto';

/** A prize that can be drawn: its odds weight and what is left of it. */
export interface Drawable {
  weight: number;
  stock: number;
}

/** A uniform whole number in [0, below): crypto.randomInt unless a test scripts it. */
export type RandomBelow = (below: number) => number;

const cryptoRandomBelow: RandomBelow = (below) => randomInt(below);

/**
 * Draws one of the prizes in stock, each with the chance weight / (sum of the weights in stock):
 * the published odds. A CSPRNG picks a whole number below the total weight, so no prize's chance
 * drifts through floating point. Undefined when nothing is left.
 */
export function drawPrize<Prize extends Drawable>(
  prizes: readonly Prize[],
  randomBelow: RandomBelow = cryptoRandomBelow,
): Prize | undefined {
  const inStock = prizes.filter((prize) => prize.stock > 0 && prize.weight > 0);
  const total = inStock.reduce((sum, prize) => sum + prize.weight, 0);
  if (total === 0) return undefined;
  let ticket = randomBelow(total);
  for (const prize of inStock) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  throw new RangeError(`randomBelow(${total}) answered ${ticket + total}, outside [0, ${total})`);
}
