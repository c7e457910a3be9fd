import {
  EXPERIMENT_RATE_METRICS,
  type ExperimentMetric,
  type ExperimentState,
  type ExperimentVariantResult,
} from '@outpost/contracts/experiments/schemas';

/*
 * An experiment's results in words: a return as a percentage of players, minutes and credits as
 * means per player; a difference with its sign and its unit (percentage points for a return); a
 * p-value; and the verdict. The results table and its stacked cards both say them.
 */

const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const COUNT = new Intl.NumberFormat('en-US');

export const formatCount = (count: number) => COUNT.format(count);

/** The unit a metric's mean is said in, after the number. */
const UNITS: Record<ExperimentMetric, string> = {
  playtimePerPlayer: 'min',
  creditsSpentPerPlayer: 'credits',
  day1Return: '',
  day7Return: '',
};

const isRate = (metric: ExperimentMetric) => EXPERIMENT_RATE_METRICS.has(metric);

/** A mean or a bound of its interval: "42.0%" for a return, "12.5 min", "30.0 credits"; "—" when there is none. */
export function formatMetric(metric: ExperimentMetric, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  if (isRate(metric)) return PERCENT.format(value);
  return `${ONE_DECIMAL.format(value)} ${UNITS[metric]}`;
}

/** A mean's 95 % interval: "38.1% to 45.9%"; "—" when there is none. */
export function formatInterval(metric: ExperimentMetric, low: number | null, high: number | null): string {
  if (low === null || high === null) return '—';
  return `${formatMetric(metric, low)} to ${formatMetric(metric, high)}`;
}

/** A variant less the control, signed: "+2.5 percentage points" for a return, "−1.2 min", "+0.0 credits". */
export function formatDifference(metric: ExperimentMetric, difference: number | null): string {
  if (difference === null || !Number.isFinite(difference)) return '—';
  const amount = isRate(metric) ? difference * 100 : difference;
  // A typographic minus, as the eye reads a sign; a zero is said "+0.0".
  const sign = amount < 0 ? '−' : '+';
  const unit = isRate(metric) ? 'percentage points' : UNITS[metric];
  return `${sign}${ONE_DECIMAL.format(Math.abs(amount))} ${unit}`;
}

/** A two-sided p-value: "p = 0.032", "p < 0.001"; "—" when there is none. */
export function formatPValue(pValue: number | null): string {
  if (pValue === null || !Number.isFinite(pValue)) return '—';
  if (pValue < 0.001) return 'p < 0.001';
  return `p = ${pValue.toFixed(3)}`;
}

export type Verdict = 'Control' | 'Significant' | 'Not significant' | 'Too few players';

/** What a variant's comparison with the control says; the first variant is the control itself. */
export function verdictOf(result: ExperimentVariantResult, index: number): Verdict {
  if (index === 0) return 'Control';
  if (result.significant === null) return 'Too few players';
  return result.significant ? 'Significant' : 'Not significant';
}

/** The range the results' interval bars share: every bound and the mean, and zero, so bars compare by eye. */
export function barScale(results: readonly ExperimentVariantResult[]): { min: number; max: number } | null {
  const values = results
    .flatMap((result) => [result.low, result.high, result.mean])
    .filter((value): value is number => value !== null && Number.isFinite(value));
  if (values.length === 0) return null;
  const min = Math.min(0, ...values);
  const max = Math.max(...values);
  return { min, max: max === min ? min + 1 : max };
}

/** Where one variant's interval and mean sit on the shared scale, in percents of the bar's width; null without an interval. */
export function barGeometry(
  result: Pick<ExperimentVariantResult, 'low' | 'high' | 'mean'>,
  scale: { min: number; max: number } | null,
): { left: number; width: number; mean: number } | null {
  if (scale === null || result.low === null || result.high === null || result.mean === null) return null;
  const at = (value: number) => Math.min(100, Math.max(0, ((value - scale.min) / (scale.max - scale.min)) * 100));
  const left = at(result.low);
  return { left, width: Math.max(at(result.high) - left, 0), mean: at(result.mean) };
}

export const STATE_LABELS: Record<ExperimentState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  running: 'Running',
  stopped: 'Stopped',
  'rolled-out': 'Rolled out',
};

/** The words for a segment an experiment draws from, or for none. */
export const EVERY_PLAYER = 'Every signed-in player';
export const segmentWords = (segmentName: string | null, segmentID: string | null) =>
  segmentID === null ? EVERY_PLAYER : (segmentName ?? segmentID);
