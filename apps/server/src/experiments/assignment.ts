import { createHash } from 'node:crypto';
import type { ExperimentVariant } from '@outpost/contracts/experiments/schemas';

/*
 * Which variant a player gets: a weighted pick by a stable hash of the experiment and the player
 * (sha256, as remote config's percentages), so it depends on nothing else: not the instance, not
 * the time, not the order players come in. The experiment's ID is hashed under its own prefix, so
 * a remote-config condition that happens to share its name draws independently of it.
 */

/** The player's place in [0, 1) for one experiment. */
export function experimentDraw(experimentID: string, userId: string): number {
  const digest = createHash('sha256').update(`experiment\u0000${experimentID}\u0000${userId}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/** The index of the variant a draw in [0, 1) falls in, each taking a share of [0, 1) as its weight of the total. */
export function variantAt(weights: readonly number[], draw: number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let bound = 0;
  for (const [index, weight] of weights.entries()) {
    bound += weight;
    if (draw * total < bound) return index;
  }
  return weights.length - 1;
}

/** The variant the player gets in the experiment. */
export function assignVariant(
  experimentID: string,
  variants: readonly Pick<ExperimentVariant, 'weight'>[],
  userId: string,
): number {
  return variantAt(
    variants.map((variant) => variant.weight),
    experimentDraw(experimentID, userId),
  );
}
