import { describe, expect, it } from 'vitest';
import { holmCorrected, meanEstimate, shareEstimate, twoProportionTest, welchTest } from './statistics';

/*
 * The statistics against published values: Student's sleep data (R's `t.test(extra ~ group,
 * data = sleep)`, Welch: t = -1.8608, df = 17.776, p = 0.07939; group 1's own 95 % interval from
 * `t.test(extra[group == 1])`: -0.5297804 to 2.0297804), and R's `prop.test(c(45, 60), c(100, 100),
 * correct = FALSE)` (X² = 4.5113, p = 0.03367; `prop.test(45, 100, correct = FALSE)`'s Wilson
 * interval 0.3561454 to 0.5475540).
 */

const SLEEP_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const SLEEP_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];
const ones = (count: number, of: number) => Array.from({ length: of }, (_, index) => (index < count ? 1 : 0));

describe('experiments’ statistics', () => {
  it('gives a mean its t-based 95 % interval', () => {
    const estimate = meanEstimate(SLEEP_1);
    expect(estimate.n).toBe(10);
    expect(estimate.mean).toBeCloseTo(0.75, 10);
    expect(estimate.low).toBeCloseTo(-0.5297804, 6);
    expect(estimate.high).toBeCloseTo(2.0297804, 6);
    expect(meanEstimate([])).toEqual({ n: 0, mean: null, low: null, high: null });
    expect(meanEstimate([4])).toEqual({ n: 1, mean: 4, low: null, high: null });
  });

  it('compares two means by Welch’s t-test', () => {
    const comparison = welchTest(SLEEP_2, SLEEP_1);
    expect(comparison?.difference).toBeCloseTo(-1.58, 10);
    expect(comparison?.pValue).toBeCloseTo(0.07939, 4);
    expect(comparison?.significant).toBe(false);
    const shifted = welchTest(
      SLEEP_1,
      SLEEP_1.map((value) => value + 3),
    );
    expect(shifted?.significant).toBe(true);
    expect(welchTest([1], SLEEP_1)).toBeNull();
    // No spread at all: the same means differ by nothing, different ones surely.
    expect(welchTest([2, 2], [2, 2])?.pValue).toBe(1);
    expect(welchTest([2, 2], [3, 3])?.pValue).toBe(0);
  });

  it('gives a share its Wilson interval and compares two by the two-proportion z-test', () => {
    const share = shareEstimate(ones(45, 100));
    expect(share.mean).toBeCloseTo(0.45, 10);
    expect(share.low).toBeCloseTo(0.3561454, 6);
    expect(share.high).toBeCloseTo(0.547554, 6);
    const comparison = twoProportionTest(ones(45, 100), ones(60, 100));
    expect(comparison?.difference).toBeCloseTo(0.15, 10);
    expect(comparison?.pValue).toBeCloseTo(0.03367, 4);
    expect(comparison?.significant).toBe(true);
    expect(twoProportionTest([], ones(1, 2))).toBeNull();
    const none = shareEstimate(ones(0, 20));
    expect(none.low).toBe(0);
    expect(none.high).toBeGreaterThan(0);
  });

  it('gives no verdict with too few players: under two a side for a mean, under five of an outcome for a share', () => {
    expect(welchTest([1], [1, 2, 3])).toBeNull();
    expect(welchTest([1, 2], [3, 4])).not.toBeNull();
    // n·p < 5 on one side: the normal approximation does not hold, so no p-value, however far apart.
    expect(twoProportionTest(ones(4, 100), ones(60, 100))).toBeNull();
    // n·(1 − p) < 5 likewise.
    expect(twoProportionTest(ones(45, 100), ones(96, 100))).toBeNull();
    expect(twoProportionTest(ones(5, 10), ones(5, 10))?.pValue).toBe(1);
  });

  it('corrects several variants against the control by Holm’s step-down, keeping null as null', () => {
    const at = (pValue: number) => ({ difference: 1, pValue, significant: pValue < 0.05 });
    // p-values 0.01, 0.04, 0.03 of three comparisons: Holm multiplies by 3, 2, 1 in ascending order
    // (0.03, 0.06, 0.04 → kept non-decreasing: 0.03, 0.06, 0.06).
    const corrected = holmCorrected([null, at(0.01), at(0.04), at(0.03)]);
    expect(corrected[0]).toBeNull();
    expect(corrected.map((one) => one?.pValue ?? null)).toEqual([
      null,
      expect.closeTo(0.03, 12),
      expect.closeTo(0.06, 12),
      expect.closeTo(0.06, 12),
    ]);
    expect(corrected.map((one) => one?.significant ?? null)).toEqual([null, true, false, false]);
    // One comparison: unchanged.
    expect(holmCorrected([null, at(0.04)])[1]).toEqual(at(0.04));
    // Capped at 1.
    expect(holmCorrected([at(0.6), at(0.7)]).map((one) => one?.pValue)).toEqual([1, 1]);
  });
});
