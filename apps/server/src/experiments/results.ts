import {
  EXPERIMENT_RATE_METRICS,
  type ExperimentResults,
  type ExperimentVariantResult,
} from '@outpost/contracts/experiments/schemas';
import type { CountedStores, ExperimentMetricSource } from '../domain';
import type { StoredExperiment } from './queries';
import {
  type Comparison,
  type Estimate,
  holmCorrected,
  meanEstimate,
  shareEstimate,
  twoProportionTest,
  welchTest,
} from './statistics';

/**
 * An experiment's results at `now`: per variant the players exposed, and the goal metric over those
 * who count (every exposed player for a mean, those whose day is over for a return) with its 95 %
 * interval and, against the control (the first variant), the difference and its two-sided p-value
 * (Holm-corrected over the variants; null, no verdict, with too few players, statistics.ts).
 * Exposures after the experiment ended (a fetch racing its stop) are left out.
 */
export async function experimentResults(
  stores: CountedStores,
  experiment: StoredExperiment,
  sources: readonly ExperimentMetricSource[],
  now: Date,
): Promise<ExperimentResults> {
  let query = stores.game
    .selectFrom('experiment_exposures')
    .select(['user_id', 'variant', 'exposed_at'])
    .where('experiment_id', '=', experiment.experiment_id);
  if (experiment.ended_at !== null) query = query.where('exposed_at', '<=', experiment.ended_at);
  const exposures = await query.execute();
  const metric = experiment.metric;
  // What players did after the experiment ended is not its effect.
  const until = experiment.ended_at === null ? now : new Date(Math.min(Date.parse(experiment.ended_at), now.getTime()));
  // Domains bringing one metric add up (one brings each today).
  const values = new Map<string, number>();
  const readings = await Promise.all(
    sources
      .filter((source) => source.metric === metric)
      .map((source) =>
        source.values(
          stores,
          exposures.map((row) => ({ userId: row.user_id, exposedAt: new Date(row.exposed_at) })),
          until,
        ),
      ),
  );
  for (const reading of readings) {
    for (const [userId, value] of reading) values.set(userId, (values.get(userId) ?? 0) + value);
  }
  const rate = EXPERIMENT_RATE_METRICS.has(metric);
  const estimate: (values: readonly number[]) => Estimate = rate ? shareEstimate : meanEstimate;
  const test: (control: readonly number[], variant: readonly number[]) => Comparison | null = rate
    ? twoProportionTest
    : welchTest;
  const perVariant = experiment.variants.map((variant) => {
    const exposed = exposures.filter((row) => row.variant === variant.name);
    const counted = exposed.flatMap((row) => {
      const value = values.get(row.user_id);
      return value === undefined ? [] : [value];
    });
    return { name: variant.name, exposed: exposed.length, counted };
  });
  const control = perVariant[0]?.counted ?? [];
  // Every variant against the control, Holm-corrected together (statistics.ts).
  const comparisons = holmCorrected(
    perVariant.map(({ counted }, index) => (index === 0 ? null : test(control, counted))),
  );
  return {
    experimentID: experiment.experiment_id,
    metric,
    asOf: now.toISOString(),
    variants: perVariant.map(({ name, exposed, counted }, index): ExperimentVariantResult => {
      const { mean, low, high } = estimate(counted);
      const comparison = comparisons[index] ?? null;
      return {
        name,
        exposed,
        mean,
        low,
        high,
        difference: comparison?.difference ?? null,
        pValue: comparison?.pValue ?? null,
        significant: comparison?.significant ?? null,
      };
    }),
  };
}
