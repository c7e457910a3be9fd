import type { Environment } from '@outpost/contracts/environments';
import { LIVE_STATS_RANGES } from '@outpost/contracts/game-data';
import adminStyles from '../components/admin-screen.module.css';
import { useLiveSeries } from './api';
import { CHARTS, RANGE_LABELS, useChartRange } from './chart-range';
import styles from './live.module.css';
import { SeriesChart } from './series-chart';

/** The live stats over time: a range picker (kept in the URL) and a chart per series. */
export function LiveCharts({ environment }: { environment: Environment }) {
  const [range, selectRange] = useChartRange();
  const series = useLiveSeries(environment, range);
  return (
    <>
      <fieldset className={styles.ranges}>
        <legend>Range</legend>
        {LIVE_STATS_RANGES.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name="live-range"
              value={option}
              checked={range === option}
              onChange={() => selectRange(option)}
            />
            {RANGE_LABELS[option]}
          </label>
        ))}
      </fieldset>
      {series.isError && !series.data && (
        <div role="alert" className={adminStyles.failure}>
          <p>The charts could not be loaded: {series.error.message}</p>
          <button type="button" className="button" onClick={() => series.refetch()}>
            Try again
          </button>
        </div>
      )}
      {series.isPending && (
        <p role="status" className={adminStyles.note}>
          Loading the charts…
        </p>
      )}
      {series.data && (
        <div className={styles.charts} aria-busy={series.isFetching} data-range={series.data.range}>
          {CHARTS.map((chart) => (
            <SeriesChart key={chart.name} {...chart} series={series.data} />
          ))}
        </div>
      )}
    </>
  );
}
