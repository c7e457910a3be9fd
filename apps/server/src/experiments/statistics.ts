import jStat from 'jstat';

/*
 * The statistics of experiments' results (docs/decisions/0140-experiments.md): a mean with its
 * t-based 95 % interval and Welch's t-test against the control, for a metric per player (minutes,
 * credits); a share with its Wilson 95 % interval and the two-proportion z-test against the
 * control, for a return. jstat gives the distributions (Student's t, the normal); the rest is here.
 */

/** The two-sided level: intervals are 95 %, and a difference is significant below 5 %. */
export const ALPHA = 0.05;

export interface Estimate {
  n: number;
  mean: number | null;
  low: number | null;
  high: number | null;
}

export interface Comparison {
  /** The variant's mean less the control's. */
  difference: number;
  pValue: number;
  significant: boolean;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function moments(values: readonly number[]): { n: number; mean: number; variance: number } {
  const n = values.length;
  const mean = n === 0 ? 0 : sum(values) / n;
  const variance = n < 2 ? 0 : sum(values.map((value) => (value - mean) ** 2)) / (n - 1);
  return { n, mean, variance };
}

/** A two-sided p-value from a statistic and its distribution's CDF; a zero spread says all (p 0) or nothing (p 1). */
function twoSided(difference: number, se: number, cdf: (x: number) => number): number {
  if (se === 0 || !Number.isFinite(se)) return difference === 0 ? 1 : 0;
  return Math.min(1, 2 * (1 - cdf(Math.abs(difference / se))));
}

const compared = (difference: number, pValue: number): Comparison => ({
  difference,
  pValue,
  significant: pValue < ALPHA,
});

/** The mean with its t-based interval (none below two values). */
export function meanEstimate(values: readonly number[]): Estimate {
  const { n, mean, variance } = moments(values);
  if (n === 0) return { n, mean: null, low: null, high: null };
  if (n < 2) return { n, mean, low: null, high: null };
  const margin = jStat.studentt.inv(1 - ALPHA / 2, n - 1) * Math.sqrt(variance / n);
  return { n, mean, low: mean - margin, high: mean + margin };
}

/**
 * The fewest players a side needs before a comparison says anything: a mean's test needs a spread
 * on each side (two values); a share's z-test leans on the normal approximation, which holds when
 * each side has at least MIN_OUTCOMES players who returned and as many who did not (n·p ≥ 5 and
 * n·(1 − p) ≥ 5). Below, the comparison is null: no verdict, "too few players".
 */
export const MIN_PLAYERS_FOR_MEAN = 2;
export const MIN_OUTCOMES = 5;

/** Welch's t-test of `variant`'s mean against `control`'s (unequal variances); null below MIN_PLAYERS_FOR_MEAN on either side. */
export function welchTest(control: readonly number[], variant: readonly number[]): Comparison | null {
  const a = moments(control);
  const b = moments(variant);
  if (a.n < MIN_PLAYERS_FOR_MEAN || b.n < MIN_PLAYERS_FOR_MEAN) return null;
  const difference = b.mean - a.mean;
  const va = a.variance / a.n;
  const vb = b.variance / b.n;
  const se = Math.sqrt(va + vb);
  // Welch–Satterthwaite degrees of freedom.
  const dof = (va + vb) ** 2 / (va ** 2 / (a.n - 1) + vb ** 2 / (b.n - 1));
  return compared(
    difference,
    twoSided(difference, se, (t) => jStat.studentt.cdf(t, dof)),
  );
}

const Z = () => jStat.normal.inv(1 - ALPHA / 2, 0, 1);

/** The share of ones among `values` (each 0 or 1) with its Wilson score interval, which stays within [0, 1]. */
export function shareEstimate(values: readonly number[]): Estimate {
  const n = values.length;
  if (n === 0) return { n, mean: null, low: null, high: null };
  const share = sum(values) / n;
  const z = Z();
  const centre = (share + z ** 2 / (2 * n)) / (1 + z ** 2 / n);
  const margin = (z / (1 + z ** 2 / n)) * Math.sqrt((share * (1 - share)) / n + z ** 2 / (4 * n ** 2));
  return { n, mean: share, low: Math.max(0, centre - margin), high: Math.min(1, centre + margin) };
}

/** Whether a side of a share's test has MIN_OUTCOMES of each outcome (n·p ≥ 5 and n·(1 − p) ≥ 5). */
const enoughOutcomes = (values: readonly number[]) => {
  const ones = sum(values);
  return ones >= MIN_OUTCOMES && values.length - ones >= MIN_OUTCOMES;
};

/** The two-proportion z-test (pooled) of `variant`'s share against `control`'s; null when either side has too few of an outcome. */
export function twoProportionTest(control: readonly number[], variant: readonly number[]): Comparison | null {
  if (!enoughOutcomes(control) || !enoughOutcomes(variant)) return null;
  const [a, b] = [control, variant].map((values) => sum(values) / values.length) as [number, number];
  const pooled = (sum(control) + sum(variant)) / (control.length + variant.length);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.length + 1 / variant.length));
  return compared(
    b - a,
    twoSided(b - a, se, (z) => jStat.normal.cdf(z, 0, 1)),
  );
}

/**
 * Holm's step-down correction of the comparisons of several variants with the control, so the
 * chance of any false "significant" among them stays within ALPHA: the i-th smallest of m p-values
 * is multiplied by m − i + 1, kept at least the one before it and at most 1. The comparisons
 * answer the adjusted p-values, and significance by them; with one variant against the control
 * nothing changes. Null (no verdict) stays null and does not count in m.
 */
export function holmCorrected(comparisons: readonly (Comparison | null)[]): (Comparison | null)[] {
  const order = comparisons
    .map((comparison, index) => ({ comparison, index }))
    .filter((one): one is { comparison: Comparison; index: number } => one.comparison !== null)
    .sort((a, b) => a.comparison.pValue - b.comparison.pValue);
  const m = order.length;
  const corrected: (Comparison | null)[] = [...comparisons];
  let floor = 0;
  order.forEach(({ comparison, index }, rank) => {
    floor = Math.max(floor, Math.min(1, (m - rank) * comparison.pValue));
    corrected[index] = compared(comparison.difference, floor);
  });
  return corrected;
}
