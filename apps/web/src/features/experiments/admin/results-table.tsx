import {
  EXPERIMENT_METRIC_LABELS,
  EXPERIMENT_RATE_METRICS,
  type ExperimentResults,
  type ExperimentVariantResult,
} from '@outpost/contracts/experiments/schemas';
import { CellValue, cellProps, DataTable } from '../../../components/admin-list/data-table';
import { formatInstant } from '../../admin/components/local-time';
import {
  barGeometry,
  barScale,
  formatCount,
  formatDifference,
  formatInterval,
  formatMetric,
  formatPValue,
  verdictOf,
} from '../results-words';
import styles from './experiments.module.css';

/** A variant's 95 % interval as a bar on the scale every variant shares, its mean marked; the text beside says the same. */
function IntervalBar({ result, scale }: { result: ExperimentVariantResult; scale: ReturnType<typeof barScale> }) {
  const geometry = barGeometry(result, scale);
  if (!geometry) return null;
  return (
    <span className={styles.bar} aria-hidden="true">
      <span className={styles.barRange} style={{ left: `${geometry.left}%`, width: `${geometry.width}%` }} />
      <span className={styles.barMean} style={{ left: `${geometry.mean}%` }} />
    </span>
  );
}

/**
 * The results per variant: the players exposed, the goal metric's mean with its 95 % interval (a bar
 * and its words), the difference from the control with its p-value, and what that says in words. On
 * a phone each variant is a card (DataTable's own layout).
 */
export function ResultsTable({ results }: { results: ExperimentResults }) {
  const { metric } = results;
  const scale = barScale(results.variants);
  const label = EXPERIMENT_METRIC_LABELS[metric];
  return (
    <>
      <DataTable label="Results per variant" hideCaption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col" {...cellProps({ amount: true })}>
              Players exposed
            </th>
            <th scope="col" {...cellProps({ amount: true, nowrap: false })}>
              {label}
            </th>
            <th scope="col">95% interval</th>
            <th scope="col" {...cellProps({ amount: true, nowrap: false })}>
              Difference from control
            </th>
            <th scope="col" {...cellProps({ amount: true })}>
              p-value
            </th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {results.variants.map((result, index) => {
            const verdict = verdictOf(result, index);
            return (
              <tr key={result.name} data-variant={result.name}>
                {/* A card's title on a phone. */}
                <th scope="row">{result.name}</th>
                <td {...cellProps({ label: 'Players exposed', amount: true })} data-exposed={result.exposed}>
                  {formatCount(result.exposed)}
                </td>
                <td {...cellProps({ label, amount: true })}>{formatMetric(metric, result.mean)}</td>
                <td {...cellProps({ label: '95% interval' })}>
                  <CellValue>
                    <span className={styles.interval}>
                      <IntervalBar result={result} scale={scale} />
                      <span>{formatInterval(metric, result.low, result.high)}</span>
                    </span>
                  </CellValue>
                </td>
                <td {...cellProps({ label: 'Difference from control', amount: true, nowrap: false })}>
                  <CellValue>{index === 0 ? '—' : formatDifference(metric, result.difference)}</CellValue>
                </td>
                <td {...cellProps({ label: 'p-value', amount: true })}>{formatPValue(result.pValue)}</td>
                <td {...cellProps({ label: 'Verdict', nowrap: true })}>
                  <span className={styles.verdict} data-verdict={verdict}>
                    {verdict}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
      <p className={styles.note}>
        As of <time dateTime={results.asOf}>{formatInstant(results.asOf)}</time>.{' '}
        {EXPERIMENT_RATE_METRICS.has(metric)
          ? 'A return counts only the players exposed long enough ago for their day to be over.'
          : 'Means per exposed player since their exposure.'}{' '}
        A variant is significant when its difference from the control has p below 0.05.
      </p>
    </>
  );
}
